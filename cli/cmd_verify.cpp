// damatb verify: every table file's header and checksum, and with --deep every value.
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/deep_check.h"
#include "cli/tables.h"
#include "core/index.h"
#include "core/table_file.h"

namespace damatb::cli {

namespace {

CommandSyntax verify_syntax() {
    CommandSyntax syntax(
        "damatb verify [options]",
        "Checks every table file (*.dtb) of the tables folder: its header, that it was built\n"
        "under the ruleset asked for and holds the material its name says, its content\n"
        "checksum, and that every block decompresses. With --deep, also that the value of\n"
        "every position equals what one ply of search over its moves gives, the moves'\n"
        "values read through the probe library (TABLES.md, \"Values\"); this reads the\n"
        "tables of the classes the moves lead into as well, and prints a progress line\n"
        "every few seconds. Prints one line per file, `ok` or `FAILED` with the reason,\n"
        "then a summary. Exit codes: 0 when every file passes, 1 when one fails (or the\n"
        "folder holds no table file), 2 for a bad option or a tables folder that is not\n"
        "there.");
    syntax.options.add_options()("deep", "also check every value against one ply of search")(
        "threads", po::value<int>()->value_name("T")->default_value(2),
        "threads for --deep");
    add_tables_option(syntax);
    add_ruleset_options(syntax);
    return syntax;
}

// "1.23 M positions/s", "456 k positions/s".
std::string rate_text(std::uint64_t positions, double seconds) {
    const double rate = seconds > 0 ? double(positions) / seconds : 0;
    char buf[64];
    if (rate >= 1e6)
        std::snprintf(buf, sizeof buf, "%.2f M positions/s", rate / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.0f k positions/s", rate / 1e3);
    return buf;
}

// A message of core's ("PATH: reason") without the path, which the line names already.
std::string reason_of(const std::string& message, const std::string& path) {
    return message.starts_with(path + ": ") ? message.substr(path.size() + 2) : message;
}

struct Totals {
    int ok = 0, failed = 0, skipped = 0;
    std::uint64_t positions = 0, deep_positions = 0;
    double deep_seconds = 0;
};

// Checks one file and prints its line; returns whether it passed.
bool verify_file(const TableFileName& f, const std::string& dir, const core::Ruleset& rules,
                 const probe::Tablebase* deep, int threads, Totals& totals) {
    auto fail = [&](const std::string& reason) {
        std::cout << "FAILED  " << f.name << ": " << reason << std::endl;
        ++totals.failed;
        return false;
    };
    core::OpenChecks checks;
    checks.ruleset = &rules;
    checks.material = &*f.material;
    const core::OpenedTable t = core::open_table(f.path, checks);
    if (!t.status) return fail(reason_of(t.status.message, f.path));
    const std::uint64_t entries = t.file.header().entries;
    if (const std::uint64_t size = core::TableIndex(*f.material).size(); entries != size)
        return fail("holds " + std::to_string(entries) + " records, but " + f.material->table_name() +
                    " has " + std::to_string(size) + " positions");
    if (const core::TableStatus v = t.file.verify(); !v) return fail(reason_of(v.message, f.path));
    totals.positions += entries;
    std::string deep_text;
    if (deep) {
        const DeepCheck d = deep_check(
            *f.material, *deep, dir, rules, threads, [&](std::uint64_t done) {
                std::printf("  ... %s: %.0f %% of %llu positions\n", f.name.c_str(),
                            100.0 * double(done) / double(entries), (unsigned long long)entries);
                std::fflush(stdout);
            });
        totals.deep_positions += d.positions;
        totals.deep_seconds += d.seconds;
        if (!d.error.empty()) return fail("deep check stopped: " + d.error);
        if (d.wrong) {
            std::string reason = std::to_string(d.wrong) + " of " + std::to_string(d.positions) +
                                 " values contradict one ply of search";
            for (const std::string& e : d.examples) reason += "\n          " + e;
            return fail(reason);
        }
        char buf[128];
        std::snprintf(buf, sizeof buf, "; every value one ply deep in %.2f s (%s)", d.seconds,
                      rate_text(d.positions, d.seconds).c_str());
        deep_text = buf;
    }
    std::cout << "ok      " << f.name << ": " << entries << " positions" << deep_text << std::endl;
    ++totals.ok;
    return true;
}

} // namespace

int run_verify(const Args& args) {
    const CommandSyntax syntax = verify_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const core::Ruleset rules = ruleset_option(*vm);
    const bool deep = vm->count("deep") != 0;
    const int threads = (*vm)["threads"].as<int>();
    if (threads < 1 || threads > 256) throw UsageError("--threads must be from 1 to 256");
    const std::string dir = tables_option(*vm, rules);
    const std::vector<TableFileName> files = table_files(dir);
    if (files.empty()) throw TableFailure("no table files (*.dtb) in '" + dir + "'");

    std::cout << "verifying " << files.size() << " table files in " << dir << ", ruleset "
              << rules.name() << (deep ? ", every value one ply deep" : "") << std::endl;
    std::unique_ptr<probe::Tablebase> tb;
    if (deep) tb = open_tables(dir, rules);
    Totals totals;
    for (const TableFileName& f : files) {
        if (!f.material) {
            std::cout << "skipped " << f.name << ": not a table name" << std::endl;
            ++totals.skipped;
            continue;
        }
        verify_file(f, dir, rules, tb.get(), threads, totals);
    }

    std::cout << "summary: " << totals.ok << " ok, " << totals.failed << " failed";
    if (totals.skipped) std::cout << ", " << totals.skipped << " skipped";
    std::cout << "; " << totals.positions << " positions";
    if (deep) {
        char buf[128];
        std::snprintf(buf, sizeof buf, ", %llu checked one ply deep in %.1f s (%s)",
                      (unsigned long long)totals.deep_positions, totals.deep_seconds,
                      rate_text(totals.deep_positions, totals.deep_seconds).c_str());
        std::cout << buf;
    }
    std::cout << '\n';
    return totals.failed ? 1 : 0;
}

} // namespace damatb::cli
