#include <catch2/catch.hpp>

#include "core/game.h"
#include "support/helpers.h"

using namespace damatb;
using core::LonePieces;
using core::Outcome;

namespace {
Outcome outcome(const std::string& fen, LonePieces rule) {
    core::Ruleset rules;
    rules.lone_pieces = rule;
    return core::game_outcome(test::fen(fen), rules);
}
} // namespace

TEST_CASE("Game: a side to move without a legal move loses", "[game]") {
    CHECK(outcome("W:Wa7:Bb7,c7,Ka8", LonePieces::KING_WINS) == Outcome::LOSS);
    CHECK(outcome("W:W:BKa1,d5", LonePieces::KING_WINS) == Outcome::LOSS);
    // The same men with Black to move: Black can move, play goes on.
    CHECK(outcome("B:Wa7:Bb7,c7,Ka8", LonePieces::KING_WINS) == Outcome::NONE);
}

TEST_CASE("Game: one piece each under king-wins", "[game]") {
    // A lone king against a lone man wins, whoever is to move.
    CHECK(outcome("W:WKa1:Bd5", LonePieces::KING_WINS) == Outcome::WIN);
    CHECK(outcome("B:WKa1:Bd5", LonePieces::KING_WINS) == Outcome::LOSS);
    CHECK(outcome("W:Wd4:BKh8", LonePieces::KING_WINS) == Outcome::LOSS);
    CHECK(outcome("B:Wd4:BKh8", LonePieces::KING_WINS) == Outcome::WIN);
    // Every other one-against-one is played on.
    CHECK(outcome("W:WKa1:BKh8", LonePieces::KING_WINS) == Outcome::NONE);
    CHECK(outcome("W:Wd4:Bf6", LonePieces::KING_WINS) == Outcome::NONE);
    // Two pieces against one: played on.
    CHECK(outcome("W:WKa1,b3:Bd5", LonePieces::KING_WINS) == Outcome::NONE);
}

TEST_CASE("Game: one piece each under draw", "[game]") {
    CHECK(outcome("W:WKa1:Bd5", LonePieces::DRAW) == Outcome::DRAW);
    CHECK(outcome("B:WKa1:Bd5", LonePieces::DRAW) == Outcome::DRAW);
    CHECK(outcome("W:WKa1:BKh8", LonePieces::DRAW) == Outcome::DRAW);
    CHECK(outcome("W:Wd4:Bf6", LonePieces::DRAW) == Outcome::DRAW);
    CHECK(outcome("W:WKa1,b3:Bd5", LonePieces::DRAW) == Outcome::NONE);
}

TEST_CASE("Game: one piece each under play-on", "[game]") {
    CHECK(outcome("W:WKa1:Bd5", LonePieces::PLAY_ON) == Outcome::NONE);
    CHECK(outcome("W:WKa1:BKh8", LonePieces::PLAY_ON) == Outcome::NONE);
    CHECK(outcome("B:WKa1:Bd5", LonePieces::PLAY_ON) == Outcome::NONE);
    CHECK(outcome("W:Wa7:BKa8", LonePieces::PLAY_ON) == Outcome::NONE);
    // The rule never overrides a capture of the last piece: the side left without
    // a piece has no move and loses.
    CHECK(outcome("B:W:BKa8", LonePieces::PLAY_ON) == Outcome::NONE);
    CHECK(outcome("W:W:BKa8", LonePieces::PLAY_ON) == Outcome::LOSS);
}

TEST_CASE("Game: the king-move counter", "[game]") {
    core::Move king_step{};
    king_step.flags = core::Move::MOVER_KING | core::Move::ENDS_KING;
    core::Move man_step{};
    core::Move king_capture = king_step;
    king_capture.captured = core::square_bb(core::SQ_D4);
    CHECK(core::counter_after(5, king_step) == 6);
    CHECK(core::counter_after(5, man_step) == 0);
    CHECK(core::counter_after(5, king_capture) == 0);
}
