// The symmetries of the board that never change a value (docs/values.md, "Classes
// and tables"): the file mirror always; with no man on the board, all eight.
//
// Symmetry s maps square (file f, rank r) as follows, applying in order:
// bit 2 (TRANSPOSE) swaps f and r, bit 0 (MIRROR_FILES) f -> 7 - f,
// bit 1 (MIRROR_RANKS) r -> 7 - r. Symmetry 0 is the identity, 1 the file mirror.
#pragma once

#include <array>

#include "core/position.h"
#include "core/types.h"

namespace damatb::core {

enum Symmetry : std::uint8_t {
    IDENTITY = 0, MIRROR_FILES = 1, MIRROR_RANKS = 2, TRANSPOSE = 4, SYMMETRY_NB = 8
};

constexpr int transform(int sq, int s) {
    int f = file_of(sq), r = rank_of(sq);
    if (s & TRANSPOSE) {
        int t = f;
        f = r;
        r = t;
    }
    if (s & MIRROR_FILES) f = 7 - f;
    if (s & MIRROR_RANKS) r = 7 - r;
    return make_square(f, r);
}

// TRANSFORMED[s][sq] = transform(sq, s).
inline constexpr auto TRANSFORMED = [] {
    std::array<std::array<std::int8_t, SQUARE_NB>, SYMMETRY_NB> t{};
    for (int s = 0; s < SYMMETRY_NB; ++s)
        for (int sq = 0; sq < SQUARE_NB; ++sq) t[s][sq] = static_cast<std::int8_t>(transform(sq, s));
    return t;
}();

// Files a <-> h: the bits of each byte reversed.
constexpr Bitboard mirror_files(Bitboard b) {
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

// Ranks 1 <-> 8: the bytes reversed.
constexpr Bitboard mirror_ranks(Bitboard b) { return __builtin_bswap64(b); }

// Files <-> ranks (the a1-h8 diagonal fixed), by three delta swaps.
constexpr Bitboard transpose(Bitboard b) {
    Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    return b ^ t ^ (t >> 7);
}

// The squares of b moved by symmetry s.
constexpr Bitboard transform(Bitboard b, int s) {
    if (s & TRANSPOSE) b = transpose(b);
    if (s & MIRROR_FILES) b = mirror_files(b);
    if (s & MIRROR_RANKS) b = mirror_ranks(b);
    return b;
}
// The position with every piece moved by symmetry s (side to move unchanged).
Position transform(const Position& pos, int s);

} // namespace damatb::core
