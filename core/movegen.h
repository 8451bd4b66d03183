// Legal move generation (RULES.md, "Moves without capture", "Captures",
// "Promotion", "Move identity").
//
// When the side to move can capture, only the capture sequences that take the
// most pieces are legal; otherwise every man step and king slide is. Each
// resulting position is listed once.
#pragma once

#include <cstddef>

#include "core/move.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::core {

// Fills `moves` with every legal move of the side to move.
void generate_moves(const Position& pos, Promotion promotion, MoveList& moves);

// The number of legal moves; the same as generate_moves(...).size(), faster.
std::size_t count_moves(const Position& pos, Promotion promotion);

// True when the side to move has a capture (and so must capture).
bool has_capture(const Position& pos);

} // namespace damatb::core
