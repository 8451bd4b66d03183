// The end of the game (docs/rules.md, "End of the game") and the king-move counter.
#pragma once

#include "core/move.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::core {

// A finished game's result for the side to move; NONE while play goes on.
enum class Outcome : std::uint8_t { NONE, WIN, DRAW, LOSS };

// What the one-piece-each rule decides at once in pos, or NONE if it does not apply.
// Under KING_WINS a lone king against a lone man wins whoever is to move; under
// DRAW any one piece against one piece is drawn; PLAY_ON never applies.
Outcome lone_pieces_outcome(const Position& pos, LonePieces rule);

// The game's end in pos: the one-piece-each rule first, then a side to move
// without a legal move loses. NONE when the side to move has a move to make.
Outcome game_outcome(const Position& pos, const Ruleset& rules);
// The same, filling `moves` with the legal moves when play goes on (and leaving
// it empty when the game is over).
Outcome game_outcome(const Position& pos, const Ruleset& rules, MoveList& moves);

// The king-move counter after `m` is played with the counter at `counter`:
// 0 after a zeroing ply (a capture or a man move), one more after a king move.
constexpr int counter_after(int counter, const Move& m) {
    return m.is_zeroing() ? 0 : counter + 1;
}

} // namespace damatb::core
