#include "core/position.h"

namespace damatb::core {

std::string square_name(int sq) {
    return std::string{char('a' + file_of(sq)), char('1' + rank_of(sq))};
}

Result<Position> Position::make(Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                                Bitboard black_kings, Color side_to_move) {
    const Bitboard all[] = {white_men, white_kings, black_men, black_kings};
    Bitboard seen = 0;
    for (Bitboard b : all) {
        if (Bitboard twice = seen & b)
            return Result<Position>::failure("square " + square_name(lsb(twice)) +
                                             " holds two pieces");
        seen |= b;
    }
    if (Bitboard bad = white_men & (RANK_1_BB | RANK_8_BB))
        return Result<Position>::failure("a white man cannot stand on " + square_name(lsb(bad)));
    if (Bitboard bad = black_men & (RANK_1_BB | RANK_8_BB))
        return Result<Position>::failure("a black man cannot stand on " + square_name(lsb(bad)));
    return from_valid(white_men, white_kings, black_men, black_kings, side_to_move);
}

Position Position::from_valid(Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                              Bitboard black_kings, Color side_to_move) {
    Position p;
    p.men_[WHITE] = white_men;
    p.kings_[WHITE] = white_kings;
    p.men_[BLACK] = black_men;
    p.kings_[BLACK] = black_kings;
    p.side_ = side_to_move;
    return p;
}

Position Position::flipped() const {
    Position p;
    for (Color c : {WHITE, BLACK}) {
        p.men_[~c] = __builtin_bswap64(men_[c]);
        p.kings_[~c] = __builtin_bswap64(kings_[c]);
    }
    p.side_ = ~side_;
    return p;
}

Position Position::start() {
    Position p;
    p.men_[WHITE] = 0xFFFFULL << 8;
    p.men_[BLACK] = 0xFFFFULL << 40;
    return p;
}

Piece Position::piece_on(int sq) const {
    Bitboard b = square_bb(sq);
    if (men_[WHITE] & b) return Piece::WHITE_MAN;
    if (kings_[WHITE] & b) return Piece::WHITE_KING;
    if (men_[BLACK] & b) return Piece::BLACK_MAN;
    if (kings_[BLACK] & b) return Piece::BLACK_KING;
    return Piece::NONE;
}

Position Position::after(const Move& m) const {
    Position p = *this;
    const Color us = side_, them = ~side_;
    const Bitboard from = square_bb(m.from), to = square_bb(m.to);
    if (m.mover_is_king())
        p.kings_[us] ^= from;
    else
        p.men_[us] ^= from;
    if (m.ends_as_king())
        p.kings_[us] |= to;
    else
        p.men_[us] |= to;
    p.men_[them] &= ~m.captured;
    p.kings_[them] &= ~m.captured;
    p.side_ = them;
    return p;
}

} // namespace damatb::core
