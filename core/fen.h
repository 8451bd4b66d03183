// Position notation (docs/rules.md, "Position notation (FEN)"): the FEN of PDN, e.g.
// "W:Wa2,b3,Kc5:Bd7,Ke4" (White to move; white men a2 and b3, a white king on
// c5; a black man on d7 and a black king on e4).
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace damatb::core {

// The FEN of pos, each side's pieces in square order (a1 first), men and kings mixed.
std::string to_fen(const Position& pos);

// Reads a FEN. Squares may come in any order; the side letters (W, B), K and files
// in either case; an error names the offending token, cut when long (quote_input):
// an unknown square, a square used twice, a man on a rank it cannot stand on, a
// missing side, trailing text.
Result<Position> parse_fen(std::string_view fen);

// Reads a square name such as "c3" or "C3"; SQ_NONE if it is not one.
int parse_square(std::string_view text);

} // namespace damatb::core
