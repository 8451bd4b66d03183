#include <catch2/catch.hpp>

#include "core/ruleset.h"

using namespace damatb::core;

TEST_CASE("Ruleset: defaults and stable name", "[ruleset]") {
    Ruleset r;
    CHECK(r.promotion == Promotion::END_OF_MOVE);
    CHECK(r.lone_pieces == LonePieces::KING_WINS);
    CHECK(r.king_move_limit == 32);
    CHECK(r.name() == "end-of-move.king-wins.32");
    CHECK(Ruleset{Promotion::IMMEDIATE, LonePieces::PLAY_ON, 0}.name() == "immediate.play-on.0");
}

TEST_CASE("Ruleset: every name reads back", "[ruleset]") {
    for (auto p : {Promotion::END_OF_MOVE, Promotion::IMMEDIATE})
        for (auto l : {LonePieces::KING_WINS, LonePieces::DRAW, LonePieces::PLAY_ON})
            for (int limit : {0, 1, 32, 255}) {
                Ruleset r{p, l, static_cast<std::uint8_t>(limit)};
                auto back = parse_ruleset(r.name());
                REQUIRE(back.ok());
                CHECK(*back == r);
            }
}

TEST_CASE("Ruleset: bad names are refused with the reason", "[ruleset]") {
    CHECK(parse_ruleset("end-of-move.king-wins").error().find("expected") != std::string::npos);
    CHECK(parse_ruleset("sideways.king-wins.32").error().find("'sideways'") != std::string::npos);
    CHECK(parse_ruleset("immediate.maybe.32").error().find("'maybe'") != std::string::npos);
    CHECK(parse_ruleset("immediate.draw.256").error() ==
          "ruleset name 'immediate.draw.256': king-move limit 256 is not from 0 to 255");
    CHECK(parse_ruleset("immediate.draw.-1").error().find("'-1'") != std::string::npos);
    CHECK_FALSE(parse_king_move_limit("").ok());
    CHECK_FALSE(parse_king_move_limit("3x").ok());
    CHECK(*parse_king_move_limit("255") == 255);
    CHECK(parse_king_move_limit("99999999999999999999").error() ==
          "king-move limit '99999999999999999999' is not a whole number from 0 to 255");
}

TEST_CASE("Ruleset: option values in range make a ruleset, others say which is out", "[ruleset]") {
    CHECK(*make_ruleset(1, 2, 255) == Ruleset{Promotion::IMMEDIATE, LonePieces::PLAY_ON, 255});
    CHECK(*make_ruleset(0, 0, 32) == Ruleset{});
    CHECK(make_ruleset(2, 0, 32).error() == "promotion option 2 is not 0 (end-of-move) or 1 (immediate)");
    CHECK(make_ruleset(-1, 0, 32).error().starts_with("promotion option -1 "));
    CHECK(make_ruleset(0, 3, 32).error() ==
          "lone-pieces option 3 is not 0 (king-wins), 1 (draw) or 2 (play-on)");
    CHECK(make_ruleset(0, 0, 256).error() == "king-move limit 256 is not from 0 to 255");
    CHECK_FALSE(make_ruleset(0, 0, -1).ok());
}
