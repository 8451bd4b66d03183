#include "cli/tables.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <tuple>

#include "cli/game_over.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/wdl.h"
#include "damatb/probe_bridge.h"

namespace damatb::cli {

namespace fs = std::filesystem;

void add_tables_option(CommandSyntax& syntax) {
    syntax.options.add_options()(
        "tables", po::value<std::string>()->value_name("DIR"),
        "the folder of the ruleset's table files (default: $DAMATB_TABLES if set, else "
        "tables/<ruleset name> under the working folder)");
}

std::string tables_option(const po::variables_map& vm, const core::Ruleset& rules) {
    std::string dir, from;
    if (vm.count("tables")) {
        dir = vm["tables"].as<std::string>();
        from = "--tables";
    } else if (const char* env = std::getenv("DAMATB_TABLES"); env && *env) {
        dir = env;
        from = "DAMATB_TABLES";
    } else {
        dir = default_tables_dir(rules);
        from = "the default for ruleset " + rules.name();
    }
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        const bool there = fs::exists(dir, ec);
        std::string message = "tables folder '" + dir + "' (" + from + ") " +
                              (there ? "is not a folder" : "does not exist");
        if (from.starts_with("the default"))
            message += "; generate the tables with `damatb generate` or name a folder with --tables";
        throw UsageError(message);
    }
    return dir;
}

void add_counter_option(CommandSyntax& syntax) {
    syntax.options.add_options()(
        "counter", po::value<int>()->value_name("C")->default_value(0),
        "the king-move counter: consecutive king moves without capture already played, "
        "0 to the limit - 1");
}

std::string counter_problem(int counter, const core::Ruleset& rules) {
    const int limit = rules.king_move_limit;
    if (counter >= 0 && (limit == 0 || counter < limit)) return "";
    return std::to_string(counter) + " is out of range: " +
           (limit ? "0 to " + std::to_string(limit - 1) + " under king-move limit " + std::to_string(limit)
                  : std::string("at least 0"));
}

int counter_option(const po::variables_map& vm, const core::Ruleset& rules) {
    const int counter = vm["counter"].as<int>();
    if (const std::string problem = counter_problem(counter, rules); !problem.empty())
        throw UsageError("--counter " + problem);
    return counter;
}

std::size_t TableFolder::file_count() const {
    std::size_t n = lone_progress.size();
    for (const TableFileName& t : tables) n += t.progress_path.empty() ? 1 : 2;
    return n;
}

TableFolder table_files(const std::string& dir) {
    TableFolder out;
    std::vector<fs::path> progress; // the *.dtp files
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        const bool values = p.extension() == core::table_file_extension(core::TableContents::VALUES);
        const bool progress_file = p.extension() == core::table_file_extension(core::TableContents::PROGRESS);
        if (!values && !progress_file) continue;
        std::error_code type_ec;
        if (fs::is_directory(p, type_ec)) continue;
        if (progress_file) {
            progress.push_back(p);
            continue;
        }
        out.tables.push_back(
            {p.string(), p.filename().string(), core::material_of_table_name(p.stem().string()), "", ""});
    }
    if (ec) throw TableFailure("cannot list the tables folder '" + dir + "': " + ec.message());
    auto key = [](const TableFileName& f) {
        return f.material ? std::tuple(0, f.material->pieces(), f.material->men(), f.name)
                          : std::tuple(1, 0, 0, f.name);
    };
    std::sort(out.tables.begin(), out.tables.end(),
              [&](const TableFileName& a, const TableFileName& b) { return key(a) < key(b); });
    for (const fs::path& p : progress) {
        const std::string stem = p.stem().string();
        auto t = std::find_if(out.tables.begin(), out.tables.end(), [&](const TableFileName& f) {
            return fs::path(f.name).stem().string() == stem;
        });
        if (t == out.tables.end()) {
            out.lone_progress.push_back(p.filename().string());
        } else {
            t->progress_path = p.string();
            t->progress_name = p.filename().string();
        }
    }
    std::sort(out.lone_progress.begin(), out.lone_progress.end());
    return out;
}

PositionQuery position_query(const po::variables_map& vm) {
    PositionQuery q;
    q.rules = ruleset_option(vm);
    q.counter = counter_option(vm, q.rules);
    q.pos = fen_argument(vm);
    q.dir = tables_option(vm, q.rules);
    q.tb = open_tables(q.dir, q.rules);
    return q;
}

std::unique_ptr<probe::Tablebase> open_tables(const std::string& dir, const core::Ruleset& rules,
                                             std::size_t cache_bytes) {
    probe::Status status = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, bridge::to_probe(rules), cache_bytes, &status);
    if (status == probe::Status::NO_TABLES)
        throw TableFailure("no table files (*.dtb) in '" + dir + "'");
    if (!tb)
        throw TableFailure("cannot open the tables in '" + dir +
                           "': " + std::string(probe::status_string(status)));
    return tb;
}

std::string probe_failure_text(probe::Status status, const core::Position& pos) {
    if (status == probe::Status::INVALID_POSITION)
        return core::to_fen(pos) + ": " + color_name(~pos.side_to_move()) +
               ", not to move, has no piece: the game ended before this position";
    if (status == probe::Status::INVALID_ARGUMENT)
        return "invalid counter or ruleset for " + core::to_fen(pos) + ": " + probe::last_error();
    // The probe's message names the missing class, or the file and the reason.
    if (status == probe::Status::CLASS_MISSING)
        return probe::last_error() + " (needed for " + core::to_fen(pos) + ")";
    return probe::last_error();
}

void throw_probe_failure(probe::Status status, const core::Position& pos) {
    if (status == probe::Status::INVALID_POSITION || status == probe::Status::INVALID_ARGUMENT)
        throw UsageError(probe_failure_text(status, pos));
    throw TableFailure(probe_failure_text(status, pos));
}

} // namespace damatb::cli
