// damatb info: the classes in a tables folder, their files (values and progress), sizes and
// statistics.
#include <cstdio>
#include <iostream>
#include <string>

#include "answers/table_info.h"
#include "cli/commands.h"
#include "cli/tables.h"
#include "core/table_stats.h"

namespace damatb::cli {

namespace {

using answers::bits_per_position;
using answers::TableInfo;

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

std::string count(const core::TableStats* s, core::Wdl5 v) {
    return s ? std::to_string(s->counts[static_cast<std::size_t>(v)]) : "-";
}

std::string dtz(const core::TableStats* s, bool win) {
    const int d = !s ? -1 : win ? s->longest_win : s->longest_loss;
    return d < 0 ? "-" : std::to_string(d);
}

} // namespace

int run_info(const Args& args) {
    const CommandSyntax syntax = info_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const core::Ruleset rules = ruleset_option(*vm);
    const std::string dir = tables_option(*vm, rules);
    const auto listed = answers::folder_info(dir, rules);
    if (!listed) throw TableFailure(listed.error());
    const answers::FolderInfo& info = *listed;
    if (info.values_files == 0)
        throw TableFailure("no table files (*.dtb) in '" + dir + "'");

    std::cout << "tables in " << dir << ", ruleset " << rules.name() << "\n\n";
    char row[256];
    const char* const FORMAT = "%-8s %-8s %11s %11s %9s %8s %11s %11s %11s %11s %11s %5s %5s\n";
    std::snprintf(row, sizeof row, FORMAT, "class", "table", "positions", "bytes", "progress",
                  "bits/pos", "win", "cursed-win", "draw", "bless-loss", "loss", "dtz-w", "dtz-l");
    std::cout << row;
    std::string previous_class;
    for (const TableInfo& t : info.tables) {
        const core::TableStats* s = t.stats ? &*t.stats : nullptr;
        const std::string progress = t.progress_bytes ? std::to_string(*t.progress_bytes) : "-";
        char bits[16];
        std::snprintf(bits, sizeof bits, "%.2f", bits_per_position(t.bytes, t.positions));
        std::snprintf(row, sizeof row, FORMAT, t.class_name == previous_class ? "" : t.class_name.c_str(),
                      t.table_name.c_str(), std::to_string(t.positions).c_str(),
                      std::to_string(t.bytes).c_str(), progress.c_str(), bits,
                      count(s, core::Wdl5::WIN).c_str(), count(s, core::Wdl5::CURSED_WIN).c_str(),
                      count(s, core::Wdl5::DRAW).c_str(), count(s, core::Wdl5::BLESSED_LOSS).c_str(),
                      count(s, core::Wdl5::LOSS).c_str(), dtz(s, true).c_str(), dtz(s, false).c_str());
        std::cout << row;
        previous_class = t.class_name;
    }
    const std::uint64_t positions = info.positions(), bytes = info.bytes(),
                        progress_bytes = info.progress_bytes();
    const int progress_files = info.progress_files();
    char total[320];
    std::snprintf(total, sizeof total,
                  "\ntotal: %zu classes, %d tables, %llu positions, %llu bytes (%llu in %d progress "
                  "file%s), %.2f bits per position (values files, WDL5 and DTZ: %.2f)\n",
                  info.class_count(), int(info.tables.size()), (unsigned long long)positions,
                  (unsigned long long)bytes, (unsigned long long)progress_bytes, progress_files,
                  progress_files == 1 ? "" : "s", bits_per_position(bytes, positions),
                  bits_per_position(bytes - progress_bytes, positions));
    std::cout << total;

    bool heading = false;
    for (const TableInfo& t : info.tables) {
        if (!t.stats) continue;
        const core::TableStats* s = &*t.stats;
        for (const auto& [what, fen] : {std::pair{"win ", &s->longest_win_fen},
                                        std::pair{"loss", &s->longest_loss_fen}}) {
            if (fen->empty()) continue;
            if (!heading) std::cout << "\nlongest DTZ of each table (from the .stats files):\n";
            heading = true;
            std::snprintf(row, sizeof row, "%-8s %s %3s  %s\n", t.table_name.c_str(), what,
                          dtz(s, what[0] == 'w').c_str(), fen->c_str());
            std::cout << row;
        }
    }

    if (!info.problems.empty()) {
        std::cout.flush();
        for (const std::string& p : info.problems) std::cerr << "damatb: error: " << p << '\n';
        return 1;
    }
    return 0;
}

} // namespace damatb::cli
