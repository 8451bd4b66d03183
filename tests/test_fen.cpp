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
