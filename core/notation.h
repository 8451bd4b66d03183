// Move notation (docs/rules.md, "Move notation"): "c3-c4" for a move without
// capture, "d4xd6xf6" for a capture, naming every landing square in order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/result.h"
#include "core/ruleset.h"

namespace damatb::core {

// The landing squares of one capture sequence that plays `m` in pos (the first
// the search meets); for a move without capture, just its destination.
std::vector<int> move_path(const Position& pos, const Move& m, Promotion promotion);

// The notation of a legal move of pos.
std::string move_to_string(const Position& pos, const Move& m, Promotion promotion);

// The legal move of pos that `text` names: "c3-c4", a full capture path
// "d4xd6xf6" (any path the capture can take), or the short "d4xf6" when only
// one legal capture goes from d4 to f6. The error says what is wrong.
Result<Move> parse_move(const Position& pos, std::string_view text, Promotion promotion);

} // namespace damatb::core
