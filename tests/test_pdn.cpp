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

TEST_CASE("PDN: a tag missing its ']' or its closing '\"' is an error, not the next tag swallowed", "[pdn]") {
    auto error_of = [](const std::string& text) {
        const auto read = read_pdn(text);
        return read ? std::string("no error") : read.error();
    };
    // Read before as the Event "Cup" with the FEN tag lost, so the game began at the start.
    CHECK_THAT(error_of("[Event \"Cup\"\n[FEN \"W:Wc2,Kf2:BKh8\"]\n1. f2-f7 *"),
               Equals("game 1, tags: '[Event \"Cup\"': tag not closed: no ']' after its value"));
    CHECK_THAT(error_of("[Event \"Cup]\n[FEN \"W:Wc2,Kf2:BKh8\"]\n1. f2-f7 *"),
               Equals("game 1, tags: '[Event \"Cup]': tag not closed: its value has no closing '\"'"));
    CHECK_THAT(error_of("[Event \"Cup\" x]\n1. f2-f7 *"),
               Equals("game 1, tags: '[Event \"Cup\" x]': tag not closed: no ']' after its value"));
    // Spaces before the ']' and an escaped quote are still read.
    const auto read = read_pdn("[Event \"A \\\"B\\\"\"  ]\n[Round \"1\"]\n1. c3-c4 *");
    REQUIRE(read);
    CHECK((*read)[0].tag("Event") == "A \"B\"");
    CHECK((*read)[0].tag("Round") == "1");
}

TEST_CASE("PDN: a GameType of another game is refused by name before its moves", "[pdn]") {
    auto error_of = [](const std::string& text) {
        const auto read = read_pdn(text);
        return read ? std::string("no error") : read.error();
    };
    // International draughts' numeric moves would otherwise be the error.
    CHECK_THAT(error_of("[White \"X\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
               Equals("game 1 (White \"X\" - Black \"\"), tags: '[GameType \"20\"]': a game of 10x10 "
                      "international draughts (GameType 20), not of Turkish draughts (GameType 30)"));
    CHECK_THAT(error_of("[GameType \"21,B,8,8,N1,0\"]\n1. 11-15 *"),
               Equals("game 1, tags: '[GameType \"21,B,8,8,N1,0\"]': a game of English draughts "
                      "(GameType 21), not of Turkish draughts (GameType 30)"));
    CHECK_THAT(error_of("1. c3-c4 *\n[GameType \"99\"]\n1. c3-c4 *"),
               Equals("game 2, tags: '[GameType \"99\"]': a game of GameType 99, not of Turkish draughts "
                      "(GameType 30)"));
    CHECK_THAT(error_of("[GameType \"draughts\"]\n1. c3-c4 *"),
               Equals("game 1, tags: '[GameType \"draughts\"]': GameType 'draughts' is not a game type "
                      "number"));
    CHECK(read_pdn("[GameType \"30\"]\n1. c3-c4 *"));
    CHECK(read_pdn("[GameType \"30,W,8,8,A0,0\"]\n1. c3-c4 *"));
}

TEST_CASE("PDN: a long token is cut in the error", "[pdn]") {
    const auto read = read_pdn("1. c3-c4 " + std::string(8000, 'z') + " *");
    REQUIRE_FALSE(read);
    CHECK_THAT(read.error(), Equals("game 1, move 1: '" + std::string(60, 'z') +
                                    "...' (8000 characters): not a move (squares such as c3-c4 or d4xd6)"));
}
