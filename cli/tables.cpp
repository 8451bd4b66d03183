#include "cli/tables.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>

#include "answers/probe_report.h"

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

int counter_option(const po::variables_map& vm, const core::Ruleset& rules) {
    const int counter = vm["counter"].as<int>();
    if (const std::string problem = answers::counter_problem(counter, rules); !problem.empty())
        throw UsageError("--counter " + problem);
    return counter;
}

TableFolder table_files(const std::string& dir) {
    auto folder = core::list_table_folder(dir);
    if (!folder) throw TableFailure(folder.error());
    return std::move(folder.value());
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
    auto tb = answers::open_tables(dir, rules, cache_bytes);
    if (!tb) throw TableFailure(tb.error());
    return std::move(tb.value());
}

void throw_probe_failure(probe::Status status, const core::Position& pos) {
    if (status == probe::Status::INVALID_POSITION || status == probe::Status::INVALID_ARGUMENT)
        throw UsageError(answers::probe_failure_text(status, pos));
    throw TableFailure(answers::probe_failure_text(status, pos));
}

} // namespace damatb::cli
