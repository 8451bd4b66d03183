// damatb info: the classes in a tables folder, their files (values and progress), sizes and
// statistics.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "cli/commands.h"
#include "cli/tables.h"
#include "core/table_file.h"
#include "core/table_stats.h"

namespace damatb::cli {

namespace {

namespace fs = std::filesystem;

CommandSyntax info_syntax() {
    CommandSyntax syntax(
        "damatb info [options]",
        "Lists the table files of the tables folder, class by class, in the order the\n"
        "generator solves them: per table, positions (records), the bytes of its files (the\n"
        "values file <table>.dtb and, when it has one, the progress file <table>.dtp; the\n"
        "`progress` column gives the latter's bytes, '-' for a table without one), bits per\n"
        "position over both, and from the statistics the generator writes beside them\n"
        "(<class>.stats) the count of each value (win, cursed-win, draw, blessed-loss, loss)\n"
        "and the longest DTZ of a win and of a loss; then the totals (the bits per position\n"
        "of all files, and of the values files alone), and the positions of\n"
        "those longest DTZ. A file that cannot be read, or was built under another ruleset\n"
        "than the one asked for, is named on stderr with the reason, and the exit code is 1\n"
        "(2 for a bad option or a tables folder that is not there). Only headers are read:\n"
        "`damatb verify` checks the contents.");
    add_tables_option(syntax);
    add_ruleset_options(syntax);
    return syntax;
}

// The statistics of every table of class cls in dir, by table name; empty when its statistics
// file is not there or cannot be read.
std::map<std::string, core::TableStats> read_stats(const std::string& dir, const core::Material& cls) {
    std::map<std::string, core::TableStats> out;
    auto stats = core::read_stats_file(dir + "/" + core::stats_file_name(cls));
    if (stats)
        for (const core::TableStats& s : *stats) out[s.material.table_name()] = s;
    return out;
}

std::string count(const core::TableStats* s, core::Wdl5 v) {
    return s ? std::to_string(s->counts[static_cast<std::size_t>(v)]) : "-";
}

std::string dtz(const core::TableStats* s, bool win) {
    const int d = !s ? -1 : win ? s->longest_win : s->longest_loss;
    return d < 0 ? "-" : std::to_string(d);
}

double bits_per_position(std::uint64_t bytes, std::uint64_t positions) {
    return positions ? 8.0 * double(bytes) / double(positions) : 0.0;
}

} // namespace

int run_info(const Args& args) {
    const CommandSyntax syntax = info_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const core::Ruleset rules = ruleset_option(*vm);
    const std::string dir = tables_option(*vm, rules);
    const TableFolder folder = table_files(dir);
    if (folder.tables.empty()) throw TableFailure("no table files (*.dtb) in '" + dir + "'");

    std::cout << "tables in " << dir << ", ruleset " << rules.name() << "\n\n";
    char row[256];
    const char* const FORMAT = "%-8s %-8s %11s %11s %9s %8s %11s %11s %11s %11s %11s %5s %5s\n";
    std::snprintf(row, sizeof row, FORMAT, "class", "table", "positions", "bytes", "progress",
                  "bits/pos", "win", "cursed-win", "draw", "bless-loss", "loss", "dtz-w", "dtz-l");
    std::cout << row;

    std::set<std::string> classes;
    std::map<std::string, std::map<std::string, core::TableStats>> stats; // by class name
    std::vector<std::pair<std::string, const core::TableStats*>> longest;
    std::vector<std::string> problems;
    std::uint64_t positions = 0, bytes = 0, progress_bytes = 0;
    int tables = 0, progress_files = 0;
    std::string previous_class;
    // The header of a file of table m holding `contents`: false (and a problem noted) when it
    // cannot be read or was built under another ruleset.
    auto header_ok = [&](const std::string& path, const core::Material& m,
                         core::TableContents contents, core::OpenedTable& t) {
        core::OpenChecks checks;
        checks.material = &m;
        checks.contents = &contents;
        t = core::open_table(path, checks);
        if (!t.status) {
            problems.push_back(t.status.message);
            return false;
        }
        if (t.file.header().ruleset != rules)
            problems.push_back(path + ": built under " + t.file.header().ruleset.name() + ", not " +
                               rules.name());
        return true;
    };
    for (const TableFileName& f : folder.tables) {
        if (!f.material) {
            problems.push_back(f.name + ": not a table name (ignored)");
            if (!f.progress_name.empty())
                problems.push_back(f.progress_name + ": not a table name (ignored)");
            continue;
        }
        const core::Material class_material = core::class_key(*f.material);
        const std::string cls = class_material.class_name();
        const std::string table = f.material->table_name();
        core::OpenedTable t;
        if (!header_ok(f.path, *f.material, core::TableContents::VALUES, t)) continue;
        std::error_code ec;
        std::uint64_t size = fs::file_size(f.path, ec);
        std::string progress = "-";
        if (!f.progress_path.empty()) {
            core::OpenedTable p;
            if (header_ok(f.progress_path, *f.material, core::TableContents::PROGRESS, p)) {
                const std::uint64_t progress_size = fs::file_size(f.progress_path, ec);
                progress = std::to_string(progress_size);
                size += progress_size;
                progress_bytes += progress_size;
                ++progress_files;
            }
        }
        if (!stats.count(cls)) stats[cls] = read_stats(dir, class_material);
        const auto it = stats[cls].find(table);
        const core::TableStats* s = it == stats[cls].end() ? nullptr : &it->second;
        if (s) longest.emplace_back(table, s);

        const std::uint64_t n = t.file.header().entries;
        char bits[16];
        std::snprintf(bits, sizeof bits, "%.2f", bits_per_position(size, n));
        std::snprintf(row, sizeof row, FORMAT, cls == previous_class ? "" : cls.c_str(),
                      table.c_str(), std::to_string(n).c_str(), std::to_string(size).c_str(),
                      progress.c_str(), bits, count(s, core::Wdl5::WIN).c_str(),
                      count(s, core::Wdl5::CURSED_WIN).c_str(), count(s, core::Wdl5::DRAW).c_str(),
                      count(s, core::Wdl5::BLESSED_LOSS).c_str(), count(s, core::Wdl5::LOSS).c_str(),
                      dtz(s, true).c_str(), dtz(s, false).c_str());
        std::cout << row;
        previous_class = cls;
        classes.insert(cls);
        positions += n;
        bytes += size;
        ++tables;
    }
    for (const std::string& name : folder.lone_progress)
        problems.push_back(name + ": no values file " + fs::path(name).stem().string() +
                           ".dtb beside it (ignored)");
    char total[320];
    std::snprintf(total, sizeof total,
                  "\ntotal: %zu classes, %d tables, %llu positions, %llu bytes (%llu in %d progress "
                  "file%s), %.2f bits per position (values files, WDL5 and DTZ: %.2f)\n",
                  classes.size(), tables, (unsigned long long)positions,
                  (unsigned long long)bytes, (unsigned long long)progress_bytes, progress_files,
                  progress_files == 1 ? "" : "s", bits_per_position(bytes, positions),
                  bits_per_position(bytes - progress_bytes, positions));
    std::cout << total;

    bool heading = false;
    for (const auto& [table, s] : longest)
        for (const auto& [what, fen] : {std::pair{"win ", &s->longest_win_fen},
                                        std::pair{"loss", &s->longest_loss_fen}}) {
            if (fen->empty()) continue;
            if (!heading) std::cout << "\nlongest DTZ of each table (from the .stats files):\n";
            heading = true;
            std::snprintf(row, sizeof row, "%-8s %s %3s  %s\n", table.c_str(), what,
                          dtz(s, what[0] == 'w').c_str(), fen->c_str());
            std::cout << row;
        }

    if (!problems.empty()) {
        std::cout.flush();
        for (const std::string& p : problems) std::cerr << "damatb: error: " << p << '\n';
        return 1;
    }
    return 0;
}

} // namespace damatb::cli
