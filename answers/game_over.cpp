#include "answers/game_over.h"

#include "core/game.h"

namespace damatb::answers {

std::string color_name(core::Color c) { return c == core::WHITE ? "White" : "Black"; }

std::optional<std::string> game_over_text(const core::Position& pos,
                                          const core::Ruleset& rules) {
    const std::string mover = "the side to move (" + color_name(pos.side_to_move()) + ")";
    switch (core::lone_pieces_outcome(pos, rules.lone_pieces)) {
    case core::Outcome::WIN:
        return "game over: " + mover +
               " wins by the one-piece-each rule (lone king against lone man)";
    case core::Outcome::LOSS:
        return "game over: " + mover +
               " loses by the one-piece-each rule (lone man against lone king)";
    case core::Outcome::DRAW:
        return std::string("game over: drawn by the one-piece-each rule (one piece each)");
    default: break;
    }
    if (core::game_outcome(pos, rules) == core::Outcome::LOSS)
        return "game over: " + mover + " loses (no legal move)";
    return std::nullopt;
}

} // namespace damatb::answers
