// The vocabulary of the game: squares, colours, directions, bitboards.
//
// Square layout: a square is rank * 8 + file, with a1 = 0, b1 = 1, ..., h1 = 7,
// a2 = 8, ..., h8 = 63. Bit n of a Bitboard stands for square n. White moves
// towards rank 8 (NORTH), Black towards rank 1 (SOUTH).
#pragma once

#include <bit>
#include <cstdint>

namespace damatb::core {

using Bitboard = std::uint64_t;

enum Square : std::int8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE,
    SQUARE_NB = 64
};

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

// The four orthogonal directions, in the order used by every direction loop.
enum Direction : std::uint8_t { NORTH, EAST, SOUTH, WEST, DIRECTION_NB = 4 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr Direction opposite(Direction d) { return Direction((d + 2) & 3); }

constexpr int file_of(int sq) { return sq & 7; }
constexpr int rank_of(int sq) { return sq >> 3; }
constexpr int make_square(int file, int rank) { return rank * 8 + file; }
constexpr Bitboard square_bb(int sq) { return Bitboard{1} << sq; }

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;

// The rank a man of colour c is crowned on.
constexpr Bitboard last_rank_bb(Color c) { return c == WHITE ? RANK_8_BB : RANK_1_BB; }
constexpr Direction forward(Color c) { return c == WHITE ? NORTH : SOUTH; }

// The bitboard moved one step in direction d; squares falling off the board vanish.
constexpr Bitboard shift(Bitboard b, Direction d) {
    switch (d) {
    case NORTH: return b << 8;
    case SOUTH: return b >> 8;
    case EAST: return (b & ~FILE_H_BB) << 1;
    default: return (b & ~FILE_A_BB) >> 1;
    }
}

// The square one step from sq in direction d, or SQ_NONE off the board.
constexpr int step(int sq, Direction d) {
    switch (d) {
    case NORTH: return sq < 56 ? sq + 8 : SQ_NONE;
    case SOUTH: return sq >= 8 ? sq - 8 : SQ_NONE;
    case EAST: return file_of(sq) < 7 ? sq + 1 : SQ_NONE;
    default: return file_of(sq) > 0 ? sq - 1 : SQ_NONE;
    }
}

inline int popcount(Bitboard b) { return std::popcount(b); }
inline int lsb(Bitboard b) { return std::countr_zero(b); }
inline int msb(Bitboard b) { return 63 - std::countl_zero(b); }
inline int pop_lsb(Bitboard& b) {
    int s = lsb(b);
    b &= b - 1;
    return s;
}

} // namespace damatb::core
