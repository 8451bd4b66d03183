// Rays and slides along the four orthogonal lines, built at compile time.
#pragma once

#include <array>

#include "core/types.h"

namespace damatb::core {

// RAYS[d][sq]: the squares from sq (excluded) to the edge in direction d.
inline constexpr auto RAYS = [] {
    std::array<std::array<Bitboard, SQUARE_NB>, DIRECTION_NB> rays{};
    for (int d = 0; d < DIRECTION_NB; ++d)
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            for (int s = step(sq, Direction(d)); s != SQ_NONE; s = step(s, Direction(d)))
                rays[d][sq] |= square_bb(s);
    return rays;
}();

// NEIGHBOURS[d][sq]: the square next to sq in direction d, or SQ_NONE at the edge.
inline constexpr auto NEIGHBOURS = [] {
    std::array<std::array<std::int8_t, SQUARE_NB>, DIRECTION_NB> next{};
    for (int d = 0; d < DIRECTION_NB; ++d)
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            next[d][sq] = static_cast<std::int8_t>(step(sq, Direction(d)));
    return next;
}();

// True for the directions whose squares grow (NORTH, EAST): the nearest
// square of a ray is then its lowest bit.
constexpr bool increasing(Direction d) { return d == NORTH || d == EAST; }

// The square of `squares` nearest to the ray's origin; squares must be a
// non-empty subset of one ray in direction d.
inline int nearest(Bitboard squares, Direction d) {
    return increasing(d) ? lsb(squares) : msb(squares);
}

// The empty squares a slide from sq in direction d passes over before the
// first occupied square or the edge.
inline Bitboard slide(int sq, Direction d, Bitboard occupied) {
    Bitboard ray = RAYS[d][sq];
    Bitboard blockers = ray & occupied;
    if (!blockers) return ray;
    int b = nearest(blockers, d);
    return ray ^ RAYS[d][b] ^ square_bb(b);
}

} // namespace damatb::core
