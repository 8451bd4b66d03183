// The JSON object of `damatb probe --json` and of each line of `damatb probe --batch`.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "damatb/probe.hpp"

namespace damatb::cli {

enum class MovesJson {
    LINES,    // the moves one per line (`probe --json`)
    ONE_LINE, // the whole object on one line (`probe --batch`)
    NONE,     // no "moves" (`probe --batch --no-moves`)
};

// {"fen", "counter", "result", "wdl", "dtz" (null unless win or loss), "moves": [{"move",
// "fen", "result", "wdl", "dtz", "counter"}, ...]}.
// A DTZ as JSON: null for none (-1).
std::string dtz_json(int dtz);

std::string probe_json(const core::Position& pos, int counter, const probe::Value& v,
                       const std::vector<probe::RootMove>& moves, MovesJson layout);

} // namespace damatb::cli
