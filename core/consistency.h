// The one-ply consistency of a table value (docs/values.md, "Values"): what a stored
// WDL5 and DTZ must be, given the values of the position's successors.
//
// For a position P with limit L > 0, each move m to P' (the opponent's value
// v' and DTZ d') costs, for the side that wins, 1 if m zeroes (a capture or a
// man move) and v' is a loss, 1 + d' if m is a king move and v' is a loss; P is
// a win exactly when its cheapest move costs at most L, with DTZ that cost. For
// the side that loses, every move must lead to a win of the opponent: 1 if it
// zeroes, 1 + d' (at most L) if not; P is a loss exactly when no move escapes,
// with DTZ the dearest move. Without the limit (L = 0) the same holds with the
// costs unbounded (at most 254). Apart from the limit, P wins (win or cursed-win)
// only if some move leads to a loss or blessed-loss, loses (loss or
// blessed-loss) only if every move leads to a win or cursed-win, and is a draw
// otherwise. A game already over has DTZ 0.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/record.h"
#include "core/ruleset.h"
#include "core/wdl.h"

namespace damatb::core {

// The stored value of a position (any side to move); a side to move without
// pieces need not be asked for (it has lost).
using ValueLookup = std::function<TableValue(const Position&)>;

// Why `stored` is not what one ply of search over pos's successors gives, or
// nullopt when it is.
std::optional<std::string> check_one_ply(const Position& pos, const TableValue& stored,
                                         const Ruleset& rules, const ValueLookup& lookup);

// The value one ply of search gives a position whose game_outcome() is `over` with `moves`
// (none when over), after[k] being the stored value after moves[k] (a loss with DTZ 0 when
// the side to move then has no piece). What check_one_ply compares with.
TableValue one_ply_value(Outcome over, const MoveList& moves, const TableValue* after,
                         const Ruleset& rules);

// Why `stored` is not `expected` (one_ply_value), as check_one_ply says it, or nullopt.
std::optional<std::string> compare_one_ply(const Position& pos, const TableValue& stored,
                                           const TableValue& expected);

} // namespace damatb::core
