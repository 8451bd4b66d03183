#include "core/ruleset.h"

#include <charconv>

#include "core/quote_input.h"

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
    return Result<Promotion>::failure("unknown promotion option " + quote_input(text) +
                                      " (expected end-of-move or immediate)");
}

Result<LonePieces> parse_lone_pieces(std::string_view text) {
    if (text == "king-wins") return LonePieces::KING_WINS;
    if (text == "draw") return LonePieces::DRAW;
    if (text == "play-on") return LonePieces::PLAY_ON;
    return Result<LonePieces>::failure("unknown lone-pieces option " + quote_input(text) +
                                       " (expected king-wins, draw or play-on)");
}

Result<Ruleset> make_ruleset(long long promotion, long long lone_pieces, long long king_move_limit) {
    auto fail = [](const std::string& why) { return Result<Ruleset>::failure(why); };
    if (promotion < 0 || promotion > 1)
        return fail("promotion option " + std::to_string(promotion) +
                    " is not 0 (end-of-move) or 1 (immediate)");
    if (lone_pieces < 0 || lone_pieces > 2)
        return fail("lone-pieces option " + std::to_string(lone_pieces) +
                    " is not 0 (king-wins), 1 (draw) or 2 (play-on)");
    if (king_move_limit < 0 || king_move_limit > 255)
        return fail("king-move limit " + std::to_string(king_move_limit) + " is not from 0 to 255");
    return Ruleset{static_cast<Promotion>(promotion), static_cast<LonePieces>(lone_pieces),
                   static_cast<std::uint8_t>(king_move_limit)};
}

Result<std::uint8_t> parse_king_move_limit(std::string_view text) {
    long long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || text[0] == '-' || ec != std::errc{} || end != text.data() + text.size())
        return Result<std::uint8_t>::failure("king-move limit " + quote_input(text) +
                                             " is not a whole number from 0 to 255");
    auto rules = make_ruleset(0, 0, value);
    if (!rules) return Result<std::uint8_t>::failure(rules.error());
    return rules->king_move_limit;
}

Result<Ruleset> parse_ruleset(std::string_view name) {
    auto fail = [&](const std::string& why) {
        return Result<Ruleset>::failure("ruleset name " + quote_input(name) + ": " + why);
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
