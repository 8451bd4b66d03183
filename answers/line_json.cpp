#include "answers/line_json.h"

#include <optional>
#include <vector>

#include "answers/game_over.h"
#include "answers/json.h"
#include "answers/probe_json.h"
#include "core/fen.h"

namespace damatb::answers {

namespace {

std::string reason_word(LineEnd end) {
    switch (end) {
    case LineEnd::GAME_OVER: return "game-over";
    case LineEnd::KING_MOVE_LIMIT: return "king-move-limit";
    case LineEnd::REPETITION: return "repetition";
    case LineEnd::PLY_CAP: return "ply-cap";
    default: return "table-error";
    }
}

// The winner's colour, if the line has one.
std::optional<core::Color> winner(const BestLine& line) {
    const core::Color first = line.start.side_to_move();
    if (line.result == core::Outcome::WIN) return first;
    if (line.result == core::Outcome::LOSS) return ~first;
    return std::nullopt;
}

} // namespace

std::string outcome_text(const BestLine& line) {
    if (line.result == core::Outcome::NONE) return "no result: " + line.why;
    if (auto w = winner(line)) return color_name(*w) + " wins: " + line.why;
    return (line.end == LineEnd::REPETITION ? "drawn by repetition: " : "drawn: ") + line.why;
}

std::string line_json(const BestLine& line) {
    std::vector<std::string> elements;
    for (const LinePly& p : line.plies)
        elements.push_back(json::Object()
                               .add_string("move", p.move)
                               .add_string("fen", p.fen)
                               .add_number("counter", p.counter)
                               .add_raw("dtz", dtz_json(p.dtz))
                               .str());
    const auto w = winner(line);
    json::Object outcome;
    if (line.result == core::Outcome::NONE)
        outcome.add_raw("result", "null");
    else
        outcome.add_string("result", outcome_word(line.result));
    if (w)
        outcome.add_string("winner", *w == core::WHITE ? "white" : "black");
    else
        outcome.add_raw("winner", "null");
    outcome.add_string("reason", reason_word(line.end)).add_string("text", outcome_text(line));
    return json::Object()
        .add_string("fen", core::to_fen(line.start))
        .add_number("counter", line.start_counter)
        .add_raw("moves", json::array(elements))
        .add_raw("outcome", outcome.str())
        .str();
}

} // namespace damatb::answers
