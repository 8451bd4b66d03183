#include "answers/best_line.h"

#include <algorithm>

#include "answers/game_over.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"

namespace damatb::answers {

namespace {

// The outcome for the other side.
core::Outcome negated(core::Outcome o) {
    return o == core::Outcome::WIN ? core::Outcome::LOSS
           : o == core::Outcome::LOSS ? core::Outcome::WIN
                                      : o;
}

// Why the game in pos is over (game_outcome(pos) is `over`), in a few words.
std::string game_over_reason(const core::Position& pos, const core::Ruleset& rules,
                             core::Outcome over) {
    const core::Color us = pos.side_to_move();
    if (core::lone_pieces_outcome(pos, rules.lone_pieces) != core::Outcome::NONE) {
        if (over == core::Outcome::DRAW) return "one piece each";
        const core::Color king_side = over == core::Outcome::WIN ? us : ~us;
        return "one piece each: " + color_name(king_side) + "'s lone king against " +
               color_name(~king_side) + "'s lone man";
    }
    if (!pos.pieces(us)) return color_name(us) + " has no piece left";
    return color_name(us) + ", to move, has no legal move";
}

} // namespace

std::string outcome_word(core::Outcome outcome) {
    switch (outcome) {
    case core::Outcome::WIN: return "win";
    case core::Outcome::DRAW: return "draw";
    case core::Outcome::LOSS: return "loss";
    default: return "none";
    }
}

BestLine play_best_line(const probe::Tablebase& tb, const core::Ruleset& rules,
                        const core::Position& start, int counter, int max_plies) {
    BestLine line;
    line.start = start;
    line.start_counter = counter;
    std::vector<core::Position> seen{start}; // every position of the line, for repetitions
    core::Position pos = start;
    std::vector<probe::RootMove> moves;
    for (;;) {
        if (const core::Outcome over = core::game_outcome(pos, rules); over != core::Outcome::NONE) {
            line.end = LineEnd::GAME_OVER;
            line.result = pos.side_to_move() == start.side_to_move() ? over : negated(over);
            line.why = game_over_reason(pos, rules, over);
            return line;
        }
        // Checked after the end of the game: a king move that reaches the limit and leaves the
        // opponent without a move wins.
        if (rules.king_move_limit != 0 && counter >= rules.king_move_limit) {
            line.end = LineEnd::KING_MOVE_LIMIT;
            line.result = core::Outcome::DRAW;
            line.why = "the king-move counter reached " + std::to_string(rules.king_move_limit);
            return line;
        }
        if (std::count(seen.begin(), seen.end(), pos) >= 3) {
            line.end = LineEnd::REPETITION;
            line.result = core::Outcome::DRAW;
            line.why = core::to_fen(pos) + " occurred a third time";
            return line;
        }
        if (static_cast<int>(line.plies.size()) >= max_plies) {
            line.end = LineEnd::PLY_CAP;
            line.why = "stopped after " + std::to_string(max_plies) + " plies";
            return line;
        }
        const probe::Status status = tb.probe_root(bridge::to_probe(pos), counter, &moves);
        if (status != probe::Status::OK || moves.empty()) {
            line.end = LineEnd::TABLE_ERROR;
            line.status = status == probe::Status::OK ? probe::Status::IO : status;
            line.why = std::string(probe::status_string(line.status)) + " probing " +
                       core::to_fen(pos);
            return line;
        }
        const probe::RootMove& best = moves.front();
        pos = bridge::to_core(best.after);
        counter = best.counter_after;
        line.plies.push_back({best.notation, pos, core::to_fen(pos), counter, best.value.dtz});
        seen.push_back(pos);
    }
}

} // namespace damatb::answers
