// The JSON object of a probe report: `damatb probe --json`, each line of `probe --batch`, the
// HTTP API's /api/v1/probe.
#pragma once

#include <string>

#include "answers/probe_report.h"

namespace damatb::answers {

enum class MovesJson {
    LINES,    // the moves one per line (`probe --json`)
    ONE_LINE, // the whole object on one line (`probe --batch`)
    NONE,     // no "moves" (`probe --batch --no-moves`)
};

// A DTZ as JSON: null for none (-1).
std::string dtz_json(int dtz);

// {"fen", "counter", "result", "wdl", "dtz" (null unless win or loss), "moves": [{"move",
// "fen", "result", "wdl", "dtz", "counter"}, ...]}.
std::string probe_json(const ProbeReport& report, MovesJson layout);

} // namespace damatb::answers
