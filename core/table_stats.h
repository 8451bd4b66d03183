// The statistics file of a class, `<class>.stats` (e.g. KMvK.stats), that the generator writes
// beside its table files: for each table of the class, its line, then the positions of its
// longest win and longest loss when it has them, then its wins and its losses by DTZ:
//
//   KMvK+ positions 1234 win 1 cursed-win 0 draw 2 blessed-loss 0 loss 3 dtz-win 7 dtz-loss 8 rounds 4
//     longest win: W:Wc3,Ka1:Bd6
//     longest loss: W:...
//     wins by dtz: 7:1
//     losses by dtz: 1:2 8:1
//
// A longest DTZ is "-" when the table has no win (loss); no FEN line follows then. A "by dtz"
// line lists "DTZ:positions" for each DTZ that has positions, in increasing DTZ, or "-" when
// there are none; its positions add up to the line's win (loss) count, and its last DTZ is the
// line's dtz-win (dtz-loss). Files written before the histograms were have no "by dtz" lines.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/material.h"
#include "core/result.h"
#include "core/wdl.h"

namespace damatb::core {

// A table's positions of value Wdl5::WIN and of Wdl5::LOSS by DTZ (the mover's): wins[d] the
// positions won with DTZ d; each as long as its largest DTZ + 1 (so its last number is not 0),
// empty when there is none.
struct DtzCounts {
    std::vector<std::uint64_t> wins, losses;

    bool operator==(const DtzCounts&) const = default;
};

// The statistics of one table.
struct TableStats {
    Material material;
    std::uint64_t positions = 0;
    std::array<std::uint64_t, WDL5_NB> counts{}; // by Wdl5
    int longest_win = -1, longest_loss = -1;     // DTZ; -1 when there is none
    std::string longest_win_fen, longest_loss_fen;
    int rounds = 0; // the largest first progress round of a loss
    // Not in line(): its own lines of the file. Absent when read from a file without them.
    std::optional<DtzCounts> dtz_counts;

    bool operator==(const TableStats&) const = default;
    // Its line of the statistics file (and of the generator's manifest), as above.
    std::string line() const;
};

// The statistics read back from a line written by TableStats::line() (FENs and DTZ counts left
// empty), or why it is not one.
Result<TableStats> parse_stats_line(std::string_view line);

// The file name of class cls's statistics: "KMvK.stats".
std::string stats_file_name(const Material& cls);

// Writes the statistics of a class's tables to path (through path + ".tmp", renamed, so that
// path never holds half a file). Returns "" or why it could not ("cannot write PATH").
std::string write_stats_file(const std::string& path, const std::vector<TableStats>& stats);

// The statistics in the file at path, in its order, or why there are none: the file cannot
// be read, or a line is not one write_stats_file writes, or a table's DTZ counts are not its
// line's (the message names the file and line). A table's dtz_counts are there when the file
// has its two "by dtz" lines, absent when it has neither.
Result<std::vector<TableStats>> read_stats_file(const std::string& path);

} // namespace damatb::core
