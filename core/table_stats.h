// The statistics file of a class, `<class>.stats` (e.g. KMvK.stats), that the generator writes
// beside its table files: for each table of the class, its line, then the positions of its
// longest win and longest loss when it has them:
//
//   KMvK+ positions 1234 win 1 cursed-win 0 draw 2 blessed-loss 0 loss 3 dtz-win 7 dtz-loss 8 rounds 4
//     longest win: W:Wc3,Ka1:Bd6
//     longest loss: W:...
//
// A longest DTZ is "-" when the table has no win (loss); no FEN line follows then.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/material.h"
#include "core/result.h"
#include "core/wdl.h"

namespace damatb::core {

// The statistics of one table.
struct TableStats {
    Material material;
    std::uint64_t positions = 0;
    std::array<std::uint64_t, WDL5_NB> counts{}; // by Wdl5
    int longest_win = -1, longest_loss = -1;     // DTZ; -1 when there is none
    std::string longest_win_fen, longest_loss_fen;
    int rounds = 0; // the largest first progress round of a loss

    bool operator==(const TableStats&) const = default;
    // Its line of the statistics file (and of the generator's manifest), as above.
    std::string line() const;
};

// The statistics read back from a line written by TableStats::line() (FENs left empty), or
// why it is not one.
Result<TableStats> parse_stats_line(std::string_view line);

// The file name of class cls's statistics: "KMvK.stats".
std::string stats_file_name(const Material& cls);

// Writes the statistics of a class's tables to path (through path + ".tmp", renamed, so that
// path never holds half a file). Returns "" or why it could not ("cannot write PATH").
std::string write_stats_file(const std::string& path, const std::vector<TableStats>& stats);

// The statistics in the file at path, in its order, or why there are none: the file cannot
// be read, or a line is not one write_stats_file writes (the message names the file and line).
Result<std::vector<TableStats>> read_stats_file(const std::string& path);

} // namespace damatb::core
