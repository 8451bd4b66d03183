// The census of a material class that the statistics page (/stats) draws: every position of its
// tables probed at counter 0, counted by WDL5, its wins and losses by DTZ, and the longest of
// them. The generator's `<class>.stats` files hold the same counts (stats_census.h), which the
// server answers from; this reads the tables themselves, through the probe library, for a class
// whose statistics file is older than the DTZ counts, and for the tests to check those.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/wdl.h"
#include "damatb/probe.hpp"

namespace damatb::answers {

// How many of the longest wins (and losses) a table's census lists.
inline constexpr std::size_t LONGEST_LISTED = 5;

struct LongPosition {
    int dtz = 0;
    std::string fen; // with White to move, as the table stores it
};

struct TableCensus {
    core::Material table; // the table's material, its mover shown as White
    std::uint64_t positions = 0; // its indices, as the .stats files count them
    std::array<std::uint64_t, core::WDL5_NB> counts{}; // by core::Wdl5
    // win_dtz[d]: the positions won with DTZ d (the mover's); loss_dtz likewise. As long as the
    // largest DTZ + 1, empty when there is none.
    std::vector<std::uint64_t> win_dtz, loss_dtz;
    // Up to LONGEST_LISTED distinct positions, the largest DTZ first (the lowest index first on a tie).
    std::vector<LongPosition> longest_wins, longest_losses;
};

// The census of each table of class cls (core::tables_of's order): probes every index of
// tb's tables at counter 0. Returns OK, or the status of the first probe that fails (the
// class or one its captures reach missing, a damaged file); *out is then empty. One probe a
// position: meant for small classes (the time: docs/performance.md).
probe::Status class_census(const probe::Tablebase& tb, const core::Material& cls,
                           std::vector<TableCensus>* out);

} // namespace damatb::answers
