// damatb verify: every table file's header, checksum and records, and with --deep every value.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>

#include "cli/commands.h"
#include "cli/tables.h"
#include "core/system_memory.h"
#include "verify/deep_check.h"
#include "verify/table_check.h"

namespace damatb::cli {

namespace {

CommandSyntax verify_syntax() {
    CommandSyntax syntax(
        "damatb verify [options]",
        "Checks every table file of the tables folder (or those of the classes named by\n"
        "--material), the values files (*.dtb) and the progress files (*.dtp): its header,\n"
        "that it was built under the ruleset asked for and holds the material its name\n"
        "says, its number of records, its content checksum,\n"
        "and that every block decompresses; then that every lost position whose record says\n"
        "that its progress history continues has that history in the table's progress file,\n"
        "and that the progress file holds nothing else (a progress file that is needed and\n"
        "missing fails). With --deep, also that the value of every position equals what one\n"
        "ply of search over its moves gives, the moves' values read through the probe\n"
        "library (docs/values.md, \"Values\"); this reads the tables of the classes the moves lead\n"
        "into as well, and prints a progress line every few seconds. Prints one line per\n"
        "file, `ok` or `FAILED` with the reason, then a summary. Exit codes: 0 when every\n"
        "file passes, 1 when one fails (or the folder holds no table file), 2 for a bad\n"
        "option or a tables folder that is not there.");
    syntax.options.add_options()("deep", "also check every value against one ply of search")(
        "threads", po::value<int>()->value_name("T")->default_value(2),
        "threads for --deep")(
        "material", po::value<std::vector<std::string>>()->value_name("CLASS")->composing(),
        "check only the tables of this class (e.g. KKKvKKK); may be given more than once")(
        "cache-mib", po::value<int>()->value_name("MIB")->default_value(1024),
        "the probe's block cache for --deep, in MiB: a class of 6 pieces is checked fastest when "
        "the values of the tables its moves lead into fit (twice their positions in bytes)")(
        "memory", po::value<double>()->value_name("GIB"),
        "for --deep, the most the values of the class checked may take when read whole (two "
        "bytes a position; default: half this machine's memory); a class above it is read "
        "through the block cache, more slowly");
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

struct Totals {
    int ok = 0, failed = 0, skipped = 0;
    std::uint64_t positions = 0, histories = 0, deep_positions = 0;
    double deep_seconds = 0;
};

void print_line(const std::string& status, const std::string& name, const std::string& text) {
    std::cout << status << std::string(status.size() < 8 ? 8 - status.size() : 1, ' ') << name
              << ": " << text << std::endl;
}

// Checks one table's files, prints a line for each, and counts them in totals.
// With deep, every value is checked one ply deep, the class's values read whole from dir when
// they take at most most_in_memory bytes.
struct DeepOptions {
    const probe::Tablebase* tb = nullptr;
    std::string dir;
    std::uint64_t most_in_memory = 0;
    int threads = 1;
};

void verify_table(const TableFileName& f, const core::Ruleset& rules, const DeepOptions& deep,
                  Totals& totals) {
    const verify::TableCheck check = verify::check_table(f.path, *f.material, rules);
    auto fail = [&](const verify::FileCheck& c, const std::string& reason) {
        print_line("FAILED", c.name, reason);
        ++totals.failed;
    };
    const verify::FileCheck& v = check.values;
    if (!v.ok) {
        fail(v, v.reason);
    } else {
        std::string deep_text;
        bool deep_ok = true;
        if (deep.tb) {
            const verify::DeepCheck d = verify::deep_check(
                *f.material, *deep.tb, rules, deep.threads,
                [&](std::uint64_t done) {
                    std::printf("  ... %s: %.0f %% of %llu positions\n", f.name.c_str(),
                                100.0 * double(done) / double(v.entries),
                                (unsigned long long)v.entries);
                    std::fflush(stdout);
                },
                deep.dir, deep.most_in_memory);
            totals.deep_positions += d.positions;
            totals.deep_seconds += d.seconds;
            if (!d.error.empty()) {
                fail(v, "deep check stopped: " + d.error);
                deep_ok = false;
            } else if (d.wrong) {
                std::string reason = std::to_string(d.wrong) + " of " + std::to_string(d.positions) +
                                     " values contradict one ply of search";
                for (const std::string& e : d.examples) reason += "\n          " + e;
                fail(v, reason);
                deep_ok = false;
            } else {
                char buf[128];
                std::snprintf(buf, sizeof buf, "; every value one ply deep in %.2f s (%s%s)",
                              d.seconds, rate_text(d.positions, d.seconds).c_str(),
                              d.in_memory ? ", the class's values read whole" : "");
                deep_text = buf;
            }
        }
        if (deep_ok) {
            print_line("ok", v.name, std::to_string(v.entries) + " positions" + deep_text);
            ++totals.ok;
            totals.positions += v.entries;
        }
    }
    if (!check.progress) return;
    const verify::FileCheck& p = *check.progress;
    if (!p.ok) {
        fail(p, p.reason);
    } else if (!v.ok) {
        print_line("ok", p.name, std::to_string(p.entries) + " records (not compared with " +
                                     v.name + ", which failed)");
        ++totals.ok;
    } else {
        print_line("ok", p.name, std::to_string(check.losses) + " progress histories, " +
                                     std::to_string(check.continued) + " longer ones (up to " +
                                     std::to_string(check.longest) + " steps)");
        ++totals.ok;
        totals.histories += check.continued;
    }
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
    const int cache_mib = (*vm)["cache-mib"].as<int>();
    if (cache_mib < 1 || cache_mib > (1 << 20)) throw UsageError("--cache-mib must be from 1 to 1048576");
    DeepOptions deep_options;
    deep_options.threads = threads;
    deep_options.dir = dir;
    deep_options.most_in_memory = core::physical_memory() / 2;
    if (vm->count("memory")) {
        const double gib = (*vm)["memory"].as<double>();
        if (!(gib >= 0 && gib <= 1 << 20)) throw UsageError("--memory must be from 0 to 1048576 GiB");
        deep_options.most_in_memory = std::uint64_t(gib * double(std::uint64_t{1} << 30));
    }
    TableFolder folder = table_files(dir);
    if (folder.tables.empty()) throw TableFailure("no table files (*.dtb) in '" + dir + "'");
    if (vm->count("material")) {
        std::set<core::Material> wanted;
        for (const std::string& name : (*vm)["material"].as<std::vector<std::string>>()) {
            auto m = core::parse_class_name(name);
            if (!m) throw UsageError("--material: " + m.error());
            wanted.insert(core::class_key(*m));
        }
        std::erase_if(folder.tables, [&](const TableFileName& f) {
            return !f.material || !wanted.count(core::class_key(*f.material));
        });
        folder.lone_progress.clear();
        if (folder.tables.empty())
            throw TableFailure("no table file of the classes asked for (--material) in '" + dir + "'");
    }

    std::cout << "verifying " << folder.file_count() << " table files in " << dir << ", ruleset "
              << rules.name() << (deep ? ", every value one ply deep" : "") << std::endl;
    std::unique_ptr<probe::Tablebase> tb;
    if (deep) tb = open_tables(dir, rules, std::size_t(cache_mib) << 20);
    deep_options.tb = tb.get();
    Totals totals;
    for (const TableFileName& f : folder.tables) {
        if (!f.material) {
            print_line("skipped", f.name, "not a table name");
            ++totals.skipped;
            if (!f.progress_name.empty()) {
                print_line("skipped", f.progress_name, "not a table name");
                ++totals.skipped;
            }
            continue;
        }
        verify_table(f, rules, deep_options, totals);
    }
    for (const std::string& name : folder.lone_progress) {
        print_line("skipped", name,
                   "no values file " + std::filesystem::path(name).stem().string() + ".dtb beside it");
        ++totals.skipped;
    }

    std::cout << "summary: " << totals.ok << " ok, " << totals.failed << " failed";
    if (totals.skipped) std::cout << ", " << totals.skipped << " skipped";
    std::cout << "; " << totals.positions << " positions";
    if (totals.histories) std::cout << ", " << totals.histories << " longer progress histories";
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
