#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/notation.h"
#include "support/helpers.h"

using namespace damatb;
using core::Promotion;

namespace {
std::string parse_error(const std::string& fen, const std::string& text,
                        Promotion promotion = Promotion::END_OF_MOVE) {
    auto m = core::parse_move(test::fen(fen), text, promotion);
    REQUIRE_FALSE(m.ok());
    return m.error();
}
} // namespace

TEST_CASE("Notation: every legal move reads back as itself", "[notation]") {
    for (const char* fen : {"W:Wc6:Bc7,Kd8", "W:WKb2:Bc2,b4,e4,d6", "W:Wf4,Kd4,d6:Bd2,Kd1",
                            "B:WKa1:Bd5", "W:Wc3,Kh1:Bc4,f4,Kg1"}) {
        for (auto promotion : {Promotion::END_OF_MOVE, Promotion::IMMEDIATE}) {
            core::Position pos = test::fen(fen);
            core::MoveList moves;
            core::generate_moves(pos, promotion, moves);
            for (const core::Move& m : moves) {
                std::string text = core::move_to_string(pos, m, promotion);
                auto back = core::parse_move(pos, text, promotion);
                INFO(fen << " " << text << " " << back.error());
                REQUIRE(back.ok());
                CHECK(*back == m);
            }
        }
    }
}

TEST_CASE("Notation: short and upper-case forms", "[notation]") {
    core::Position pos = test::fen("W:Wc6:Bc7,Kd8");
    auto short_form = core::parse_move(pos, "c6xe8", Promotion::END_OF_MOVE);
    REQUIRE(short_form.ok());
    CHECK(core::move_to_string(pos, *short_form, Promotion::END_OF_MOVE) == "c6xc8xe8");
    CHECK(core::parse_move(pos, "C6XC8XE8", Promotion::END_OF_MOVE).ok());
}

TEST_CASE("Notation: bad moves are refused with the reason", "[notation]") {
    CHECK(parse_error("W:Wd4:BKh8", "d4-d3") == "move 'd4-d3': not a legal move here");
    CHECK(parse_error("W:Wd4:BKh8", "e4-e5") == "move 'e4-e5': no piece of the side to move on e4");
    CHECK(parse_error("W:Wd4:BKh8", "d4-z5") == "move 'd4-z5': 'z5' is not a square");
    CHECK(parse_error("W:Wd4:BKh8", "d4") == "move 'd4': expected squares joined by - or x");
    CHECK(parse_error("W:Wd4:BKh8", "d4-d5-d6") ==
          "move 'd4-d5-d6': a move without capture names two squares");
    CHECK(parse_error("W:Wd4:BKh8", "d4xd6") == "move 'd4xd6': there is no capture here");
    CHECK(parse_error("W:Wd4,h2:Bd5,Ka8", "h2-h3") == "move 'h2-h3': a capture is compulsory here");
    CHECK(parse_error("W:Wa3,e3:Ba4,d5,e4", "a3xa5") ==
          "move 'a3xa5': takes 1 pieces, but a capture here must take 2");
    CHECK(parse_error("W:Wa3,e3:Ba4,d5,e4", "e3xe5-c5") == "move 'e3xe5-c5': mixes '-' and 'x'");
    CHECK(parse_error("W:WKa4:Bd4", "a4xc4") == "move 'a4xc4': not a legal capture here");
    // Ka7 can reach g7 over a6, d2, g6 or over a6, b3, g6: the short form is ambiguous.
    CHECK(parse_error("W:WKa7:Bd2,b3,a6,g6", "a7xg7") ==
          "move 'a7xg7': 2 captures go from a7 to g7; name every landing square");
    CHECK(core::parse_move(test::fen("W:WKa7:Bd2,b3,a6,g6"), "a7xa3xg3xg7", Promotion::END_OF_MOVE)
              ->captured == (core::square_bb(core::SQ_A6) | core::square_bb(core::SQ_B3) |
                             core::square_bb(core::SQ_G6)));
}
