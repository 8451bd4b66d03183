#include <catch2/catch.hpp>

#include "core/fen.h"

using namespace damatb::core;

namespace {
std::string error_of(const std::string& fen) {
    auto pos = parse_fen(fen);
    REQUIRE_FALSE(pos.ok());
    return pos.error();
}
} // namespace

TEST_CASE("FEN: the start position", "[fen]") {
    CHECK(to_fen(Position::start()) ==
          "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
          ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7");
}

TEST_CASE("FEN: reading and writing", "[fen]") {
    auto pos = parse_fen("W:Wa2,b3,Kc5:Bd7,Ke4");
    REQUIRE(pos.ok());
    CHECK(pos->men(WHITE) == (square_bb(SQ_A2) | square_bb(SQ_B3)));
    CHECK(pos->kings(WHITE) == square_bb(SQ_C5));
    CHECK(pos->men(BLACK) == square_bb(SQ_D7));
    CHECK(pos->kings(BLACK) == square_bb(SQ_E4));
    CHECK(pos->side_to_move() == WHITE);
    CHECK(to_fen(*pos) == "W:Wa2,b3,Kc5:BKe4,d7");
    // Any order, either case of file, the sides in either order, empty lists.
    CHECK(to_fen(*parse_fen("B:BKE4,D7:WC5,A2")) == "B:Wa2,c5:BKe4,d7");
    CHECK(to_fen(*parse_fen("W:Wa2:B")) == "W:Wa2:B");
    CHECK(to_fen(*parse_fen("  B:W:BKh8  ")) == "B:W:BKh8");
}

TEST_CASE("FEN: the side letters in either case, as the pieces", "[fen]") {
    // Lower-case pieces were always read; the side to move and the lists' letters now are too.
    CHECK(to_fen(*parse_fen("w:Wa2,Kc5:Bd7")) == "W:Wa2,Kc5:Bd7");
    CHECK(to_fen(*parse_fen("b:Wa2:Bkd7")) == "B:Wa2:BKd7");
    CHECK(to_fen(*parse_fen("b:wa2,kc5:bd7")) == "B:Wa2,Kc5:Bd7");
    CHECK(to_fen(*parse_fen(" w : bkh8 : w ")) == "W:W:BKh8");
    CHECK(error_of("x:Wa2:Bb7") == "FEN token 'x': the side to move must be W or B");
    CHECK(error_of("ww:Wa2:Bb7") == "FEN token 'ww': the side to move must be W or B");
    CHECK(error_of("w:wa2:wb3") == "FEN token 'wb3': White's pieces are listed twice");
}

TEST_CASE("FEN: long input is cut in the error", "[fen]") {
    // 8,000 characters of a bad side to move: the first 60, "...", and the length.
    const std::string side(8000, 'X');
    CHECK(error_of(side + ":Wa2:Bb7") ==
          "FEN token '" + std::string(60, 'X') + "...' (8000 characters): the side to move must be W or B");
    // A square of 8,000 characters.
    CHECK(error_of("W:Wa2," + std::string(8000, 'a') + ":Bb7") ==
          "FEN token '" + std::string(60, 'a') + "...' (8000 characters): unknown square");
    // A missing side names the whole FEN, cut too.
    const std::string many = "W:W" + std::string(100, ' ') + "a2";
    CHECK(error_of(many) ==
          "FEN '" + many.substr(0, 60) + "...' (105 characters): missing side ':B' (Black's pieces)");
}

TEST_CASE("FEN: round trips over many positions", "[fen]") {
    std::uint64_t seed = 12345;
    auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    for (int i = 0; i < 2000; ++i) {
        Bitboard taken = 0, bb[4] = {0, 0, 0, 0};
        int pieces = int(next() % 20);
        for (int k = 0; k < pieces; ++k) {
            int sq = int(next() % 64), kind = int(next() % 4);
            bool man = kind == 0 || kind == 2;
            if ((taken & square_bb(sq)) || (man && (rank_of(sq) == 0 || rank_of(sq) == 7)))
                continue;
            taken |= square_bb(sq);
            bb[kind] |= square_bb(sq);
        }
        auto pos = Position::make(bb[0], bb[1], bb[2], bb[3], next() % 2 ? WHITE : BLACK);
        REQUIRE(pos.ok());
        auto back = parse_fen(to_fen(*pos));
        REQUIRE(back.ok());
        CHECK(*back == *pos);
    }
}

TEST_CASE("FEN: each error names the offending token", "[fen]") {
    CHECK(error_of("") == "empty FEN");
    CHECK(error_of("X:Wa2:Bb7") == "FEN token 'X': the side to move must be W or B");
    CHECK(error_of("W:Wz9:Bb7") == "FEN token 'z9': unknown square");
    CHECK(error_of("W:Wa2,:Bb7") == "FEN token '': unknown square");
    CHECK(error_of("W:Wa2,Ka2:Bb7") == "FEN token 'Ka2': square a2 is used twice");
    CHECK(error_of("W:Wa2:Ba2") == "FEN token 'a2': square a2 is used twice");
    CHECK(error_of("W:Wa1:Bb7") == "FEN token 'a1': a white man cannot stand on rank 1");
    CHECK(error_of("W:Wa8:Bb7") == "FEN token 'a8': a white man cannot stand on rank 8");
    CHECK(error_of("W:Wa2:Bb8") == "FEN token 'b8': a black man cannot stand on rank 8");
    CHECK(error_of("W:Wa2:Bb1") == "FEN token 'b1': a black man cannot stand on rank 1");
    CHECK(error_of("W:Wa2") == "FEN 'W:Wa2': missing side ':B' (Black's pieces)");
    CHECK(error_of("W") == "FEN 'W': missing side ':W' (White's pieces)");
    CHECK(error_of("W:Wa2:Bb7:Wc3") == "FEN token 'Wc3': trailing text after both sides");
    CHECK(error_of("W:Wa2:Bb7 extra") == "FEN token 'extra': trailing text");
    CHECK(error_of("W:Wa2:Wb3") == "FEN token 'Wb3': White's pieces are listed twice");
    CHECK(error_of("W:Qa2:Bb7") == "FEN token 'Qa2': expected W or B followed by a list of squares");
    CHECK(error_of("W:Wa2:Bxb7") == "FEN token 'xb7': unknown square");
    CHECK(error_of("W:WKK:Bb7") == "FEN token 'KK': unknown square");
}
