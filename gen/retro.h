// Retro moves: the positions a quiet, non-crowning move leads from.
//
// The generator walks the game backwards inside one material class. For a
// position q with White to move, the previous move was Black's (in q's frame):
// a black king slid to its square, or a black man stepped there (forward, that
// is south, or sideways). for_each_predecessor calls f(p) for every position p,
// White to move (p is turned around, as tables store it), whose legal move leads
// to q: the piece stood on an empty square, the move was not a capture, and p
// had no capture (capturing is compulsory) and was not already over by the
// one-piece-each rule. Its second argument tells a king's move from a man's: the
// predecessors by king moves share their men, and their index can share its work
// (core::SharedIndex). Its third is the two squares of p's move, in p's frame.
#pragma once

#include "core/game.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/rays.h"

namespace damatb::gen {

enum class RetroKind { KING_MOVES, MAN_MOVES, ALL };

// At most this many predecessors, and four more (the padding below): a side's 16 pieces at
// most, each come from one of 14 squares at most.
inline constexpr std::size_t MAX_PREDECESSORS = 16 * 14 + 4;

template <typename F>
void for_each_predecessor(const core::Position& q, RetroKind kind, core::LonePieces lone, F&& f) {
    using namespace core;
    // Every predecessor has q's pieces, Black to move: the one-piece-each rule
    // decides all of them alike.
    const Position before = Position::from_valid(q.men(WHITE), q.kings(WHITE), q.men(BLACK),
                                                 q.kings(BLACK), BLACK);
    if (lone_pieces_outcome(before, lone) != Outcome::NONE) return;
    const Bitboard white = q.pieces(WHITE), empty = q.empty();
    const Bitboard men = q.men(BLACK), kings = q.kings(BLACK);

    // Black's pieces and the empty squares before each retro move (at most 14 per king,
    // 3 per man), then the capture check on four of them at a time.
    constexpr std::size_t MAX = MAX_PREDECESSORS;
    alignas(32) Bitboard men_before[MAX], kings_before[MAX], empty_before[MAX];
    std::size_t n = 0;
    auto add = [&](Bitboard m, Bitboard k, Bitboard moved) {
        men_before[n] = m;
        kings_before[n] = k;
        empty_before[n++] = empty ^ moved;
    };
    std::size_t by_kings = 0; // the first by_kings are king moves
    if (kind != RetroKind::MAN_MOVES) {
        for (Bitboard k = kings; k;) {
            const int to = pop_lsb(k);
            Bitboard origins = 0; // the squares a king slide to `to` came from
            for (int d = 0; d < DIRECTION_NB; ++d) origins |= slide(to, Direction(d), ~empty);
            for (Bitboard from = origins; from;) {
                const Bitboard moved = square_bb(to) | square_bb(pop_lsb(from));
                add(men, kings ^ moved, moved);
            }
        }
    }
    by_kings = n;
    if (kind != RetroKind::KING_MOVES) {
        for (Bitboard m = men; m;) {
            const Bitboard to = square_bb(pop_lsb(m));
            // A black man steps south or sideways: it came from the north or the side,
            // never from rank 8, where a black man cannot stand.
            const Bitboard origins =
                (shift(to, NORTH) | shift(to, EAST) | shift(to, WEST)) & empty & ~RANK_8_BB;
            for (Bitboard from = origins; from;) {
                const Bitboard moved = to | square_bb(pop_lsb(from));
                add(men ^ moved, kings, moved);
            }
        }
    }
    // Padding: no pieces, no capture, never handed on.
    for (std::size_t i = n; i % 4; ++i) men_before[i] = kings_before[i] = empty_before[i] = 0;

    // The moves after which Black had no capture (capturing is compulsory), kept without
    // a branch on the check, which is hard to predict.
    std::uint8_t kept[MAX];
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; i += 4) {
        const unsigned captures =
            can_capture4(BLACK, men_before + i, kings_before + i, white, empty_before + i, kings);
        for (unsigned j = 0; j < 4; ++j) {
            kept[count] = static_cast<std::uint8_t>(i + j);
            count += !((captures >> j) & 1);
        }
    }
    // The predecessors turned around, White to move, as tables store them.
    const Bitboard flipped_men = __builtin_bswap64(q.men(WHITE));
    const Bitboard flipped_kings = __builtin_bswap64(q.kings(WHITE));
    for (std::size_t c = 0; c < count; ++c) {
        const std::size_t i = kept[c];
        if (i >= n) break; // padding
        f(Position::from_valid(__builtin_bswap64(men_before[i]), __builtin_bswap64(kings_before[i]),
                               flipped_men, flipped_kings, WHITE),
          i < by_kings, __builtin_bswap64(empty_before[i] ^ empty));
    }
}

} // namespace damatb::gen
