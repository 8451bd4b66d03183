// The words and the JSON object of a best line: `damatb line` and the HTTP API's /api/v1/line.
#pragma once

#include <string>

#include "answers/best_line.h"

namespace damatb::answers {

// How the line ended, for a person: "White wins: Black has no piece left", "drawn: the
// king-move counter reached 32", "no result: stopped after 2000 plies".
std::string outcome_text(const BestLine& line);

// {"fen", "counter", "moves": [{"move", "fen", "counter", "dtz"}, ...] (one per line),
// "outcome": {"result" (win, draw, loss for the side to move at the start; null when
// stopped), "winner" (white, black or null), "reason" (game-over, king-move-limit, repetition,
// ply-cap), "text" (outcome_text)}}. A ply's dtz is the DTZ of the position after it (null
// unless win or loss).
std::string line_json(const BestLine& line);

} // namespace damatb::answers
