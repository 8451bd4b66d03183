// The best line of `damatb line` (answers/best_line.h) against table files of up to 3 pieces (4 in
// the slow label): who wins, how the draws end, the king-move counter along the line, and that
// always playing the first move wins every won start (docs/values.md, "Making progress").
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "answers/best_line.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"
#include "support/helpers.h"
#include "support/table_files.h"

using namespace damatb;
using answers::BestLine;
using answers::LineEnd;
using core::Outcome;

namespace {

std::unique_ptr<probe::Tablebase> open_tables(const core::Ruleset& rules) {
    probe::Status s = probe::Status::IO;
    auto tb = probe::Tablebase::open({test::generated_table_files(3, rules)},
                                     bridge::to_probe(rules), 16 << 20, &s);
    REQUIRE(s == probe::Status::OK);
    return tb;
}

// The plies of a line and how it ended, for the log of a failed check.
std::string describe(const BestLine& line) {
    std::string text = core::to_fen(line.start) + " at " + std::to_string(line.start_counter) + ":";
    for (const answers::LinePly& p : line.plies)
        text += " " + p.move + " (" + std::to_string(p.counter) + ")";
    return text + " -> " + line.why;
}

// Checks every ply of a line: a legal move of the position before it, the FEN of the position
// after it, and the counter (0 after a capture or a man move, one more after a king move).
void check_plies(const BestLine& line, const core::Ruleset& rules) {
    core::Position pos = line.start;
    int counter = line.start_counter;
    for (const answers::LinePly& p : line.plies) {
        core::MoveList moves;
        REQUIRE(core::game_outcome(pos, rules, moves) == Outcome::NONE);
        const core::Move* played = nullptr;
        for (const core::Move& m : moves)
            if (pos.after(m) == p.after) played = &m;
        REQUIRE(played);
        CHECK(p.fen == core::to_fen(p.after));
        // Zeroing, seen on the board: fewer pieces, or the mover's men changed.
        const core::Color us = pos.side_to_move();
        const bool zeroing = core::popcount(p.after.occupied()) < core::popcount(pos.occupied()) ||
                             p.after.men(us) != pos.men(us);
        CHECK(zeroing == played->is_zeroing());
        CHECK(p.counter == (zeroing ? 0 : counter + 1));
        pos = p.after;
        counter = p.counter;
    }
}

// The value of pos at counter c: the result for its side to move and its dtz.
probe::Value value_of(const probe::Tablebase& tb, const core::Position& pos, int c) {
    probe::Value v;
    REQUIRE(tb.probe(bridge::to_probe(pos), c, &v) == probe::Status::OK);
    return v;
}

int dtz_of(const probe::Tablebase& tb, const core::Position& pos, int c) {
    return value_of(tb, pos, c).dtz;
}

Outcome outcome_of(probe::Result r) {
    return r == probe::Result::WIN ? Outcome::WIN : r == probe::Result::LOSS ? Outcome::LOSS : Outcome::DRAW;
}

// A bound on the plies of a won or lost line of up to 4 pieces, to catch a line that wanders:
// well above the longest seen, 47 plies (docs/probe.md, "Progress": the winner's potential falls
// every two plies inside a class, so every line is bounded, but the bound that argument gives,
// from the number of rounds and levels, is in the thousands).
constexpr std::size_t LINE_BOUND = 200;

// The length of a won or lost line from a position of DTZ dtz: the first zeroing ply (or the
// end) comes no sooner than dtz plies, since the loser's first move realises its DTZ (losses
// come dearest first) and every winning move costs at least the winner's DTZ; and the line
// stays within LINE_BOUND.
bool length_ok(const BestLine& line, int dtz) {
    std::size_t first_zeroing = line.plies.size();
    for (std::size_t i = 0; i < line.plies.size(); ++i)
        if (line.plies[i].counter == 0) {
            first_zeroing = i + 1;
            break;
        }
    return first_zeroing >= std::size_t(dtz) && line.plies.size() <= LINE_BOUND;
}

} // namespace

TEST_CASE("Best line: won and lost starts end in the win the tables promise", "[best_line]") {
    const core::Ruleset rules;
    auto tb = open_tables(rules);
    // The longest wins of KMvK and KKvK (the generator's statistics), the longest loss of KMvK
    // (dtz 8: White's king is caught), a man that captures the king, and Black's man against two
    // kings: White gives one up, and the lone king wins by the one-piece-each rule.
    const std::pair<const char*, Outcome> cases[] = {
        {"W:Wc2,Kf2:BKh8", Outcome::WIN},  {"W:WKc3,Kd3:BKa1", Outcome::WIN},
        {"W:WKh3:Bb2,Ke2", Outcome::LOSS}, {"W:WKa1,c2:BKh8", Outcome::WIN},
        {"B:WKa1,Kb1:Bd5", Outcome::LOSS},
    };
    for (const auto& [fen, result] : cases) {
        const core::Position start = test::fen(fen);
        const BestLine line = answers::play_best_line(*tb, rules, start, 0);
        INFO(describe(line));
        CHECK(line.end == LineEnd::GAME_OVER);
        CHECK(line.result == result);
        check_plies(line, rules);
        CHECK(length_ok(line, dtz_of(*tb, start, 0)));
        // The line ends where the loser has no piece, or lone king against lone man.
        const core::Position& last = line.plies.back().after;
        CHECK(core::game_outcome(last, rules) != Outcome::NONE);
    }
    // The lines are not forced (the winner keeps to its progress key, not to the shortest
    // line), so exact plies only where they are: the KMvK win starts with f2-f7, White's one
    // winning move; and from W:Wa2:Bb2 White's one legal move, a2xc2, leaves Black no piece.
    const core::Position kmvk_start = test::fen("W:Wc2,Kf2:BKh8");
    std::vector<probe::RootMove> root;
    REQUIRE(tb->probe_root(bridge::to_probe(kmvk_start), 0, &root) == probe::Status::OK);
    CHECK(std::count_if(root.begin(), root.end(), [](const probe::RootMove& m) {
              return m.value.result == probe::Result::WIN;
          }) == 1);
    const BestLine kmvk = answers::play_best_line(*tb, rules, kmvk_start, 0);
    REQUIRE(!kmvk.plies.empty());
    CHECK(kmvk.plies[0].move == "f2-f7");
    const BestLine capture = answers::play_best_line(*tb, rules, test::fen("W:Wa2:Bb2"), 0);
    CHECK(capture.result == Outcome::WIN);
    REQUIRE(capture.plies.size() == 1);
    CHECK(capture.plies[0].move == "a2xc2");
}

TEST_CASE("Best line: drawn starts end drawn", "[best_line]") {
    const core::Ruleset rules;
    auto tb = open_tables(rules);
    SECTION("king against king: the kings go round until a position comes back") {
        const BestLine line = answers::play_best_line(*tb, rules, test::fen("W:WKa1:BKh8"), 0);
        INFO(describe(line));
        CHECK(line.result == Outcome::DRAW);
        CHECK(line.end == LineEnd::REPETITION);
        check_plies(line, rules);
        // The third occurrence is the last position, seen twice before.
        const core::Position& last = line.plies.back().after;
        int seen = line.start == last;
        for (const answers::LinePly& p : line.plies) seen += p.after == last;
        CHECK(seen == 3);
    }
    SECTION("a win at counter 0 is a draw at counter 30: the king-move rule ends it") {
        // DTZ 7: with 2 plies left the man's side cannot reach a capture or a man move.
        const BestLine line = answers::play_best_line(*tb, rules, test::fen("W:Wc2,Kf2:BKh8"), 30);
        INFO(describe(line));
        CHECK(line.result == Outcome::DRAW);
        CHECK(line.end == LineEnd::KING_MOVE_LIMIT);
        REQUIRE(line.plies.size() == 2);
        CHECK(line.plies[0].counter == 31);
        CHECK(line.plies[1].counter == 32);
        check_plies(line, rules);
    }
    SECTION("without the king-move rule, only repetition ends a draw") {
        core::Ruleset no_limit;
        no_limit.king_move_limit = 0;
        auto tb0 = open_tables(no_limit);
        const BestLine line = answers::play_best_line(*tb0, no_limit, test::fen("W:WKa1:BKh8"), 0);
        INFO(describe(line));
        CHECK(line.result == Outcome::DRAW);
        CHECK(line.end == LineEnd::REPETITION);
    }
}

TEST_CASE("Best line: the counter and the moves along lines from many starts", "[best_line]") {
    // Every 61st position of every table of up to 3 pieces, either side to move: each ply is a
    // legal move with the right counter, and a line ends by a rule, never by the cap.
    const core::Ruleset rules;
    auto tb = open_tables(rules);
    int lines = 0, zeroing = 0, king_moves = 0;
    for (const core::ClassPlan& c : core::plan_classes(3))
        for (const core::Material& m : core::tables_of(c.material)) {
            const core::TableIndex index(m);
            for (std::uint64_t i = 0; i < index.size(); i += 61) {
                const core::Position pos = index.position(i);
                const BestLine line = answers::play_best_line(*tb, rules, pos, 0);
                INFO(describe(line));
                REQUIRE(line.end != LineEnd::TABLE_ERROR);
                CHECK(line.end != LineEnd::PLY_CAP);
                CHECK(line.result != Outcome::NONE);
                check_plies(line, rules);
                ++lines;
                for (const answers::LinePly& p : line.plies) (p.counter == 0 ? zeroing : king_moves)++;
            }
        }
    // Both kinds of plies were seen.
    CHECK(lines > 9000);
    CHECK(zeroing > 1000);
    CHECK(king_moves > 1000);
}

namespace {

// The tables of every class up to `pieces` pieces, either side to move (one table when both
// armies are the same).
std::vector<core::Material> tables_up_to(int pieces) {
    std::vector<core::Material> out;
    for (const core::ClassPlan& c : core::plan_classes(pieces))
        for (const core::Material& m : core::tables_of(c.material)) out.push_back(m);
    return out;
}

// Every index of every table up to some number of pieces, by one running number.
class EveryPosition {
public:
    explicit EveryPosition(int pieces) {
        for (const core::Material& m : tables_up_to(pieces)) {
            tables_.emplace_back(m);
            ends_.push_back((ends_.empty() ? 0 : ends_.back()) + tables_.back().size());
        }
    }
    std::uint64_t size() const { return ends_.back(); }
    core::Position operator[](std::uint64_t k) const {
        const auto t = std::size_t(std::upper_bound(ends_.begin(), ends_.end(), k) - ends_.begin());
        return tables_[t].position(k - (t ? ends_[t - 1] : 0));
    }

private:
    std::vector<core::TableIndex> tables_;
    std::vector<std::uint64_t> ends_;
};

// The start of a line: a position, the counter, and what the tables promise there.
struct Start {
    core::Position pos;
    int counter = 0;
    Outcome expected = Outcome::NONE; // NONE: the probe failed
    int dtz = -1;
};

// Lines played, how many ended otherwise than the tables say (the first few of them), and the
// longest won or lost line.
struct Tally {
    long lines = 0, wrong = 0;
    std::size_t longest = 0;
    std::vector<std::string> examples;

    void play(const probe::Tablebase& tb, const core::Ruleset& rules, const Start& s) {
        const BestLine line = answers::play_best_line(tb, rules, s.pos, s.counter);
        ++lines;
        const bool decided = s.expected == Outcome::WIN || s.expected == Outcome::LOSS;
        if (decided) longest = std::max(longest, line.plies.size());
        // A draw ends drawn, however; a win or loss by the end of the game (never by a third
        // repetition or the king-move rule), within the bounds of length_ok.
        const bool ok = s.expected != Outcome::NONE && line.result == s.expected &&
                        (!decided || (line.end == LineEnd::GAME_OVER && length_ok(line, s.dtz)));
        if (!ok && ++wrong <= 5) examples.push_back(describe(line));
    }
    void add(const Tally& t) {
        lines += t.lines;
        wrong += t.wrong;
        longest = std::max(longest, t.longest);
        for (const std::string& e : t.examples)
            if (examples.size() < 5) examples.push_back(e);
    }
};

// The value of pos at counter c as the outcome for its side to move (NONE if the probe fails).
Start start_at(const probe::Tablebase& tb, const core::Position& pos, int c) {
    probe::Value v;
    if (tb.probe(bridge::to_probe(pos), c, &v) != probe::Status::OK) return {pos, c, Outcome::NONE, -1};
    return {pos, c, outcome_of(v.result), v.dtz};
}

// Plays the line of every start that starts(k, out) appends, for k < n, on two threads (a
// Tablebase is thread-safe), and tallies them; logs the first lines that end wrong.
template <typename Starts>
Tally play_lines(const probe::Tablebase& tb, const core::Ruleset& rules, std::uint64_t n,
                 const Starts& starts) {
    constexpr std::uint64_t CHUNK = 512;
    std::atomic<std::uint64_t> next{0};
    std::vector<Tally> tallies(2);
    auto work = [&](Tally& tally) {
        std::vector<Start> batch;
        for (std::uint64_t first; (first = next.fetch_add(CHUNK)) < n;)
            for (std::uint64_t k = first; k < std::min(n, first + CHUNK); ++k) {
                batch.clear();
                starts(k, batch);
                for (const Start& s : batch) tally.play(tb, rules, s);
            }
    };
    std::thread helper(work, std::ref(tallies[1]));
    work(tallies[0]);
    helper.join();
    tallies[0].add(tallies[1]);
    for (const std::string& e : tallies[0].examples) UNSCOPED_INFO(e);
    return tallies[0];
}

} // namespace

// docs/values.md, "Making progress": always playing the first move wins every won start, and the
// loser playing its first move loses as late as the tables say.
TEST_CASE("Best line: every start of up to 3 pieces at counter 0 ends as the tables say",
          "[best_line]") {
    const core::Ruleset rules;
    auto tb = open_tables(rules);
    const EveryPosition every(3);
    const Tally tally = play_lines(*tb, rules, every.size(), [&](std::uint64_t k, std::vector<Start>& out) {
        out.push_back(start_at(*tb, every[k], 0));
    });
    INFO(tally.wrong << " of " << tally.lines << " starts end otherwise than the tables say");
    CHECK(tally.wrong == 0);
    CHECK(tally.lines == 588810);
    CHECK(tally.longest > 20);
}

// The same from every won start at later counters: half the limit (where it is still won) and
// the last counter at which it is won, limit - dtz. A win ends in a win, never by a repetition
// or the king-move rule.
TEST_CASE("Best line: every won start of up to 3 pieces at later counters ends in a win",
          "[best_line][slow]") {
    const core::Ruleset rules;
    const int limit = rules.king_move_limit;
    auto tb = open_tables(rules);
    const EveryPosition every(3);
    const Tally tally = play_lines(*tb, rules, every.size(), [&](std::uint64_t k, std::vector<Start>& out) {
        const Start at0 = start_at(*tb, every[k], 0);
        if (at0.expected != Outcome::WIN || at0.dtz == 0) return;
        for (const int c : {limit / 2, limit - at0.dtz})
            if (at0.dtz <= limit - c) out.push_back({at0.pos, c, Outcome::WIN, at0.dtz});
    });
    INFO(tally.wrong << " of " << tally.lines << " won starts end otherwise than in a win");
    CHECK(tally.wrong == 0);
    CHECK(tally.lines > 300000);
}

namespace {

// Lines from up to per_table random won positions of every table of `pieces` pieces (from 10
// draws per position wanted), at counters 0, half the limit (where it is still won) and
// limit - dtz, against the tables in `folder`: every one must end in a win. Returns the number
// of won starts.
std::size_t check_random_won_lines(const std::string& folder, int pieces, int per_table) {
    const core::Ruleset rules;
    const int limit = rules.king_move_limit;
    probe::Status status = probe::Status::IO;
    auto tb = probe::Tablebase::open({folder}, bridge::to_probe(rules), 256 << 20, &status);
    REQUIRE(status == probe::Status::OK);
    std::mt19937_64 rng(44);
    std::vector<Start> won;
    for (const core::Material& m : tables_up_to(pieces)) {
        if (m.pieces() < pieces) continue;
        const core::TableIndex index(m);
        for (int k = 0, found = 0; k < 10 * per_table && found < per_table; ++k) {
            const Start s = start_at(*tb, index.position(rng() % index.size()), 0);
            REQUIRE(s.expected != Outcome::NONE);
            if (s.expected == Outcome::WIN) won.push_back(s), ++found;
        }
    }
    const Tally tally = play_lines(*tb, rules, won.size(), [&](std::uint64_t k, std::vector<Start>& out) {
        const Start& s = won[k];
        for (const int c : {0, limit / 2, limit - s.dtz})
            if (s.dtz <= limit - c) out.push_back({s.pos, c, Outcome::WIN, s.dtz});
    });
    INFO(tally.wrong << " of " << tally.lines << " lines from " << won.size()
                     << " won starts end otherwise than in a win; longest " << tally.longest << " plies");
    CHECK(tally.wrong == 0);
    return won.size();
}

} // namespace

// Random won positions of every table of 4 pieces.
TEST_CASE("Best line: random won starts of 4 pieces end in a win", "[best_line][slow]") {
    CHECK(check_random_won_lines(test::generated_table_files(4, core::Ruleset{}), 4, 200) > 3000);
}

// The same with 5 pieces, on tables generated beforehand (most of an hour on 2 cores) into the
// folder $DAMATB_TABLES5: `damatb_tests "[.best_line5]"` (docs/probe.md, "Progress").
TEST_CASE("Best line: random won starts of 5 pieces end in a win", "[.best_line5]") {
    const char* folder = std::getenv("DAMATB_TABLES5");
    if (!folder) FAIL("set DAMATB_TABLES5 to a folder of the tables up to 5 pieces (default ruleset)");
    CHECK(check_random_won_lines(folder, 5, 300) > 10000);
}
