// The PDN reader of `damatb annotate` (core/pdn.h): tags, move numbers, what it skips, and errors
// that name the game, the move number and the token.
#include <string>

#include <catch2/catch.hpp>

#include "core/pdn.h"

using Catch::Matchers::Equals;
using damatb::core::read_pdn;

TEST_CASE("PDN: tags, numbered moves, comments, variations and results", "[pdn]") {
    const auto read = read_pdn(R"([Event "Cup \"A\""]
[White "A"] [Black "B"]
[FEN "W:Wc2,Kf2:BKh8"]
1. f2-f7 {a comment} h8-f8 ; to the end of the line
2.f7-a7! (2. c2-b2? f8xf2xa2) f8-a8 $3 3... a8-a1 1-0

[White "C"]
12... c6-c5 13. d3-d4 *
1. c3-c4
)");
    REQUIRE(read);
    const auto& games = *read;
    REQUIRE(games.size() == 3);
    CHECK(games[0].number == 1);
    CHECK(games[0].tag("Event") == "Cup \"A\"");
    CHECK(games[0].tag("FEN") == "W:Wc2,Kf2:BKh8");
    CHECK(games[0].tag("Round").empty());
    CHECK(games[0].label() == "game 1 (White \"A\" - Black \"B\")");
    CHECK(games[0].result == "1-0");
    REQUIRE(games[0].moves.size() == 5);
    const std::vector<std::pair<int, bool>> numbers{{1, false}, {1, true}, {2, false}, {2, true}, {3, true}};
    const std::vector<std::string> texts{"f2-f7", "h8-f8", "f7-a7", "f8-a8", "a8-a1"};
    for (std::size_t k = 0; k < 5; ++k) {
        CHECK(games[0].moves[k].number == numbers[k].first);
        CHECK(games[0].moves[k].black == numbers[k].second);
        CHECK(games[0].moves[k].text == texts[k]);
    }
    CHECK(games[1].moves.size() == 2);
    CHECK(games[1].moves[0].number == 12);
    CHECK(games[1].moves[0].black);
    CHECK(games[1].moves[1].number == 13);
    CHECK(games[1].result == "*");
    // A game with no result and no tags after the last one.
    CHECK(games[2].number == 3);
    CHECK(games[2].moves.size() == 1);
    CHECK(games[2].result.empty());
    CHECK(games[2].label() == "game 3");
}

TEST_CASE("PDN: errors name the game, the move number and the token", "[pdn]") {
    auto error_of = [](const char* text) {
        const auto read = read_pdn(text);
        return read ? std::string("no error") : read.error();
    };
    CHECK_THAT(error_of("[White \"X\"][Black \"Y\"]\n1. c3-c4 f6-f5 2. z9-c5 *"),
               Equals("game 1 (White \"X\" - Black \"Y\"), move 2: 'z9-c5': not a move (squares such as "
                      "c3-c4 or d4xd6)"));
    CHECK_THAT(error_of("1. c3-c4 *\n\n1. c3-c4 {open"),
               Equals("game 2, move 1: '{open': comment not closed"));
    CHECK_THAT(error_of("1. c3-c4 (2. d3-d4"), Equals("game 1, move 1: '(2. d3-d4': variation not closed"));
    CHECK_THAT(error_of("[White X]\n1. c3-c4"),
               Equals("game 1, tags: '[White X]': a tag is [Name \"value\"]"));
    CHECK_THAT(error_of("1x. c3-c4"), Equals("game 1, move 1: '1x.': not a move number or a move"));
}
