// The arguments the module's functions share, read with the tool's words for what is wrong: the
// ruleset's words, a position given as a FEN or a damatb.Position, the king-move counter.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::python {

namespace py = pybind11;

// The ruleset of these words (docs/rules.md, "Ruleset options"); ValueError naming a bad one.
core::Ruleset ruleset(const std::string& promotion, const std::string& lone_pieces, int king_move_limit);
core::Promotion promotion_rule(const std::string& word);

// The position of a FEN; PositionError naming the offending token.
core::Position read_fen(const std::string& fen);

// PositionError (a ValueError) unless counter is at least 0 ("counter -1 is out of range: at least 0").
void check_counter(int counter);

// A position argument: a FEN string, or a damatb.Position with its counter and promotion rule.
struct PositionArg {
    core::Position pos;
    int counter = 0;                                          // the Position's; 0 for a FEN
    core::Promotion promotion = core::Promotion::END_OF_MOVE; // the Position's; the default for a FEN
};

// Reads `fen`, a str or a damatb.Position; TypeError naming the type of anything else.
PositionArg position_arg(const py::handle& fen);

} // namespace damatb::python
