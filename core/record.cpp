#include "core/record.h"

#include "core/game.h"
#include "core/movegen.h"

namespace damatb::core {

void encode_value(const TableValue& v, std::uint8_t* out) {
    out[0] = static_cast<std::uint8_t>(v.wdl);
    out[1] = static_cast<std::uint8_t>(v.dtz);
}

bool decode_value(const std::uint8_t* in, TableValue* out) {
    if (in[0] >= WDL5_NB) return false;
    out->wdl = Wdl5(in[0]);
    out->dtz = out->wdl == Wdl5::WIN || out->wdl == Wdl5::LOSS ? in[1] : 0;
    return true;
}

bool decode_stored_value(const std::uint8_t* in, int king_move_limit, TableValue* out) {
    if (!decode_value(in, out)) return false;
    const bool decided = out->wdl == Wdl5::WIN || out->wdl == Wdl5::LOSS;
    return !(decided && king_move_limit != 0 && out->dtz > king_move_limit);
}

void encode_progress(const ProgressHistory& h, std::uint8_t* out, int record_size) {
    for (int b = 0; b < record_size; ++b) out[b] = 0;
    out[0] = static_cast<std::uint8_t>(h.steps[0].round | (h.count > 1 ? MORE_STEPS : 0));
    for (int j = 1; j < h.count; ++j) {
        out[2 * j - 1] = static_cast<std::uint8_t>(h.steps[j - 1].level);
        out[2 * j] = static_cast<std::uint8_t>(h.steps[j].round);
    }
}

bool decode_history(const TableValue& v, const std::uint8_t* progress, int record_size,
                    ProgressHistory* out) {
    if (!progress || record_size < 1) return false;
    out->count = 1;
    out->steps[0] = {progress[0] & ~MORE_STEPS, v.dtz};
    if (!has_more_steps(progress)) return true;
    for (int b = 1; b + 1 < record_size && progress[b + 1] != 0; b += 2) {
        ProgressStep& last = out->steps[std::size_t(out->count - 1)];
        last.level = progress[b];
        const int round = progress[b + 1];
        if (round <= last.round || out->count == MAX_PROGRESS_STEPS) return false;
        out->steps[std::size_t(out->count++)] = {round, v.dtz};
    }
    for (int j = 1; j < out->count; ++j)
        if (out->steps[std::size_t(j)].level >= out->steps[std::size_t(j - 1)].level) return false;
    return out->count > 1;
}

ProgressStep progress_at(const ProgressHistory& h, int counter, int limit) {
    if (limit == 0) return h.steps[0];
    for (const ProgressStep& s : h)
        if (s.level <= limit - counter) return s;
    return h.steps[std::size_t(h.count - 1)];
}

bool is_dont_care(const Position& pos, const Ruleset& rules) {
    return lone_pieces_outcome(pos, rules.lone_pieces) == Outcome::NONE && has_capture(pos);
}

TableValue capture_value(Wdl5 opponent) {
    const Wdl5 v = negate(opponent);
    const bool decided = v == Wdl5::WIN || v == Wdl5::LOSS;
    return {v, decided ? 1 : 0};
}

} // namespace damatb::core
