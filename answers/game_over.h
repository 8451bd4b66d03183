// Words for a finished game (docs/rules.md, "End of the game").
#pragma once

#include <optional>
#include <string>

#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::answers {

// A line saying how the game in pos has ended, e.g. "game over: the side to
// move (White) loses (no legal move)"; nullopt while play goes on.
std::optional<std::string> game_over_text(const core::Position& pos, const core::Ruleset& rules);

// "White" or "Black".
std::string color_name(core::Color c);

} // namespace damatb::answers
