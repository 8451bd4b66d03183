#include "core/ruleset.h"

#include <charconv>

namespace damatb::core {

std::string_view to_string(Promotion p) {
    return p == Promotion::IMMEDIATE ? "immediate" : "end-of-move";
}

std::string_view to_string(LonePieces l) {
    switch (l) {
    case LonePieces::DRAW: return "draw";
    case LonePieces::PLAY_ON: return "play-on";
    default: return "king-wins";
    }
}

std::string Ruleset::name() const {
    return std::string(to_string(promotion)) + "." + std::string(to_string(lone_pieces)) + "." +
           std::to_string(king_move_limit);
}

Result<Promotion> parse_promotion(std::string_view text) {
    if (text == "end-of-move") return Promotion::END_OF_MOVE;
    if (text == "immediate") return Promotion::IMMEDIATE;
    return Result<Promotion>::failure("unknown promotion option '" + std::string(text) +
                                      "' (expected end-of-move or immediate)");
}

Result<LonePieces> parse_lone_pieces(std::string_view text) {
    if (text == "king-wins") return LonePieces::KING_WINS;
    if (text == "draw") return LonePieces::DRAW;
    if (text == "play-on") return LonePieces::PLAY_ON;
    return Result<LonePieces>::failure("unknown lone-pieces option '" + std::string(text) +
                                       "' (expected king-wins, draw or play-on)");
}

Result<std::uint8_t> parse_king_move_limit(std::string_view text) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value > 255)
        return Result<std::uint8_t>::failure("king-move limit '" + std::string(text) +
                                             "' is not a whole number from 0 to 255");
    return static_cast<std::uint8_t>(value);
}

Result<Ruleset> parse_ruleset(std::string_view name) {
    auto fail = [&](const std::string& why) {
        return Result<Ruleset>::failure("ruleset name '" + std::string(name) + "': " + why);
    };
    auto dot1 = name.find('.');
    auto dot2 = dot1 == std::string_view::npos ? dot1 : name.find('.', dot1 + 1);
    if (dot2 == std::string_view::npos) return fail("expected promotion.lone-pieces.limit");
    auto promotion = parse_promotion(name.substr(0, dot1));
    if (!promotion) return fail(promotion.error());
    auto lone = parse_lone_pieces(name.substr(dot1 + 1, dot2 - dot1 - 1));
    if (!lone) return fail(lone.error());
    auto limit = parse_king_move_limit(name.substr(dot2 + 1));
    if (!limit) return fail(limit.error());
    return Ruleset{*promotion, *lone, *limit};
}

} // namespace damatb::core
