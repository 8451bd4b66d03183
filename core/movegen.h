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
#include "core/types.h"
#include "core/ruleset.h"

namespace damatb::core {

// Fills `moves` with every legal move of the side to move.
void generate_moves(const Position& pos, Promotion promotion, MoveList& moves);

// The number of legal moves; the same as generate_moves(...).size(), faster.
std::size_t count_moves(const Position& pos, Promotion promotion);

namespace detail {

// The squares `gen` reaches by sliding in direction d over the squares of `pro` (the
// empty ones), the starting squares included: a Kogge-Stone fill.
template <Direction D>
inline Bitboard slide_fill(Bitboard gen, Bitboard pro) {
    constexpr int step = D == NORTH || D == SOUTH ? 8 : 1;
    auto move = [](Bitboard b, int n) { return D == NORTH || D == EAST ? b << n : b >> n; };
    // Sideways, the fill must not wrap from one edge file to the other.
    if constexpr (D == EAST) pro &= ~FILE_A_BB;
    if constexpr (D == WEST) pro &= ~FILE_H_BB;
    gen |= pro & move(gen, step);
    pro &= move(pro, step);
    gen |= pro & move(gen, 2 * step);
    pro &= move(pro, 2 * step);
    gen |= pro & move(gen, 4 * step);
    return gen;
}

// True when a king on `kings` captures in direction D: the first piece its line meets
// is in `jumpable`.
template <Direction D>
inline bool king_captures(Bitboard kings, Bitboard empty, Bitboard jumpable) {
    return shift(slide_fill<D>(kings, empty), D) & jumpable;
}

} // namespace detail

// True when the pieces `men` and `kings` of colour `us` can capture one of `them` (every
// other square of the board is in `empty`): a man next to an opponent, in a direction
// it moves in, with the square beyond empty; a king whose line meets an opponent first,
// with the square beyond empty.
inline bool can_capture(Color us, Bitboard men, Bitboard kings, Bitboard them, Bitboard empty) {
    // The opponents that can be jumped in direction d: the square beyond them is empty.
    const Bitboard jump_north = them & shift(empty, SOUTH), jump_south = them & shift(empty, NORTH);
    const Bitboard jump_east = them & shift(empty, WEST), jump_west = them & shift(empty, EAST);
    const Bitboard forward_jump = us == WHITE ? jump_north : jump_south;
    if ((shift(men, forward(us)) & forward_jump) | (shift(men, EAST) & jump_east) |
        (shift(men, WEST) & jump_west))
        return true;
    if (!kings) return false;
    return detail::king_captures<NORTH>(kings, empty, jump_north) ||
           detail::king_captures<EAST>(kings, empty, jump_east) ||
           detail::king_captures<SOUTH>(kings, empty, jump_south) ||
           detail::king_captures<WEST>(kings, empty, jump_west);
}

// True when the side to move has a capture (and so must capture).
inline bool has_capture(const Position& pos) {
    const Color us = pos.side_to_move();
    return can_capture(us, pos.men(us), pos.kings(us), pos.pieces(~us), pos.empty());
}

} // namespace damatb::core
