// Small helpers shared by the tests.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::test {

// The position of a FEN the test knows to be valid (REQUIREs it).
core::Position fen(const std::string& text);

// The notations of every legal move of a FEN, sorted.
std::vector<std::string> move_names(const std::string& fen_text,
                                    core::Promotion promotion = core::Promotion::END_OF_MOVE);

} // namespace damatb::test
