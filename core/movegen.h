// Legal move generation (docs/rules.md, "Moves without capture", "Captures",
// "Promotion", "Move identity").
//
// When the side to move can capture, only the capture sequences that take the
// most pieces are legal; otherwise every man step and king slide is. Each
// resulting position is listed once.
#pragma once

#include <cstddef>
#include <cstdint>

#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "core/move.h"
#include "core/position.h"
#include "core/types.h"
#include "core/ruleset.h"

namespace damatb::core {

// Fills `moves` with every legal move of the side to move.
void generate_moves(const Position& pos, Promotion promotion, MoveList& moves);

// generate_moves for a position whose side to move has no capture (has_capture false, which is
// not checked: a caller that knows it spares the capture test): the men's steps and the kings'
// slides.
void generate_quiet_moves(const Position& pos, MoveList& moves);

// The number of legal moves; the same as generate_moves(...).size(), faster.
std::size_t count_moves(const Position& pos, Promotion promotion);

// The legal moves of one kind that capture nothing into `moves`, as generate_moves lists them:
// the men's steps (`men`, crownings included) or the kings' slides; none when the side to move
// can capture (then only captures are legal). Cheaper than generate_moves where only one kind
// is wanted: the other is not listed.
void generate_steps(const Position& pos, bool men, MoveList& moves);

// generate_steps for a position whose side to move has no capture (has_capture false, which is
// not checked, as in generate_quiet_moves).
void generate_quiet_steps(const Position& pos, bool men, MoveList& moves);

// The legal moves that change the material (captures, and steps that crown a man) into
// `moves`, as generate_moves lists them; returns whether there is any other legal move.
// Cheaper than generate_moves where no capture is on: the other moves are not listed.
bool generate_material_changes(const Position& pos, Promotion promotion, MoveList& moves);

namespace detail {

// shift(b, D), for a Bitboard or for four side by side (a vector).
template <Direction D, typename B>
inline B shift_by(B b) {
    if constexpr (D == NORTH) return b << 8;
    else if constexpr (D == SOUTH) return b >> 8;
    else if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
    else return (b & ~FILE_A_BB) >> 1;
}

// The squares `gen` reaches by sliding in direction D over the squares of `pro` (the
// empty ones), the starting squares included: a Kogge-Stone fill.
template <Direction D, typename B>
inline B slide_fill(B gen, B pro) {
    constexpr int step = D == NORTH || D == SOUTH ? 8 : 1;
    auto move = [](B b, int n) { return D == NORTH || D == EAST ? b << n : b >> n; };
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

} // namespace detail

// The opponents in `them` that men of colour `us` capture (every square not in `empty`
// is occupied): each next to a man, in a direction the man moves in, with the square
// beyond empty.
template <typename B>
inline B men_captures(Color us, B men, B them, B empty) {
    using namespace detail;
    B ahead = us == WHITE ? shift_by<NORTH>(men) & shift_by<SOUTH>(empty)
                          : shift_by<SOUTH>(men) & shift_by<NORTH>(empty);
    return them & (ahead | (shift_by<EAST>(men) & shift_by<WEST>(empty)) |
                   (shift_by<WEST>(men) & shift_by<EAST>(empty)));
}

// The opponents in `them` that kings capture: the first piece a king's line meets, with
// the square beyond empty. Every direction at once, without a branch.
template <typename B>
inline B king_captures(B kings, B them, B empty) {
    using namespace detail;
    return (shift_by<NORTH>(slide_fill<NORTH>(kings, empty)) & them & shift_by<SOUTH>(empty)) |
           (shift_by<EAST>(slide_fill<EAST>(kings, empty)) & them & shift_by<WEST>(empty)) |
           (shift_by<SOUTH>(slide_fill<SOUTH>(kings, empty)) & them & shift_by<NORTH>(empty)) |
           (shift_by<WEST>(slide_fill<WEST>(kings, empty)) & them & shift_by<EAST>(empty));
}

// True when the pieces `men` and `kings` of colour `us` can capture one of `them`.
inline bool can_capture(Color us, Bitboard men, Bitboard kings, Bitboard them, Bitboard empty) {
    const Bitboard by_men = men_captures(us, men, them, empty);
    if (!kings) return by_men;
    return by_men | king_captures(kings, them, empty);
}

// can_capture for four positions at once, position j given by men[j], kings[j], them[j] and
// empty[j]: bit j of the result is set when the side can capture in position j. With AVX2, the
// four are checked side by side in one register; `any_kings` false skips the kings' lines.
inline unsigned can_capture4(Color us, const Bitboard* men, const Bitboard* kings, const Bitboard* them,
                             const Bitboard* empty, bool any_kings) {
#ifdef __AVX2__
    using Bitboards4 = std::uint64_t __attribute__((vector_size(32)));
    Bitboards4 m, k, t, e;
    __builtin_memcpy(&m, men, sizeof m);
    __builtin_memcpy(&k, kings, sizeof k);
    __builtin_memcpy(&t, them, sizeof t);
    __builtin_memcpy(&e, empty, sizeof e);
    Bitboards4 captured = men_captures(us, m, t, e);
    if (any_kings) captured |= king_captures(k, t, e);
    const __m256i nonzero = (__m256i)(captured != Bitboards4{0, 0, 0, 0}); // lanes of all ones
    return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(nonzero)));
#else
    unsigned bits = 0;
    for (int j = 0; j < 4; ++j)
        bits |= unsigned(can_capture(us, men[j], any_kings ? kings[j] : 0, them[j], empty[j])) << j;
    return bits;
#endif
}

// The same with the opponents `them` the same in all four positions.
inline unsigned can_capture4(Color us, const Bitboard* men, const Bitboard* kings, Bitboard them,
                             const Bitboard* empty, bool any_kings) {
    const Bitboard all[4] = {them, them, them, them};
    return can_capture4(us, men, kings, all, empty, any_kings);
}

// True when the side to move has a capture (and so must capture).
inline bool has_capture(const Position& pos) {
    const Color us = pos.side_to_move();
    return can_capture(us, pos.men(us), pos.kings(us), pos.pieces(~us), pos.empty());
}

// Whether the opponent can capture after each of moves[0..n) (1 <= n <= 4), steps of the side to
// move in pos that capture nothing and crown no man: bit j set for moves[j], as
// has_capture(pos.after(moves[j])) tells, the four at once (can_capture4).
inline unsigned captures_after_steps4(const Position& pos, const Move* moves, std::size_t n) {
    const Color us = pos.side_to_move();
    const Bitboard ours = pos.pieces(us), theirs = pos.pieces(~us);
    Bitboard men[4], kings[4], them[4], empty[4];
    for (std::size_t j = 0; j < 4; ++j) {
        const Move& m = moves[j < n ? j : 0];
        men[j] = pos.men(~us);
        kings[j] = pos.kings(~us);
        them[j] = ours ^ square_bb(m.from) ^ square_bb(m.to);
        empty[j] = ~(them[j] | theirs);
    }
    return can_capture4(~us, men, kings, them, empty, pos.kings(~us) != 0) & ((1u << n) - 1);
}

} // namespace damatb::core
