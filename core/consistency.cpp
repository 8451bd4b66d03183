#include "core/consistency.h"

#include <algorithm>
#include <vector>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"

namespace damatb::core {

namespace {

constexpr int NEVER = 1000;

std::string describe(const TableValue& v) {
    std::string s(to_string(v.wdl));
    if (v.wdl == Wdl5::WIN || v.wdl == Wdl5::LOSS) s += " dtz " + std::to_string(v.dtz);
    return s;
}

} // namespace

TableValue one_ply_value(Outcome over, const MoveList& moves, const TableValue* after,
                         const Ruleset& rules) {
    TableValue expected;
    if (over != Outcome::NONE) {
        expected.wdl = over == Outcome::WIN ? Wdl5::WIN : over == Outcome::LOSS ? Wdl5::LOSS : Wdl5::DRAW;
        return expected;
    }
    const int limit = rules.king_move_limit ? rules.king_move_limit : 254;
    int win = NEVER, loss = 0;
    bool escapes = false, some_unlimited_win = false, all_unlimited_loss = true;
    for (std::size_t k = 0; k < moves.size(); ++k) {
        const TableValue& v = after[k];
        if (moves[k].is_zeroing()) {
            if (v.wdl == Wdl5::LOSS) win = std::min(win, 1);
            if (v.wdl == Wdl5::WIN)
                loss = std::max(loss, 1);
            else
                escapes = true;
        } else {
            if (v.wdl == Wdl5::LOSS) win = std::min(win, 1 + v.dtz);
            if (v.wdl == Wdl5::WIN && 1 + v.dtz <= limit)
                loss = std::max(loss, 1 + v.dtz);
            else
                escapes = true;
        }
        some_unlimited_win |= loses_without_limit(v.wdl);
        all_unlimited_loss &= wins_without_limit(v.wdl);
    }
    if (win <= limit)
        expected = {Wdl5::WIN, win};
    else if (!escapes)
        expected = {Wdl5::LOSS, loss};
    else if (some_unlimited_win)
        expected.wdl = Wdl5::CURSED_WIN;
    else if (all_unlimited_loss)
        expected.wdl = Wdl5::BLESSED_LOSS;
    if (rules.king_move_limit == 0 && expected.wdl != Wdl5::WIN && expected.wdl != Wdl5::LOSS)
        expected.wdl = Wdl5::DRAW; // without a limit nothing is cursed or blessed
    return expected;
}

std::optional<std::string> compare_one_ply(const Position& pos, const TableValue& stored,
                                           const TableValue& expected) {
    const bool with_dtz = expected.wdl == Wdl5::WIN || expected.wdl == Wdl5::LOSS;
    if (stored.wdl == expected.wdl && (!with_dtz || stored.dtz == expected.dtz)) return std::nullopt;
    return to_fen(pos) + ": stored " + describe(stored) + ", one ply of search gives " +
           describe(expected);
}

std::optional<std::string> check_one_ply(const Position& pos, const TableValue& stored,
                                         const Ruleset& rules, const ValueLookup& lookup) {
    MoveList moves;
    const Outcome over = game_outcome(pos, rules, moves);
    std::vector<TableValue> after;
    if (over == Outcome::NONE)
        for (const Move& m : moves) {
            const Position next = pos.after(m);
            after.push_back(next.pieces(next.side_to_move()) ? lookup(next) : TableValue{Wdl5::LOSS, 0});
        }
    return compare_one_ply(pos, stored, one_ply_value(over, moves, after.data(), rules));
}

} // namespace damatb::core
