// The counts of every class of 2 and 3 pieces at counter 0, over every placement
// (no symmetry folded), for each side to move: the columns of the independent
// solver's shared/reference/counts-3-pieces.md, which they equal. Both the simple
// solver's tests and the generator's compare against them.
#pragma once

#include <string>
#include <vector>

#include "core/ruleset.h"
#include "core/types.h"

namespace damatb::test {

struct CountRow {
    std::string name;  // "KM v K": White's pieces first
    core::Color side;  // to move
    long positions, win, draw, loss;  // draw includes cursed wins and blessed losses
    int longest_dtz_win, longest_dtz_loss;  // -1: none
};

// The rows under a promotion option (the other options at their defaults).
const std::vector<CountRow>& counts_3_pieces(core::Promotion promotion);

} // namespace damatb::test
