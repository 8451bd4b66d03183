// The probe report: what the tables say of a position, its value and every legal move with the
// value after it, best first. `damatb probe` (text, --json and --batch), the HTTP API and the
// Python module all ask for it here, and word its failures here.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "core/ruleset.h"
#include "damatb/probe.hpp"

namespace damatb::answers {

struct ProbeReport {
    core::Position pos;
    int counter = 0;                    // the king-move counter
    probe::Value value;                 // of pos at counter, for the side to move
    std::vector<probe::RootMove> moves; // best first; empty when the game is over or not asked
};

// Fills *out with pos's value at counter and, when with_moves, its moves. Returns OK, or the
// status of the probe that failed (probe::last_error() says why). Thread-safe as tb is.
probe::Status probe_report(const probe::Tablebase& tb, const core::Position& pos, int counter,
                           bool with_moves, ProbeReport* out);

// Why a king-move counter is out of range under rules ("32 is out of range: 0 to 31 under
// king-move limit 32"), or "" when it is in range.
std::string counter_problem(int counter, const core::Ruleset& rules);

// The message for a probe of pos that returned status: an invalid position or counter, else
// the probe's message (probe::last_error), which names the missing class, or the file and the
// reason.
std::string probe_failure_text(probe::Status status, const core::Position& pos);

} // namespace damatb::answers
