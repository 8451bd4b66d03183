// `damatb probe --batch`: many positions probed in one process, one line in, one line out.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <ostream>

#include "core/ruleset.h"
#include "damatb/probe.hpp"

namespace damatb::answers {

// Reads lines "FEN [COUNTER]" from in (the counter, 0 when left out, is the last word of the
// line when it is a number; blank lines are skipped) and writes for each one line to out: the
// object of `probe --json` on one line (without "moves" when with_moves is false), or
// {"input": LINE, "error": WHY} for a line that cannot be answered (a bad FEN, a counter out of
// range, a class missing, a damaged file). Output is flushed whenever no more input is waiting
// (input_waiting(), when given, says whether more is there beyond what `in` holds already), so
// that a program can write a line and wait for its answer. Returns the number of lines that
// failed.
std::uint64_t probe_batch(std::istream& in, std::ostream& out, const probe::Tablebase& tb,
                          const core::Ruleset& rules, bool with_moves,
                          const std::function<bool()>& input_waiting = {});

} // namespace damatb::answers
