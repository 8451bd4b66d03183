// The best line from a position: both sides always play the probe's first-ranked move, until
// the game ends, the king-move rule or a repetition draws, or a cap on plies stops it.
//
// Used by `damatb line`, the HTTP API, the Python module and the tests, which play it from won
// positions to check that the tables' first move wins. Nothing here prints.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/ruleset.h"
#include "damatb/probe.hpp"

namespace damatb::answers {

// Why a line stopped.
enum class LineEnd {
    GAME_OVER,       // no legal move, or the one-piece-each rule (game_outcome)
    KING_MOVE_LIMIT, // a king move brought the counter to the limit: drawn
    REPETITION,      // a position (side to move included) occurred a third time: drawn
    PLY_CAP,         // max_plies played without an end: no result
    TABLE_ERROR,     // probe_root failed: `status` says why; no result
};

struct LinePly {
    std::string move;       // docs/rules.md notation
    core::Position after;   // the position after the move
    std::string fen;        // its FEN
    int counter = 0;        // the king-move counter after the move
    int dtz = -1;           // the DTZ of the position after the move; -1 unless win or loss
};

struct BestLine {
    core::Position start;
    int start_counter = 0;
    std::vector<LinePly> plies;
    LineEnd end = LineEnd::GAME_OVER;
    // The result for the side to move at the start: WIN, DRAW or LOSS; NONE for PLY_CAP and
    // TABLE_ERROR.
    core::Outcome result = core::Outcome::NONE;
    probe::Status status = probe::Status::OK; // for TABLE_ERROR: what probe_root returned
    // Why it ended, in a few words: "Black, to move, has no legal move", "the king-move counter
    // reached 32", "W:WKa2:BKa8 occurred a third time".
    std::string why;
};

// A cap on plies no line between two best players of up to 5 pieces should come near.
inline constexpr int DEFAULT_MAX_PLIES = 2000;

// Plays the best line from `start` with the king-move counter at `counter` (which probe_root
// must accept), under `rules` (those tb was opened for). Thread-safe as tb is.
BestLine play_best_line(const probe::Tablebase& tb, const core::Ruleset& rules,
                        const core::Position& start, int counter,
                        int max_plies = DEFAULT_MAX_PLIES);

// "win", "draw", "loss" for an outcome other than NONE; "none" for NONE.
std::string outcome_word(core::Outcome outcome);

} // namespace damatb::answers
