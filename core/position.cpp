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

} // namespace damatb::core
