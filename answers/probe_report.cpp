#include "answers/probe_report.h"

#include "answers/game_over.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"

namespace damatb::answers {

probe::Status probe_report(const probe::Tablebase& tb, const core::Position& pos, int counter,
                           bool with_moves, ProbeReport* out) {
    out->pos = pos;
    out->counter = counter;
    out->moves.clear();
    const probe::Position p = bridge::to_probe(pos);
    if (probe::Status s = tb.probe(p, counter, &out->value); s != probe::Status::OK) return s;
    if (!with_moves) return probe::Status::OK;
    return tb.probe_root(p, counter, &out->moves);
}

std::string counter_problem(int counter, const core::Ruleset& rules) {
    const int limit = rules.king_move_limit;
    if (counter >= 0 && (limit == 0 || counter < limit)) return "";
    return std::to_string(counter) + " is out of range: " +
           (limit ? "0 to " + std::to_string(limit - 1) + " under king-move limit " + std::to_string(limit)
                  : std::string("at least 0"));
}

std::string probe_failure_text(probe::Status status, const core::Position& pos) {
    if (status == probe::Status::INVALID_POSITION)
        return core::to_fen(pos) + ": " + color_name(~pos.side_to_move()) +
               ", not to move, has no piece: the game ended before this position";
    if (status == probe::Status::INVALID_ARGUMENT)
        return "invalid counter or ruleset for " + core::to_fen(pos) + ": " + probe::last_error();
    // The probe's message names the missing class, or the file and the reason.
    if (status == probe::Status::CLASS_MISSING)
        return probe::last_error() + " (needed for " + core::to_fen(pos) + ")";
    return probe::last_error();
}

} // namespace damatb::answers
