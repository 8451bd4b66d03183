// Perft: the number of positions reached after exactly `depth` plies (docs/rules.md,
// "Move identity"). Pure move generation: the one-piece-each and king-move rules
// do not apply. The last ply is counted in bulk, without playing its moves.
#pragma once

#include <cstdint>

#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::core {

std::uint64_t perft(const Position& pos, int depth, Promotion promotion);

} // namespace damatb::core
