// The ruleset options of RULES.md and their stable printable name.
//
// The name reads `promotion.lone-pieces.limit`, for example the default
// `end-of-move.king-wins.32`; table files carry it and readers compare it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace damatb::core {

enum class Promotion : std::uint8_t { END_OF_MOVE = 0, IMMEDIATE = 1 };
enum class LonePieces : std::uint8_t { KING_WINS = 0, DRAW = 1, PLAY_ON = 2 };

struct Ruleset {
    Promotion promotion = Promotion::END_OF_MOVE;
    LonePieces lone_pieces = LonePieces::KING_WINS;
    // Consecutive plies of king moves without capture that draw; 0 turns the rule off.
    std::uint8_t king_move_limit = 32;

    bool operator==(const Ruleset&) const = default;
    // The stable name, e.g. "end-of-move.king-wins.32".
    std::string name() const;
};

std::string_view to_string(Promotion p);
std::string_view to_string(LonePieces l);
Result<Promotion> parse_promotion(std::string_view text);
Result<LonePieces> parse_lone_pieces(std::string_view text);
Result<std::uint8_t> parse_king_move_limit(std::string_view text);
// Reads a name written by Ruleset::name().
Result<Ruleset> parse_ruleset(std::string_view name);

} // namespace damatb::core
