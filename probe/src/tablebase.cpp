// Tablebase: positions checked and turned into core's, values from records, root moves ranked.
#include <algorithm>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"
#include "last_error.h"
#include "table_set.h"

namespace damatb::probe {

struct Tablebase::Impl {
    Impl(const core::Ruleset& r, std::size_t cache_bytes) : rules(r), tables(r, cache_bytes) {}

    core::Ruleset rules;
    TableSet tables;
};

namespace {

using core::Bitboard;

constexpr Bitboard MEN_NEVER = core::RANK_1_BB | core::RANK_8_BB;

// Checks the position (cheap bit tests first) and turns it into core's. Returns OK or
// INVALID_POSITION.
Status to_core(const Position& p, core::Position* out) {
    const Bitboard white = p.white_men | p.white_kings, black = p.black_men | p.black_kings;
    if ((p.white_men & p.white_kings) || (p.black_men & p.black_kings) || (white & black))
        return fail(Status::INVALID_POSITION, "invalid position: a square holds two pieces");
    if ((p.white_men | p.black_men) & MEN_NEVER)
        return fail(Status::INVALID_POSITION, "invalid position: a man on rank 1 or 8");
    if ((p.white_to_move ? black : white) == 0)
        return fail(Status::INVALID_POSITION,
                    "invalid position: the side not to move has no piece");
    *out = bridge::to_core(p);
    return Status::OK;
}

// OK when `counter` may be asked for under `limit` (0: the rule is off), else INVALID_ARGUMENT.
Status check_counter(int counter, int limit) {
    if (counter >= 0 && (limit == 0 || counter < limit)) return Status::OK;
    return fail(Status::INVALID_ARGUMENT,
                "counter " + std::to_string(counter) + " out of range: " +
                    (limit ? "0 to " + std::to_string(limit - 1) + " under king-move limit " +
                                 std::to_string(limit)
                           : std::string("at least 0")));
}

// The value of a position whose table value is r, with the counter at `counter` (which may be
// the limit itself for the position after a king move: then only a game already over, DTZ 0,
// is decided).
Value value_at(const TableValue& r, int counter, int limit) {
    Value v;
    v.wdl = bridge::to_probe(r.wdl);
    const bool won = r.wdl == core::Wdl5::WIN, lost = r.wdl == core::Wdl5::LOSS;
    v.dtz = won || lost ? r.dtz : -1;
    const bool in_time = limit == 0 || r.dtz <= limit - counter;
    v.result = won && in_time ? Result::WIN : lost && in_time ? Result::LOSS : Result::DRAW;
    return v;
}

// The value for the other side: result and wdl negated, dtz kept.
Value negated(const Value& v) {
    return {static_cast<Result>(-static_cast<int>(v.result)),
            static_cast<Wdl5>(4 - static_cast<int>(v.wdl)), v.dtz};
}

// The table value of any position (any side to move); a side to move without a piece has lost.
// A position whose side to move must capture is "don't care" in the files (core/record.h): its
// value is the best of its captures', found by searching them (each takes a piece, so the search
// ends within as many plies as there are pieces). *searched (when given) tells whether it was.
Status lookup(const TableSet& tables, const core::Ruleset& rules, const core::Position& pos,
              TableValue* out, bool* searched = nullptr) {
    if (searched) *searched = false;
    if (pos.pieces(pos.side_to_move()) == 0) {
        *out = TableValue{core::Wdl5::LOSS, 0};
        return Status::OK;
    }
    if (!core::is_dont_care(pos, rules)) return tables.value(core::as_white_to_move(pos), out);
    if (searched) *searched = true;
    core::MoveList moves;
    core::generate_moves(pos, rules.promotion, moves);
    core::Wdl5 best = core::Wdl5::WIN; // the opponent's, after the best capture
    for (const core::Move& m : moves) {
        TableValue after;
        if (Status s = lookup(tables, rules, pos.after(m), &after); s != Status::OK) return s;
        best = std::min(best, after.wdl);
    }
    *out = core::capture_value(best);
    return Status::OK;
}

// A root move with what ranks it (probe.hpp, probe_root).
struct Ranked {
    RootMove move;
    int cost; // plies to the next zeroing ply along the move: 1, or 1 + dtz after a king move
    // For a winning move, its progress key (docs/probe.md, "Progress"), as (round, level).
    int round = 0, level = 0;
};

// The order of probe_root: wins, draws, losses for the mover. Wins by the smallest progress
// key, then the cheapest; draws by the best wdl; losses by the dearest, then the largest dtz
// after the move; ties by notation.
bool better(const Ranked& a, const Ranked& b) {
    const Value &va = a.move.value, &vb = b.move.value;
    if (va.result != vb.result) return va.result > vb.result;
    if (va.result == Result::WIN) {
        if (a.round != b.round) return a.round < b.round;
        if (a.level != b.level) return a.level < b.level;
        if (a.cost != b.cost) return a.cost < b.cost;
    } else if (va.result == Result::DRAW) {
        if (va.wdl != vb.wdl) return va.wdl > vb.wdl;
    } else {
        if (a.cost != b.cost) return a.cost > b.cost;
        if (va.dtz != vb.dtz) return va.dtz > vb.dtz;
    }
    return a.move.notation < b.move.notation;
}

// The progress key of a winning move m from p to `after` (whose value is r, a loss, found by a
// search of its captures when `searched`; the counter then `next`): leaving the class or ending
// the game is (0, d), d the DTZ of `after` (0 when the game ends); a man move inside the class
// to a position whose history starts in round s is (s + 1, 1); a king move to a position whose
// step at `next` is (s, k) is (s, k + 1). Always playing the move of smallest key wins
// (docs/probe.md).
Status progress_key(const TableSet& tables, const core::Move& m, const core::Position& after,
                    const TableValue& r, bool searched, int next, int limit, Ranked* out) {
    if (m.is_capture() || m.is_promotion() || r.dtz == 0) {
        out->round = 0;
        out->level = r.dtz;
        return Status::OK;
    }
    ProgressHistory h;
    if (searched) {
        h.count = 1;
        h.steps[0] = core::CAPTURE_STEP;
    } else if (Status s = tables.history(core::as_white_to_move(after), r, &h); s != Status::OK) {
        return s;
    }
    if (m.is_zeroing()) {
        out->round = h.steps[0].round + 1;
        out->level = 1;
        return Status::OK;
    }
    const core::ProgressStep step = core::progress_at(h, next, limit);
    out->round = step.round;
    out->level = step.level + 1;
    return Status::OK;
}

} // namespace

std::string_view status_string(Status status) noexcept {
    switch (status) {
    case Status::OK: return "ok";
    case Status::CLASS_MISSING: return "class missing";
    case Status::FILE_DAMAGED: return "file damaged";
    case Status::CHECKSUM: return "checksum mismatch";
    case Status::RULESET_MISMATCH: return "ruleset mismatch";
    case Status::INVALID_POSITION: return "invalid position";
    case Status::NO_TABLES: return "no tables";
    case Status::IO: return "i/o error";
    case Status::INVALID_ARGUMENT: return "invalid argument";
    }
    return "unknown status";
}

Tablebase::Tablebase(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Tablebase::~Tablebase() = default;

std::unique_ptr<Tablebase> Tablebase::open(const std::vector<std::string>& dirs,
                                           const Ruleset& rules, std::size_t cache_bytes,
                                           Status* status) noexcept {
    Status ignored = Status::OK;
    Status& s = status ? *status : ignored;
    const auto checked = core::make_ruleset(static_cast<int>(rules.promotion),
                                            static_cast<int>(rules.lone_pieces), rules.king_move_limit);
    if (!checked) {
        s = fail(Status::INVALID_ARGUMENT, "ruleset options out of range: " + checked.error());
        return nullptr;
    }
    const core::Ruleset core_rules = *checked;
    try {
        auto impl = std::make_unique<Impl>(core_rules, cache_bytes);
        for (const std::string& dir : dirs)
            if (Status folder = impl->tables.add_folder(dir); folder != Status::OK) {
                s = folder;
                return nullptr;
            }
        if (impl->tables.size() == 0) {
            std::string folders;
            for (const std::string& dir : dirs)
                folders += (folders.empty() ? "'" : ", '") + dir + "'";
            s = fail(Status::NO_TABLES, "no table files (*.dtb) in " +
                                            (folders.empty() ? std::string("no folder") : folders));
            return nullptr;
        }
        s = Status::OK;
        return std::unique_ptr<Tablebase>(new Tablebase(std::move(impl)));
    } catch (...) { // std::bad_alloc, or a filesystem error thrown despite the error codes
        s = fail(Status::IO, "out of memory, or a folder that cannot be read");
        return nullptr;
    }
}

int Tablebase::max_pieces() const noexcept { return impl_->tables.max_pieces(); }

Status Tablebase::probe(const Position& pos, int counter, Value* out) const noexcept {
    if (!out) return fail(Status::INVALID_ARGUMENT, "probe: out is null");
    core::Position p;
    if (Status s = to_core(pos, &p); s != Status::OK) return s;
    const int limit = impl_->rules.king_move_limit;
    if (Status s = check_counter(counter, limit); s != Status::OK) return s;
    try {
        TableValue r;
        if (Status s = lookup(impl_->tables, impl_->rules, p, &r); s != Status::OK) return s;
        *out = value_at(r, counter, limit);
        return Status::OK;
    } catch (...) { // std::bad_alloc
        return fail(Status::IO, "out of memory");
    }
}

Status Tablebase::probe_root(const Position& pos, int counter,
                             std::vector<RootMove>* out) const noexcept {
    if (!out) return fail(Status::INVALID_ARGUMENT, "probe_root: out is null");
    out->clear();
    core::Position p;
    if (Status s = to_core(pos, &p); s != Status::OK) return s;
    const core::Ruleset& rules = impl_->rules;
    const int limit = rules.king_move_limit;
    if (Status s = check_counter(counter, limit); s != Status::OK) return s;
    try {
        core::MoveList moves;
        if (core::game_outcome(p, rules, moves) != core::Outcome::NONE) return Status::OK;
        std::vector<Ranked> ranked;
        ranked.reserve(moves.size());
        for (const core::Move& m : moves) {
            const core::Position after = p.after(m);
            const int next = core::counter_after(counter, m);
            TableValue r;
            bool searched = false;
            if (Status s = lookup(impl_->tables, rules, after, &r, &searched); s != Status::OK) return s;
            Ranked x{RootMove{core::move_to_string(p, m, rules.promotion), bridge::to_probe(after),
                              negated(value_at(r, next, limit)), next},
                     m.is_zeroing() ? 1 : 1 + r.dtz};
            if (x.move.value.result == Result::WIN)
                if (Status s = progress_key(impl_->tables, m, after, r, searched, next, limit, &x); s != Status::OK)
                    return s;
            ranked.push_back(std::move(x));
        }
        std::sort(ranked.begin(), ranked.end(), better);
        out->reserve(ranked.size());
        for (Ranked& x : ranked) out->push_back(std::move(x.move));
        return Status::OK;
    } catch (...) { // std::bad_alloc
        out->clear();
        return fail(Status::IO, "out of memory");
    }
}

} // namespace damatb::probe
