// A position as a text diagram for people to read.
#pragma once

#include <string>

#include "core/position.h"

namespace damatb::cli {

// The letter of a piece in a diagram: w white man, W white king, b black man,
// B black king, '.' an empty square.
char piece_symbol(core::Piece piece);

// The board, rank 8 at the top, each rank a line with its number on the left,
// then the file letters under it; every line ends in '\n'. The start position:
//   8  . . . . . . . .
//   7  b b b b b b b b
//   ...
//   1  . . . . . . . .
//      a b c d e f g h
std::string board_diagram(const core::Position& pos);

} // namespace damatb::cli
