#include "cli/serve_api.h"

#include <charconv>
#include <map>
#include <memory>
#include <vector>

#include "cli/best_line.h"
#include "cli/json.h"
#include "cli/line_json.h"
#include "cli/probe_json.h"
#include "cli/table_info.h"
#include "cli/tables.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"
#include "server/web_assets.h"

namespace damatb::cli {

namespace {

// Answers that never change for a tables folder: kept a day by browsers and proxies.
constexpr const char* CACHE_FOREVER = "public, max-age=86400";

// A request that cannot be answered, with the status it gets.
struct ApiError {
    unsigned status;
    std::string message;
};

server::Response json_response(std::string body, const char* cache_control = CACHE_FOREVER) {
    server::Response r;
    r.body = std::move(body);
    r.body += '\n';
    r.cache_control = cache_control;
    return r;
}

// ApiError 400 for a parameter other than those of `allowed`, or one given twice.
void check_params(const server::Request& req, const std::vector<std::string>& allowed) {
    std::vector<std::string> seen;
    for (const auto& [name, value] : req.params) {
        if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
            std::string list;
            for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
            throw ApiError{400, "unknown parameter '" + name + "' (" + std::string(req.path) +
                                    (allowed.empty() ? " takes none)" : " takes " + list + ")")};
        }
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            throw ApiError{400, "parameter '" + name + "' given twice"};
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

Query position_params(const server::Request& req, const core::Ruleset& rules) {
    check_params(req, {"fen", "counter"});
    const std::string* fen = req.param("fen");
    if (!fen) throw ApiError{400, "missing parameter 'fen'"};
    Query q;
    if (const std::string* c = req.param("counter")) {
        const auto [end, ec] = std::from_chars(c->data(), c->data() + c->size(), q.counter);
        if (c->empty() || ec != std::errc() || end != c->data() + c->size())
            throw ApiError{400, "counter '" + *c + "' is not a whole number"};
        if (const std::string problem = counter_problem(q.counter, rules); !problem.empty())
            throw ApiError{400, "counter " + problem};
    }
    auto pos = core::parse_fen(*fen);
    if (!pos) throw ApiError{400, pos.error()};
    q.pos = *pos;
    return q;
}

std::string probe_answer(const probe::Tablebase& tb, const Query& q) {
    probe::Value value;
    const probe::Position p = bridge::to_probe(q.pos);
    if (probe::Status s = tb.probe(p, q.counter, &value); s != probe::Status::OK)
        throw ApiError{failure_status(s), probe_failure_text(s, q.pos)};
    std::vector<probe::RootMove> moves;
    if (probe::Status s = tb.probe_root(p, q.counter, &moves); s != probe::Status::OK)
        throw ApiError{failure_status(s), probe_failure_text(s, q.pos)};
    return probe_json(q.pos, q.counter, value, moves, MovesJson::LINES);
}

std::string line_answer(const probe::Tablebase& tb, const core::Ruleset& rules, const Query& q) {
    const BestLine line = play_best_line(tb, rules, q.pos, q.counter);
    if (line.end == LineEnd::TABLE_ERROR) {
        const core::Position at = line.plies.empty() ? line.start : line.plies.back().after;
        throw ApiError{failure_status(line.status), probe_failure_text(line.status, at)};
    }
    return line_json(line);
}

// A handler that turns an ApiError into its JSON error response.
server::Handler api(std::function<server::Response(const server::Request&)> answer) {
    return [answer = std::move(answer)](const server::Request& req) {
        try {
            return answer(req);
        } catch (const ApiError& e) {
            return error_response(e.status, e.message);
        }
    };
}

std::string stats_json(const core::TableStats& s) {
    json::Object counts;
    static constexpr core::Wdl5 VALUES[] = {core::Wdl5::WIN, core::Wdl5::CURSED_WIN, core::Wdl5::DRAW,
                                            core::Wdl5::BLESSED_LOSS, core::Wdl5::LOSS};
    for (core::Wdl5 v : VALUES)
        counts.add_number(wdl_word(bridge::to_probe(v)), s.counts[static_cast<std::size_t>(v)]);
    auto longest = [](int dtz, const std::string& fen) {
        if (dtz < 0) return std::string("null");
        json::Object o;
        o.add_number("dtz", dtz);
        if (fen.empty())
            o.add_raw("fen", "null");
        else
            o.add_string("fen", fen);
        return o.str();
    };
    return json::Object()
        .add_raw("counts", counts.str())
        .add_raw("longest_win", longest(s.longest_win, s.longest_win_fen))
        .add_raw("longest_loss", longest(s.longest_loss, s.longest_loss_fen))
        .str();
}

} // namespace

server::Response error_response(unsigned status, const std::string& message) {
    server::Response r;
    r.status = status;
    r.body = json::Object().add_string("error", message).str() + "\n";
    r.cache_control = "no-store";
    return r;
}

std::string info_json(const std::string& dir, const core::Ruleset& rules) {
    const FolderInfo info = folder_info(dir, rules);
    std::vector<std::string> classes, tables;
    std::string current;
    auto close_class = [&] {
        if (!current.empty())
            classes.push_back(json::Object()
                                  .add_string("class", current)
                                  .add_raw("tables", json::one_line_array(tables))
                                  .str());
        tables.clear();
    };
    for (const TableInfo& t : info.tables) {
        if (t.class_name != current) close_class();
        current = t.class_name;
        json::Object o;
        o.add_string("table", t.table_name)
            .add_number("positions", t.positions)
            .add_number("bytes", t.bytes)
            .add_raw("progress_bytes", t.progress_bytes ? std::to_string(*t.progress_bytes) : "null")
            .add_raw("stats", t.stats ? stats_json(*t.stats) : "null");
        tables.push_back(o.str());
    }
    close_class();
    std::vector<std::string> problems;
    for (const std::string& p : info.problems) problems.push_back(json::quote(p));
    return json::Object()
        .add_raw("ruleset", json::Object()
                                .add_string("name", rules.name())
                                .add_string("promotion", core::to_string(rules.promotion))
                                .add_string("lone_pieces", core::to_string(rules.lone_pieces))
                                .add_number("king_move_limit", int(rules.king_move_limit))
                                .str())
        .add_raw("totals", json::Object()
                               .add_number("classes", info.class_count())
                               .add_number("tables", info.tables.size())
                               .add_number("positions", info.positions())
                               .add_number("bytes", info.bytes())
                               .str())
        .add_raw("classes", json::array(classes))
        .add_raw("problems", json::one_line_array(problems))
        .str();
}

server::Router make_router(const probe::Tablebase& tb, const core::Ruleset& rules, std::string info) {
    server::Router router(error_response);
    router.add("/api/v1/probe", api([&tb, rules](const server::Request& req) {
                   return json_response(probe_answer(tb, position_params(req, rules)));
               }));
    router.add("/api/v1/line", api([&tb, rules](const server::Request& req) {
                   return json_response(line_answer(tb, rules, position_params(req, rules)));
               }));
    router.add("/api/v1/info", api([info = std::move(info)](const server::Request& req) {
                   check_params(req, {});
                   // The folder's files may change while the server runs: revalidated each time.
                   return json_response(info, "no-cache");
               }));
    for (const server::EmbeddedFile& f : server::EMBEDDED_FILES) {
        auto file = [f](const server::Request&) {
            server::Response r;
            r.content_type = server::content_type_of(f.name);
            r.cache_control = "no-cache";
            r.body = std::string(f.bytes);
            return r;
        };
        router.add("/" + std::string(f.name), file);
        if (f.name == "index.html") router.add("/", file);
    }
    return router;
}

} // namespace damatb::cli
