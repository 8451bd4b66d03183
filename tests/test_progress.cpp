// docs/values.md, "Making progress": from a won position, always playing the probe's first-ranked
// move wins against any defence. Checked locally, position by position and counter by counter:
// inside a class, the progress key of the winner's first move (docs/probe.md, "Progress"; the
// test computes it from the histories stored, not from the probe) falls strictly from one move
// of the winner to the next, whatever the defence, so no line can go round in a circle; leaving
// the class is progress of its own (classes are finite and ordered). The tables are the files
// the generator writes, read back; the moves are the probe library's.
#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/game.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/record.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"
#include "gen/table_io.h"
#include "support/table_files.h"

using namespace damatb;
using bridge::to_core;
using bridge::to_probe;

namespace {

// The tables of a folder read back through the generator's reader, with their histories.
class Histories {
public:
    Histories(const std::string& dir, int pieces, const core::Ruleset& rules) {
        for (const core::ClassPlan& c : core::plan_classes(pieces))
            for (const core::Material& m : core::tables_of(c.material)) {
                auto t = gen::read_solved(dir, m, rules, tables_);
                REQUIRE(t);
                tables_.add(t);
            }
    }
    const gen::SolvedTables& tables() const { return tables_; }

    // The progress history of a won or lost position (any side to move).
    core::ProgressHistory of(const core::Position& pos) const {
        const core::Position w = core::as_white_to_move(pos);
        const gen::SolvedTable& t = *tables_.find(core::material_of(w));
        const std::uint64_t i = t.index.index(w);
        core::ProgressHistory h;
        for (const gen::SolvedTable::Step& s : t.steps_in(i, i + 1)) h.steps[std::size_t(h.count++)] = s.step();
        if (h.count == 0) h.steps[std::size_t(h.count++)] = {t.round[i], t.dtz[i]};
        return h;
    }

private:
    gen::SolvedTables tables_;
};

bool below(const core::ProgressStep& a, const core::ProgressStep& b) {
    return std::tie(a.round, a.level) < std::tie(b.round, b.level);
}

// The first move of the probe at a position won at its counter, and its progress key; the key
// is (0, 0) when the move leaves the class or ends the game (the probe's order among those
// moves does not matter here).
struct FirstMove {
    core::Position after;
    int counter = 0;
    core::ProgressStep key;
    bool in_class = false;
};

FirstMove first_move(const probe::Tablebase& tb, const Histories& histories, const core::Position& p,
                     int c, const core::Ruleset& rules) {
    std::vector<probe::RootMove> root;
    REQUIRE(tb.probe_root(to_probe(p), c, &root) == probe::Status::OK);
    REQUIRE(!root.empty());
    REQUIRE(root.front().value.result == probe::Result::WIN);
    FirstMove f{to_core(root.front().after), root.front().counter_after, {}, false};
    const core::Material cls = core::material_of(core::as_white_to_move(p));
    if (core::material_of(core::as_white_to_move(f.after)) != cls) return f;
    if (core::game_outcome(f.after, rules) != core::Outcome::NONE) return f;
    f.in_class = true;
    const core::ProgressHistory h = histories.of(f.after);
    if (f.counter == 0) // a man move
        f.key = {h.steps[0].round + 1, 1};
    else {
        const core::ProgressStep s = core::progress_at(h, f.counter, rules.king_move_limit);
        f.key = {s.round, s.level + 1};
    }
    return f;
}

// Checks the first-ranked move of the won position p at counter c: it keeps the win, and after
// it every defence either leaves the class or reaches a position of the winner, won at its
// counter, whose first move has a smaller key.
void check_first_move(const probe::Tablebase& tb, const Histories& histories, const core::Position& p,
                      int c, const core::Ruleset& rules) {
    const int limit = rules.king_move_limit;
    INFO(core::to_fen(p) << " counter " << c);
    if (core::game_outcome(p, rules) != core::Outcome::NONE) return; // won already
    const FirstMove f = first_move(tb, histories, p, c, rules);
    if (!f.in_class) return;
    INFO("first move to " << core::to_fen(f.after) << " key (" << f.key.round << ", " << f.key.level << ")");
    const core::Material cls = core::material_of(core::as_white_to_move(p));
    core::MoveList replies;
    REQUIRE(core::game_outcome(f.after, rules, replies) == core::Outcome::NONE);
    for (const core::Move& m : replies) {
        const core::Position next = f.after.after(m);
        const int counter = core::counter_after(f.counter, m);
        INFO("defence " << core::to_fen(next) << " counter " << counter);
        REQUIRE((limit == 0 || counter < limit));
        probe::Value v;
        REQUIRE(tb.probe(to_probe(next), counter, &v) == probe::Status::OK);
        REQUIRE(v.result == probe::Result::WIN);
        if (core::material_of(core::as_white_to_move(next)) != cls) continue; // left the class
        if (core::game_outcome(next, rules) != core::Outcome::NONE) continue;
        const FirstMove g = first_move(tb, histories, next, counter, rules);
        INFO("then key (" << g.key.round << ", " << g.key.level << ")");
        CHECK(below(g.key, f.key));
    }
}

// Every won position of every table up to `pieces` pieces (images left out), at the counters
// `counters` picks for it.
template <typename Counters>
void check_every_won_position(int pieces, const core::Ruleset& rules, Counters&& counters) {
    const std::string& dir = test::generated_table_files(pieces, rules);
    probe::Status s;
    auto tb = probe::Tablebase::open({dir}, to_probe(rules), std::size_t{64} << 20, &s);
    REQUIRE(s == probe::Status::OK);
    const Histories histories(dir, pieces, rules);
    long checked = 0;
    for (const core::ClassPlan& c : core::plan_classes(pieces))
        for (const core::Material& m : core::tables_of(c.material)) {
            const gen::SolvedTable& t = *histories.tables().find(m);
            for (std::uint64_t i = 0; i < t.index.size(); ++i) {
                if (t.wdl[i] != core::Wdl5::WIN) continue;
                const core::Position p = t.index.position(i);
                if (t.index.index(p) != i) continue; // an image
                for (int counter : counters(t.dtz[i])) {
                    check_first_move(*tb, histories, p, counter, rules);
                    ++checked;
                }
            }
        }
    CHECK(checked > 0);
}

// Every counter at which a position of DTZ d is won.
std::vector<int> every_counter(int limit, int d) {
    std::vector<int> out;
    for (int c = 0; c <= (limit ? limit - d : 0); ++c) out.push_back(c);
    return out;
}

const core::Ruleset DEFAULT_RULES;

} // namespace

TEST_CASE("Progress: the first move's key falls, up to 3 pieces, counters 0 and the last",
          "[progress]") {
    const int limit = DEFAULT_RULES.king_move_limit;
    check_every_won_position(3, DEFAULT_RULES, [&](int d) { return std::vector<int>{0, limit - d}; });
}

TEST_CASE("Progress: the first move's key falls, up to 3 pieces, every option",
          "[progress][slow]") {
    // Every counter under the default ruleset and the short limit; under the other options the
    // first, the middle and the last counter at which the position is won.
    for (const char* name : {"end-of-move.king-wins.32", "end-of-move.king-wins.8", "immediate.king-wins.32",
                             "end-of-move.draw.32", "end-of-move.play-on.32", "end-of-move.king-wins.0"}) {
        INFO(name);
        auto parsed = core::parse_ruleset(name);
        REQUIRE(parsed.ok());
        const core::Ruleset rules = *parsed;
        const int limit = rules.king_move_limit;
        const bool all = limit == 32 ? rules == core::Ruleset{} : limit != 0;
        check_every_won_position(3, rules, [&](int d) {
            if (all || limit == 0) return every_counter(limit, d);
            return std::vector<int>{0, (limit - d) / 2, limit - d};
        });
    }
}

TEST_CASE("Progress: the first move's key falls, 4 pieces, random positions, every counter",
          "[progress][slow]") {
    const std::string& dir = test::generated_table_files(4, DEFAULT_RULES);
    probe::Status s;
    auto tb = probe::Tablebase::open({dir}, to_probe(DEFAULT_RULES), std::size_t{256} << 20, &s);
    REQUIRE(s == probe::Status::OK);
    const Histories histories(dir, 4, DEFAULT_RULES);
    std::mt19937_64 rng(4);
    int won = 0;
    for (const core::ClassPlan& c : core::plan_classes(4)) {
        if (c.material.pieces() < 4) continue;
        for (const core::Material& m : core::tables_of(c.material)) {
            const gen::SolvedTable& t = *histories.tables().find(m);
            for (int k = 0; k < 4000; ++k) {
                const std::uint64_t i = rng() % t.index.size();
                if (t.wdl[i] != core::Wdl5::WIN) continue;
                ++won;
                for (int counter : every_counter(DEFAULT_RULES.king_move_limit, t.dtz[i]))
                    check_first_move(*tb, histories, t.index.position(i), counter, DEFAULT_RULES);
            }
        }
    }
    CHECK(won > 10000);
}
