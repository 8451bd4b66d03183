// A position: four bitboards and the side to move, valid by construction.
//
// Position::make checks the invariants of docs/rules.md (no square used twice, no man
// on its own first or last rank) and returns an error naming the first square
// that breaks one. Positions made by after() are valid because moves are.
#pragma once

#include <string>

#include "core/move.h"
#include "core/result.h"
#include "core/types.h"

namespace damatb::core {

enum class Piece : std::uint8_t { NONE, WHITE_MAN, WHITE_KING, BLACK_MAN, BLACK_KING };

class Position {
public:
    // The empty board with White to move.
    Position() = default;

    static Result<Position> make(Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                                 Bitboard black_kings, Color side_to_move);
    // The same without the checks, for callers that build valid positions only
    // (an index's unrank, a board turned around).
    static Position from_valid(Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                               Bitboard black_kings, Color side_to_move) {
        Position p;
        p.men_[WHITE] = white_men;
        p.kings_[WHITE] = white_kings;
        p.men_[BLACK] = black_men;
        p.kings_[BLACK] = black_kings;
        p.side_ = side_to_move;
        return p;
    }
    // The start position of docs/rules.md.
    static Position start();

    Bitboard men(Color c) const { return men_[c]; }
    Bitboard kings(Color c) const { return kings_[c]; }
    Bitboard pieces(Color c) const { return men_[c] | kings_[c]; }
    Bitboard occupied() const { return pieces(WHITE) | pieces(BLACK); }
    Bitboard empty() const { return ~occupied(); }
    Color side_to_move() const { return side_; }
    Piece piece_on(int sq) const;

    // The position after a legal move of this position.
    Position after(const Move& m) const {
        // Built in registers, without a branch on the kind of move: stores through an
        // index by colour would make the next load of the position wait.
        const Color us = side_, them = ~side_;
        const Bitboard from = square_bb(m.from), to = square_bb(m.to);
        const Bitboard was_king = Bitboard{0} - Bitboard{m.mover_is_king()};
        const Bitboard is_king = Bitboard{0} - Bitboard{m.ends_as_king()};
        const Bitboard men = (men_[us] & ~(from & ~was_king)) | (to & ~is_king);
        const Bitboard kings = (kings_[us] & ~(from & was_king)) | (to & is_king);
        const Bitboard their_men = men_[them] & ~m.captured;
        const Bitboard their_kings = kings_[them] & ~m.captured;
        return us == WHITE ? from_valid(men, kings, their_men, their_kings, BLACK)
                           : from_valid(their_men, their_kings, men, kings, WHITE);
    }
    // The board turned around: colours swapped, ranks mirrored, the other side to move.
    Position flipped() const {
        return from_valid(__builtin_bswap64(men_[BLACK]), __builtin_bswap64(kings_[BLACK]),
                          __builtin_bswap64(men_[WHITE]), __builtin_bswap64(kings_[WHITE]), ~side_);
    }

    bool operator==(const Position&) const = default;

private:
    Bitboard men_[COLOR_NB] = {0, 0};
    Bitboard kings_[COLOR_NB] = {0, 0};
    Color side_ = WHITE;
};

// The name of a square, "a1" to "h8".
std::string square_name(int sq);

} // namespace damatb::core
