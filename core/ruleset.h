// The ruleset options of docs/rules.md and their stable printable name.
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
// The ruleset of these option values, or why one is out of range (e.g. "lone-pieces option 3
// is not 0 (king-wins), 1 (draw) or 2 (play-on)"): promotion 0 or 1, lone pieces 0 to 2, the
// king-move limit 0 to 255. Every reader of a ruleset from numbers checks them here.
Result<Ruleset> make_ruleset(long long promotion, long long lone_pieces, long long king_move_limit);
// Reads a name written by Ruleset::name().
Result<Ruleset> parse_ruleset(std::string_view name);

} // namespace damatb::core
