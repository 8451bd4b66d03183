// simple_movegen.h -- test oracle only, not part of the engine.
//
// A deliberately simple, obviously-correct Turkish draughts move generator,
// written straight from the rules specification (docs/rules.md) and independent of the
// fast bitboard generator in core/. It works on a plain 64-char board with
// plain loops (no bitboards, no tables) and exists so tests can cross-check
// the real generator (move lists, perft) on many positions.
//
// Rules implemented: men move one square forward/left/right; kings slide
// orthogonally; men capture forward/left/right by short jump; flying kings
// land on any empty square beyond the captured piece; captured pieces are
// removed at once; no 180-degree turn between consecutive jumps; capture is
// compulsory with the maximum-capture rule over all pieces; promotion either
// at end of move (default) or immediately (ruleset option promotion=immediate).
// One move is returned per distinct resulting position.
#pragma once
#include <array>
#include <cstdint>
#include <vector>
namespace simple {
// board[sq]: '.' empty, 'w' white man, 'W' white king, 'b' black man, 'B' black king.
// sq = rank*8 + file, a1 = 0, b1 = 1, ..., h8 = 63. White moves towards rank 8.
struct Board {
    std::array<char, 64> sq{};
    bool white_to_move = true;
    bool operator==(const Board&) const = default;
};
struct SimpleMove {
    int from = 0;
    int to = 0;
    std::vector<int> path;      // landing squares in order (for a quiet move: just {to})
    std::uint64_t captured = 0; // bit sq set for each captured square
    bool ends_as_king = false;  // the moving piece is a king after the move
    Board result;               // position after the move, other side to move
};
// Every legal move of the side to move, one per distinct resulting position,
// under the maximum-capture rule. immediate_promotion selects the ruleset option
// promotion=immediate (otherwise end-of-move).
std::vector<SimpleMove> legal_moves(const Board& b, bool immediate_promotion);
}
