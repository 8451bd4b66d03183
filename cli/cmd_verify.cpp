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
        "ply of search over its moves gives, the moves' values read as the probe library reads\n"
        "them (docs/values.md, \"Values\"); this reads the tables of the classes the moves lead\n"
        "into as well, and prints a progress line every few seconds. With --sample N, the deep\n"
        "check takes N positions of each table drawn at random (every one of a table of at most\n"
        "N), the same for the same --seed. Prints one line per file, `ok` or `FAILED` with the\n"
        "reason, then a summary. Exit codes: 0 when every file passes, 1 when one fails (or\n"
        "the folder holds no table file), 2 for a bad option or a tables folder that is not\n"
        "there.");
    syntax.options.add_options()("deep", "also check every value against one ply of search")(
        "threads", po::value<int>()->value_name("T")->default_value(2),
        "threads that read the files and make the deep check")(
        "material", po::value<std::vector<std::string>>()->value_name("CLASS")->composing(),
        "check only the tables of this class (e.g. KKKvKKK); may be given more than once")(
        "cache-mib", po::value<int>()->value_name("MIB")->default_value(1024),
        "the probe's block cache for --deep, in MiB: a class of 6 pieces is checked fastest when "
        "the values of the tables its moves lead into fit (twice their positions in bytes)")(
        "memory", po::value<double>()->value_name("GIB"),
        "for --deep, the most the values held in memory may take (two bytes a position): those "
        "of the class checked, then of the classes its moves lead into, then of those that "
        "captures lead into from there, each table while it fits (default: half this machine's "
        "memory); the others are "
        "read through the block cache, more slowly")(
        "sample", po::value<std::string>()->value_name("N"),
        "with --deep, check N positions of each table drawn at random, without repetition "
        "(every one of a table of at most N positions), instead of every one")(
        "seed", po::value<std::string>()->value_name("S"),
        "with --sample, the seed of the draw (default 1): the same seed draws the same positions, "
        "whatever the threads");
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
    std::uint64_t deep_size = 0; // the positions of the tables checked deep
    double deep_seconds = 0;     // their check and the reading of the values held
};

// The value of option `name`, digits only, at least `least`; else a UsageError naming it.
std::uint64_t whole_number(const po::variables_map& vm, const std::string& name, std::uint64_t least) {
    const std::string text = vm[name].as<std::string>();
    std::uint64_t n = 0;
    bool ok = !text.empty();
    for (const char c : text) {
        const auto digit = std::uint64_t(c - '0');
        ok = ok && c >= '0' && c <= '9' && n <= (~std::uint64_t{0} - digit) / 10;
        if (ok) n = n * 10 + digit;
    }
    if (!ok || n < least)
        throw UsageError("--" + name + " must be a whole number from " + std::to_string(least) +
                         " to 2^64 - 1, not '" + text + "'");
    return n;
}

void print_line(const std::string& status, const std::string& name, const std::string& text) {
    std::cout << status << std::string(status.size() < 8 ? 8 - status.size() : 1, ' ') << name
              << ": " << text << std::endl;
}

// What --deep asks for, and the values held for the class checked last.
struct DeepOptions {
    const probe::Tablebase* tb = nullptr;
    std::string dir;
    std::uint64_t most_in_memory = 0;
    int threads = 1;
    std::uint64_t sample = 0; // 0: every position
    std::uint64_t seed = 1;
    std::optional<core::Material> held_class;
    std::unique_ptr<verify::HeldValues> held;
};

// The values held for the class of table m: read (the time counted in totals) unless they are
// the class's already.
const verify::HeldValues& held_values(const core::Material& m, const core::Ruleset& rules,
                                      DeepOptions& deep, Totals& totals) {
    const core::Material cls = core::class_key(m);
    if (deep.held_class == cls) return *deep.held;
    deep.held.reset();
    deep.held = std::make_unique<verify::HeldValues>(cls, *deep.tb, rules, deep.dir,
                                                     deep.most_in_memory, deep.threads);
    deep.held_class = cls;
    const double seconds = deep.held->seconds();
    totals.deep_seconds += seconds;
    if (deep.held->tables())
        std::printf("  ... %s: the values of %d tables held in memory (%.2f GiB), read in %.1f s\n",
                    cls.class_name().c_str(), deep.held->tables(),
                    double(deep.held->bytes()) / double(std::uint64_t{1} << 30), seconds);
    std::fflush(stdout);
    return *deep.held;
}

// Checks the values of table f (whose values file v passed) one ply deep. Prints a FAILED line
// and returns false when one is wrong or cannot be read; else returns true, with the text of the
// table's line in text.
bool check_deep(const TableFileName& f, const verify::FileCheck& v, const core::Ruleset& rules,
                DeepOptions& deep, Totals& totals, std::string& text) {
    const verify::HeldValues& held = held_values(*f.material, rules, deep, totals);
    verify::DeepCheckOptions options;
    options.threads = deep.threads;
    options.sample = deep.sample;
    options.seed = deep.seed;
    const std::uint64_t count = deep.sample && deep.sample < v.entries ? deep.sample : v.entries;
    options.progress = [&](std::uint64_t done) {
        std::printf("  ... %s: %.0f %% of %llu positions\n", f.name.c_str(),
                    100.0 * double(done) / double(count), (unsigned long long)count);
        std::fflush(stdout);
    };
    const verify::DeepCheck d = verify::deep_check(*f.material, held, rules, options);
    totals.deep_positions += d.positions;
    totals.deep_size += d.size;
    totals.deep_seconds += d.seconds;
    const std::string seed = " (seed " + std::to_string(deep.seed) + ")";
    if (!d.error.empty() || d.wrong) {
        std::string reason = "deep check stopped: " + d.error;
        if (d.error.empty()) {
            reason = std::to_string(d.wrong) + " of " + std::to_string(d.positions) +
                     (d.sampled ? " sampled values" + seed : " values") + " contradict one ply of search";
            for (const std::string& e : d.examples) reason += "\n          " + e;
        }
        print_line("FAILED", v.name, reason);
        ++totals.failed;
        return false;
    }
    const std::string what = d.sampled ? "sampled " + std::to_string(d.positions) + " of " +
                                             std::to_string(d.size) + " positions" + seed
                                       : "every value";
    char buf[256];
    std::snprintf(buf, sizeof buf, "; %s one ply deep in %.2f s (%s, %llu of them don't care%s)", what.c_str(),
                  d.seconds, rate_text(d.positions, d.seconds).c_str(), (unsigned long long)d.dont_care,
                  held.holds_class(*f.material) ? ", the class's values read whole" : "");
    text = buf;
    return true;
}

// Checks one table's files, prints a line for each, and counts them in totals; with deep.tb,
// the values one ply deep.
void verify_table(const TableFileName& f, const core::Ruleset& rules, DeepOptions& deep,
                  Totals& totals) {
    const verify::TableCheck check = verify::check_table(f.path, *f.material, rules, deep.threads);
    auto fail = [&](const verify::FileCheck& c, const std::string& reason) {
        print_line("FAILED", c.name, reason);
        ++totals.failed;
    };
    const verify::FileCheck& v = check.values;
    if (!v.ok) {
        fail(v, v.reason);
    } else {
        std::string deep_text;
        const bool deep_ok = !deep.tb || check_deep(f, v, rules, deep, totals, deep_text);
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
    if (vm->count("sample")) {
        if (!deep) throw UsageError("--sample needs --deep");
        deep_options.sample = whole_number(*vm, "sample", 1);
    }
    if (vm->count("seed")) {
        if (!vm->count("sample")) throw UsageError("--seed needs --sample");
        deep_options.seed = whole_number(*vm, "seed", 0);
    }
    const std::string seed_text = " (seed " + std::to_string(deep_options.seed) + ")";
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
              << rules.name();
    if (deep_options.sample)
        std::cout << ", " << deep_options.sample << " positions of each table one ply deep" << seed_text;
    else if (deep)
        std::cout << ", every value one ply deep";
    std::cout << std::endl;
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
        const std::string checked = deep_options.sample
                                        ? ", sampled " + std::to_string(totals.deep_positions) + " of " +
                                              std::to_string(totals.deep_size) + " positions" + seed_text
                                        : ", " + std::to_string(totals.deep_positions) + " checked";
        char buf[128];
        std::snprintf(buf, sizeof buf, " one ply deep in %.1f s (%s)", totals.deep_seconds,
                      rate_text(totals.deep_positions, totals.deep_seconds).c_str());
        std::cout << checked << buf;
    }
    std::cout << '\n';
    return totals.failed ? 1 : 0;
}

} // namespace damatb::cli
