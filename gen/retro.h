// Retro moves: the positions a quiet, non-crowning move leads from.
//
// The generator walks the game backwards inside one material class. For a
// position q with White to move, the previous move was Black's (in q's frame):
// a black king slid to its square, or a black man stepped there (forward, that
// is south, or sideways). for_each_predecessor calls f(p) for every position p,
// White to move (p is turned around, as tables store it), whose legal move leads
// to q: the piece stood on an empty square, the move was not a capture, and p
// had no capture (capturing is compulsory) and was not already over by the
// one-piece-each rule.
#pragma once

#include "core/game.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/rays.h"

namespace damatb::gen {

enum class RetroKind { KING_MOVES, MAN_MOVES, ALL };

template <typename F>
void for_each_predecessor(const core::Position& q, RetroKind kind, core::LonePieces lone, F&& f) {
    using namespace core;
    // Every predecessor has q's pieces, Black to move: the one-piece-each rule
    // decides all of them alike.
    const Position before = Position::from_valid(q.men(WHITE), q.kings(WHITE), q.men(BLACK),
                                                 q.kings(BLACK), BLACK);
    if (lone_pieces_outcome(before, lone) != Outcome::NONE) return;
    const Bitboard white = q.pieces(WHITE), empty = q.empty();
    // White's pieces as they stand in the predecessor turned around (Black's there).
    const Bitboard flipped_men = __builtin_bswap64(q.men(WHITE));
    const Bitboard flipped_kings = __builtin_bswap64(q.kings(WHITE));
    // The position before Black's move (Black to move), given Black's pieces and the
    // squares left empty; it counts when Black had no capture there.
    auto emit = [&](Bitboard men, Bitboard kings, Bitboard empty_before) {
        if (can_capture(BLACK, men, kings, white, empty_before)) return;
        f(Position::from_valid(__builtin_bswap64(men), __builtin_bswap64(kings), flipped_men,
                               flipped_kings, WHITE));
    };
    const Bitboard men = q.men(BLACK), kings = q.kings(BLACK);
    if (kind != RetroKind::MAN_MOVES) {
        for (Bitboard k = kings; k;) {
            const int to = pop_lsb(k);
            for (int d = 0; d < DIRECTION_NB; ++d)
                for (Bitboard from = slide(to, Direction(d), ~empty); from;) {
                    const Bitboard moved = square_bb(to) ^ square_bb(pop_lsb(from));
                    emit(men, kings ^ moved, empty ^ moved);
                }
        }
    }
    if (kind != RetroKind::KING_MOVES) {
        for (Bitboard m = men; m;) {
            const int to = pop_lsb(m);
            // A black man steps south or sideways: it came from the north or the side.
            for (Direction d : {NORTH, EAST, WEST}) {
                const int from = NEIGHBOURS[d][to];
                if (from == SQ_NONE || !(empty & square_bb(from)) || rank_of(from) == 7) continue;
                const Bitboard moved = square_bb(to) ^ square_bb(from);
                emit(men ^ moved, kings, empty ^ moved);
            }
        }
    }
}

} // namespace damatb::gen
