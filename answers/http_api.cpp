#include "answers/http_api.h"

#include <algorithm>
#include <charconv>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "answers/best_line.h"
#include "answers/census_json.h"
#include "answers/info_json.h"
#include "answers/json.h"
#include "answers/line_json.h"
#include "answers/probe_json.h"
#include "answers/probe_report.h"
#include "answers/stats_census.h"
#include "answers/web_assets.h"
#include "core/fen.h"
#include "core/index.h"
#include "core/material.h"
#include "core/quote_input.h"

namespace damatb::answers {

namespace {

// Answers that never change for a tables folder: kept a day by browsers and proxies.
constexpr const char* CACHE_FOREVER = "public, max-age=86400";

// A request that cannot be answered, with the status it gets.
struct ApiError {
    unsigned status;
    std::string message;
};

ApiResponse json_response(std::string body, const char* cache_control = CACHE_FOREVER) {
    ApiResponse r;
    r.body = std::move(body);
    r.body += '\n';
    r.cache_control = cache_control;
    return r;
}

// ApiError 400 for a parameter other than those of `allowed`, or one given twice.
void check_params(const ApiRequest& req, const std::vector<std::string>& allowed) {
    std::vector<std::string> seen;
    for (const auto& [name, value] : req.params) {
        if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
            std::string list;
            for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
            throw ApiError{400, "unknown parameter " + core::quote_input(name) + " (" +
                                    std::string(req.path) +
                                    (allowed.empty() ? " takes none)" : " takes " + list + ")")};
        }
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            throw ApiError{400, "parameter " + core::quote_input(name) + " given twice"};
        seen.push_back(name);
    }
}

// The status for a probe that returned s: 400 for a position or counter the probe refuses,
// 404 for a class not in the folder, 500 for a damaged file or another ruleset's.
unsigned failure_status(probe::Status s) {
    switch (s) {
    case probe::Status::INVALID_POSITION:
    case probe::Status::INVALID_ARGUMENT: return 400;
    case probe::Status::CLASS_MISSING: return 404;
    default: return 500;
    }
}

// The position and counter of a request's fen= and counter= (0 when left out).
struct Query {
    core::Position pos;
    int counter = 0;
};

Query position_params(const ApiRequest& req, const core::Ruleset& rules) {
    check_params(req, {"fen", "counter"});
    const std::string* fen = req.param("fen");
    if (!fen) throw ApiError{400, "missing parameter 'fen'"};
    Query q;
    if (const std::string* c = req.param("counter")) {
        const auto [end, ec] = std::from_chars(c->data(), c->data() + c->size(), q.counter);
        if (c->empty() || ec != std::errc() || end != c->data() + c->size())
            throw ApiError{400, "counter " + core::quote_input(*c) + " is not a whole number"};
        if (const std::string problem = counter_problem(q.counter, rules); !problem.empty())
            throw ApiError{400, "counter " + problem};
    }
    auto pos = core::parse_fen(*fen);
    if (!pos) throw ApiError{400, pos.error()};
    q.pos = *pos;
    return q;
}

std::string probe_answer(const probe::Tablebase& tb, const Query& q) {
    ProbeReport report;
    if (probe::Status s = probe_report(tb, q.pos, q.counter, true, &report); s != probe::Status::OK)
        throw ApiError{failure_status(s), probe_failure_text(s, q.pos)};
    return probe_json(report, MovesJson::LINES);
}

std::string line_answer(const probe::Tablebase& tb, const core::Ruleset& rules, const Query& q) {
    const BestLine line = play_best_line(tb, rules, q.pos, q.counter);
    if (line.end == LineEnd::TABLE_ERROR) {
        const core::Position at = line.plies.empty() ? line.start : line.plies.back().after;
        throw ApiError{failure_status(line.status), probe_failure_text(line.status, at)};
    }
    return line_json(line);
}

// The largest class, in positions over its tables, whose census /api/v1/stats counts by probing
// (when its statistics file has no DTZ counts), one probe a position: every class up to 4
// pieces (the largest, KKMvK and KKvKM, have 5.7 million), none of 5 (the smallest, MMMMvM, has
// 8.6 million), so that a request does not hold a server thread for long.
constexpr std::uint64_t CENSUS_MAX_POSITIONS = 6'000'000;

// The class of a request's class= parameter, of no more pieces than the tables have.
core::Material census_class(const ApiRequest& req, const probe::Tablebase& tb) {
    check_params(req, {"class"});
    const std::string* name = req.param("class");
    if (!name) throw ApiError{400, "missing parameter 'class'"};
    const auto cls = core::parse_class_name(*name);
    if (!cls) throw ApiError{400, cls.error()};
    // Before its index is built, which for many pieces would be huge.
    if (cls->pieces() > tb.max_pieces())
        throw ApiError{404, "class " + cls->class_name() + " is missing: the tables have up to " +
                                std::to_string(tb.max_pieces()) + " pieces"};
    return *cls;
}

// The answers of /api/v1/stats by class name, each made once: by the first request for its
// class, while later ones wait for it. From the generator's statistics files (read when the
// server started) when they have the class's DTZ counts, else by probing every position of a
// class small enough. A class's census never changes while the server runs (the probe library
// lists the folder once too), so its errors are kept too.
class CensusCache {
public:
    explicit CensusCache(FolderInfo info) : info_(std::move(info)) {}

    ApiResponse answer(const probe::Tablebase& tb, const core::Material& cls) {
        std::promise<ApiResponse> promise;
        std::shared_future<ApiResponse> future;
        bool mine = false;
        {
            const std::lock_guard lock(mutex_);
            auto [it, inserted] = answers_.try_emplace(cls.class_name());
            if (inserted) it->second = promise.get_future().share();
            future = it->second;
            mine = inserted;
        }
        if (mine) {
            try {
                promise.set_value(count(tb, cls));
            } catch (...) {
                promise.set_exception(std::current_exception());
            }
        }
        return future.get();
    }

private:
    ApiResponse count(const probe::Tablebase& tb, const core::Material& cls) const {
        if (const auto tables = census_from_stats(info_, cls))
            return json_response(census_json(cls, *tables, CensusSource::GENERATOR));
        // Before its index is built, which for many pieces would be huge.
        std::uint64_t positions = 0;
        for (const core::Material& t : core::tables_of(cls)) positions += core::TableIndex(t).size();
        if (positions > CENSUS_MAX_POSITIONS)
            return error_response(400, "class " + cls.class_name() + " has " + std::to_string(positions) +
                                           " positions and no DTZ counts in " + core::stats_file_name(cls) +
                                           ": a census by probing counts classes of up to " +
                                           std::to_string(CENSUS_MAX_POSITIONS));
        std::vector<TableCensus> tables;
        if (const probe::Status s = class_census(tb, cls, &tables); s != probe::Status::OK)
            return error_response(failure_status(s), probe::last_error());
        return json_response(census_json(cls, tables, CensusSource::PROBE));
    }

    const FolderInfo info_;
    std::mutex mutex_;
    std::map<std::string, std::shared_future<ApiResponse>> answers_;
};

// The paths a file of the page answers at: "/NAME"; the page also at "/", its statistics page
// also at "/stats", the documentation (*.md) at "/docs/NAME".
std::vector<std::string> file_paths(std::string_view name) {
    if (name.ends_with(".md")) return {"/docs/" + std::string(name)};
    std::vector<std::string> out{"/" + std::string(name)};
    if (name == "index.html") out.push_back("/");
    if (name == "stats.html") out.push_back("/stats");
    return out;
}

// A handler that turns an ApiError into its JSON error response.
ApiHandler api(ApiHandler answer) {
    return [answer = std::move(answer)](const ApiRequest& req) {
        try {
            return answer(req);
        } catch (const ApiError& e) {
            return error_response(e.status, e.message);
        }
    };
}

} // namespace

const std::string* ApiRequest::param(std::string_view name) const {
    for (const auto& [n, v] : params)
        if (n == name) return &v;
    return nullptr;
}

ApiResponse error_response(unsigned status, const std::string& message) {
    ApiResponse r;
    r.status = status;
    r.body = json::Object().add_string("error", message).str() + "\n";
    r.cache_control = "no-store";
    return r;
}

std::vector<ApiRoute> api_routes(const probe::Tablebase& tb, const core::Ruleset& rules, const FolderInfo& folder) {
    std::vector<ApiRoute> routes;
    routes.push_back({"/api/v1/probe", api([&tb, rules](const ApiRequest& req) {
                          return json_response(probe_answer(tb, position_params(req, rules)));
                      })});
    routes.push_back({"/api/v1/line", api([&tb, rules](const ApiRequest& req) {
                          return json_response(line_answer(tb, rules, position_params(req, rules)));
                      })});
    routes.push_back({"/api/v1/info", api([info = info_json(folder, rules)](const ApiRequest& req) {
                          check_params(req, {});
                          // The folder's files may change while the server runs: revalidated each time.
                          return json_response(info, "no-cache");
                      })});
    auto cache = std::make_shared<CensusCache>(folder);
    routes.push_back({"/api/v1/stats", api([&tb, cache](const ApiRequest& req) {
                          return cache->answer(tb, census_class(req, tb));
                      })});
    for (const EmbeddedFile& f : EMBEDDED_FILES) {
        auto file = [f](const ApiRequest&) {
            ApiResponse r;
            r.content_type = content_type_of(f.name);
            r.cache_control = "no-cache";
            r.body = std::string(f.bytes);
            return r;
        };
        for (std::string& path : file_paths(f.name)) routes.push_back({std::move(path), file});
    }
    return routes;
}

} // namespace damatb::answers
