// The probe library (probe/include/damatb/probe.hpp, probe.h) against tables generated into a
// temporary folder: values as stored, the counter, root moves, errors, threads, the C API.
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "core/consistency.h"
#include "core/game.h"
#include "core/fen.h"
#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "core/table_stats.h"
#include "damatb/probe.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"
#include "gen/generate.h"
#include "probe_numbers.h"
#include "support/table_files.h"
#include "support/helpers.h"

using namespace damatb;
namespace fs = std::filesystem;
using bridge::to_probe;
using probe::Result;
using probe::Status;
using probe::Tablebase;

#include "support/temp_dir.h"

namespace {

using test::TempDir;
using test::read_bytes;
using test::write_bytes;

using test::generated_table_files;

const core::Ruleset DEFAULT_RULES;
constexpr int LIMIT = 32;
const probe::Ruleset PROBE_DEFAULT; // end-of-move.king-wins.32 as well

const std::string& default_tables() { return generated_table_files(3, DEFAULT_RULES); }

std::unique_ptr<Tablebase> open_ok(const std::vector<std::string>& dirs,
                                   const probe::Ruleset& rules = PROBE_DEFAULT,
                                   std::size_t cache = std::size_t{4} << 20) {
    Status s = Status::IO;
    auto tb = Tablebase::open(dirs, rules, cache, &s);
    REQUIRE(s == Status::OK);
    REQUIRE(tb);
    return tb;
}

probe::Position probe_fen(const std::string& text) { return to_probe(test::fen(text)); }

// The values record stored for a position with White to move, read from its file with core's
// reader alone.
core::TableValue stored(const std::string& dir, const core::Position& w) {
    const core::Material m = core::material_of(w);
    core::OpenedTable t = core::open_table(dir + "/" + core::table_file_name(m, core::TableContents::VALUES));
    REQUIRE(t.status.ok());
    const core::TableIndex index(m);
    REQUIRE(core::record_layout_problem(t.file.header(), index.size()).empty());
    core::TableRecords records;
    REQUIRE(core::TableRecords::read(t.file, nullptr, &records).ok());
    core::TableValue v;
    REQUIRE(records.value(index.index(w), &v));
    return v;
}

// Random positions of the classes of up to 3 pieces, either side to move: each the position of
// a random index of a random table, turned around half the time.
std::vector<core::Position> random_positions(std::size_t n, unsigned seed) {
    std::vector<core::TableIndex> indices;
    for (const core::ClassPlan& c : core::plan_classes(3))
        for (const core::Material& m : core::tables_of(c.material)) indices.emplace_back(m);
    std::mt19937_64 rng(seed);
    std::vector<core::Position> out;
    for (std::size_t k = 0; k < n; ++k) {
        const core::TableIndex& t = indices[rng() % indices.size()];
        core::Position p = t.position(rng() % t.size());
        out.push_back(rng() % 2 ? p.flipped() : p);
    }
    return out;
}

probe::Value must_probe(const Tablebase& tb, const probe::Position& p, int counter) {
    probe::Value v;
    const Status s = tb.probe(p, counter, &v);
    INFO(probe::status_string(s));
    REQUIRE(s == Status::OK);
    return v;
}

std::vector<probe::RootMove> must_probe_root(const Tablebase& tb, const probe::Position& p,
                                             int counter) {
    std::vector<probe::RootMove> moves;
    const Status s = tb.probe_root(p, counter, &moves);
    INFO(probe::status_string(s));
    REQUIRE(s == Status::OK);
    return moves;
}

// What one probe of a position gives, comparable: status, result, wdl, dtz.
std::array<int, 4> answer(const Tablebase& tb, const probe::Position& p, int counter) {
    probe::Value v;
    const Status s = tb.probe(p, counter, &v);
    return {static_cast<int>(s), static_cast<int>(v.result), static_cast<int>(v.wdl), v.dtz};
}

} // namespace

TEST_CASE("Probe: values are the records stored, for either side to move", "[probe]") {
    const std::string& dir = default_tables();
    auto tb = open_ok({dir});
    CHECK(tb->max_pieces() == 3);
    for (const core::Position& p : random_positions(400, 1)) {
        const core::Position w = core::as_white_to_move(p);
        if (core::is_dont_care(w, DEFAULT_RULES)) continue; // searched: the one-ply test covers it
        const core::TableValue rec = stored(dir, w);
        INFO(core::to_fen(p));
        const probe::Value v = must_probe(*tb, to_probe(p), 0);
        CHECK(static_cast<int>(v.wdl) == static_cast<int>(rec.wdl));
        const bool decided = rec.wdl == core::Wdl5::WIN || rec.wdl == core::Wdl5::LOSS;
        CHECK(v.dtz == (decided ? rec.dtz : -1));
        CHECK(v.result == (rec.wdl == core::Wdl5::WIN    ? Result::WIN
                           : rec.wdl == core::Wdl5::LOSS ? Result::LOSS
                                                         : Result::DRAW));
        // The position turned around and the file mirror have the same value.
        const probe::Value turned = must_probe(*tb, to_probe(p.flipped()), 0);
        CHECK(turned.wdl == v.wdl);
        CHECK(turned.dtz == v.dtz);
    }
}

TEST_CASE("Probe: known positions and the longest wins of the statistics", "[probe]") {
    auto tb = open_ok({default_tables()});
    // A lone king against a lone man wins at once, whoever is to move (king-wins).
    probe::Value v = must_probe(*tb, probe_fen("W:WKa1:Bd5"), 0);
    CHECK(v.result == Result::WIN);
    CHECK(v.wdl == probe::Wdl5::WIN);
    CHECK(v.dtz == 0);
    v = must_probe(*tb, probe_fen("B:WKa1:Bd5"), 0);
    CHECK(v.result == Result::LOSS);
    CHECK(v.dtz == 0);
    // A side to move without a piece has lost.
    v = must_probe(*tb, probe::Position{0, 0, 0, 1, true}, 5);
    CHECK(v.result == Result::LOSS);
    CHECK(v.wdl == probe::Wdl5::LOSS);
    CHECK(v.dtz == 0);

    // The longest win and loss of each table in its class's statistics file.
    int checked = 0;
    for (const core::ClassPlan& c : core::plan_classes(tb->max_pieces())) {
        const auto stats = core::read_stats_file(default_tables() + "/" + core::stats_file_name(c.material));
        REQUIRE(stats.ok());
        for (const core::TableStats& s : *stats)
            for (const bool win : {true, false}) {
                const int dtz = win ? s.longest_win : s.longest_loss;
                const std::string& fen_text = win ? s.longest_win_fen : s.longest_loss_fen;
                CHECK(fen_text.empty() == (dtz < 0));
                if (dtz < 0) continue;
                INFO(fen_text);
                const probe::Value longest = must_probe(*tb, probe_fen(fen_text), 0);
                CHECK(longest.result == (win ? Result::WIN : Result::LOSS));
                CHECK(longest.dtz == dtz);
                ++checked;
            }
    }
    CHECK(checked > 20);
}

TEST_CASE("Probe: the counter turns a win or loss into a draw exactly when dtz > limit - c",
          "[probe]") {
    auto tb = open_ok({default_tables()});
    int decided = 0;
    for (const core::Position& p : random_positions(300, 2)) {
        const probe::Value at0 = must_probe(*tb, to_probe(p), 0);
        if (at0.wdl != probe::Wdl5::WIN && at0.wdl != probe::Wdl5::LOSS) continue;
        ++decided;
        const Result full = at0.wdl == probe::Wdl5::WIN ? Result::WIN : Result::LOSS;
        for (int c = std::max(0, LIMIT - at0.dtz - 2); c < LIMIT; ++c) {
            const probe::Value v = must_probe(*tb, to_probe(p), c);
            INFO(core::to_fen(p) << " dtz " << at0.dtz << " counter " << c);
            CHECK(v.result == (at0.dtz <= LIMIT - c ? full : Result::DRAW));
            CHECK(v.wdl == at0.wdl);
            CHECK(v.dtz == at0.dtz);
        }
    }
    CHECK(decided > 50);
    probe::Value v;
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), LIMIT, &v) == Status::INVALID_ARGUMENT);
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), -1, &v) == Status::INVALID_ARGUMENT);
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), 0, nullptr) == Status::INVALID_ARGUMENT);
}

TEST_CASE("Probe: values agree with one ply of search", "[probe]") {
    auto tb = open_ok({default_tables()});
    const core::ValueLookup lookup = [&](const core::Position& q) {
        const probe::Value v = must_probe(*tb, to_probe(q), 0);
        return core::TableValue{bridge::to_core(v.wdl), std::max(v.dtz, 0)};
    };
    for (const core::Position& p : random_positions(200, 3)) {
        const probe::Value v = must_probe(*tb, to_probe(p), 0);
        const auto problem = core::check_one_ply(
            p, core::TableValue{bridge::to_core(v.wdl), std::max(v.dtz, 0)}, DEFAULT_RULES,
            lookup);
        INFO(core::to_fen(p) << ": " << problem.value_or(""));
        CHECK(!problem);
    }
}

TEST_CASE("Probe: root moves, best first, keep the position's result", "[probe]") {
    auto tb = open_ok({default_tables()});
    std::mt19937 rng(4);
    int wins = 0;
    for (const core::Position& p : random_positions(300, 4)) {
        const int counter = rng() % 3 == 0 ? LIMIT - 1 : static_cast<int>(rng() % LIMIT);
        const probe::Value root = must_probe(*tb, to_probe(p), counter);
        const auto moves = must_probe_root(*tb, to_probe(p), counter);
        INFO(core::to_fen(p) << " counter " << counter);
        if (core::game_outcome(p, DEFAULT_RULES) != core::Outcome::NONE) {
            CHECK(moves.empty());
            continue;
        }
        REQUIRE(moves.size() == core::count_moves(p, core::Promotion::END_OF_MOVE));
        // The first move keeps the best result, and the list is in order of result.
        CHECK(moves.front().value.result == root.result);
        for (std::size_t k = 1; k < moves.size(); ++k)
            CHECK(moves[k - 1].value.result >= moves[k].value.result);
        // The plies a move takes to the next zeroing ply.
        auto cost = [](const probe::RootMove& m) {
            return m.counter_after == 0 ? 1 : 1 + m.value.dtz;
        };
        if (root.result == Result::WIN) {
            ++wins;
            CHECK(cost(moves.front()) <= LIMIT - counter);
        }
        if (root.result == Result::LOSS) {
            // Losses, the dearest first: the first realises the root's dtz.
            CHECK(cost(moves.front()) == root.dtz);
            for (std::size_t k = 1; k < moves.size(); ++k)
                CHECK(cost(moves[k - 1]) >= cost(moves[k]));
        }
        // Each move's value is the one of the position after it, at its counter, turned around.
        for (const auto& m : moves) {
            if (m.counter_after >= LIMIT) continue;
            const probe::Value after = must_probe(*tb, m.after, m.counter_after);
            CHECK(static_cast<int>(m.value.result) == -static_cast<int>(after.result));
            CHECK(static_cast<int>(m.value.wdl) == 4 - static_cast<int>(after.wdl));
            CHECK(m.value.dtz == after.dtz);
        }
    }
    CHECK(wins > 20);
}

TEST_CASE("Probe: a king move that brings the counter to the limit draws", "[probe]") {
    auto tb = open_ok({default_tables()});
    int draws = 0;
    for (const core::Position& p : random_positions(300, 7)) {
        const auto moves = must_probe_root(*tb, to_probe(p), LIMIT - 1);
        for (const auto& m : moves) {
            if (m.counter_after != LIMIT) continue; // a zeroing move
            const probe::Value after = must_probe(*tb, m.after, 0);
            INFO(core::to_fen(p) << " " << m.notation);
            // Only a move that leaves the opponent without a move would still win.
            const bool no_move = after.wdl == probe::Wdl5::LOSS && after.dtz == 0;
            CHECK(m.value.result == (no_move ? Result::WIN : Result::DRAW));
            draws += !no_move;
        }
    }
    CHECK(draws > 100);
}

// Needs a class of 4 pieces: with 3, no king move can leave the opponent without a move.
// Generating it and the classes it needs takes half a minute.
TEST_CASE("Probe: a king move that reaches the limit wins by leaving no move", "[probe][slow]") {
    TempDir dir{"damatb-probe"};
    for (const auto& entry : fs::directory_iterator(default_tables()))
        if (entry.path().extension() == ".dtb" || entry.path().extension() == ".dtp")
            fs::copy_file(entry.path(), dir.file(entry.path().filename().string()));
    for (const char* cls : {"KKKvK", "KKKvM", "KKMvK", "KKMvM"}) { // KKMvM and what it needs
        gen::GenerateOptions options;
        options.pieces = 4;
        options.only = core::parse_class_name(cls).value();
        options.threads = 1; // OpenMP's runtime misleads the thread sanitizer
        options.out_dir = dir.str();
        gen::generate(options);
    }
    auto tb = open_ok({dir.str()});

    // Kd1-a1 shuts in Black's man on a2: a1 and b2 taken, the capture over b2 blocked by c2.
    const probe::Position p = probe_fen("W:WKd1,b2,Kc2:Ba2");
    const probe::Value v = must_probe(*tb, p, LIMIT - 1);
    CHECK(v.result == Result::WIN);
    CHECK(v.dtz == 1);
    const auto moves = must_probe_root(*tb, p, LIMIT - 1);
    REQUIRE(!moves.empty());
    CHECK(moves[0].notation == "d1-a1");
    CHECK(moves[0].value.result == Result::WIN);
    CHECK(moves[0].value.dtz == 0);
    CHECK(moves[0].counter_after == LIMIT);
    for (std::size_t k = 1; k < moves.size(); ++k)
        if (moves[k].counter_after == LIMIT) CHECK(moves[k].value.result == Result::DRAW);
}

TEST_CASE("Probe: missing classes, empty folders, unknown folders", "[probe]") {
    TempDir two{"damatb-probe"};
    for (const std::string name : {"KvK", "KvM+", "KvM-", "MvM"})
        fs::copy_file(default_tables() + "/" + name + ".dtb", two.file(name + ".dtb"));
    write_bytes(two.file("notes.dtb"), {1, 2, 3}); // not a table name: left alone
    auto tb = open_ok({two.str()});
    CHECK(tb->max_pieces() == 2);
    probe::Value v;
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), 0, &v) == Status::OK);
    CHECK(tb->probe(probe_fen("W:WKa1,Kb1:Bd5"), 0, &v) == Status::CLASS_MISSING);
    // The root of a 2-piece position whose captures lead into a 1-piece... none needed; a
    // 3-piece root whose moves reach 3-piece classes fails as a whole.
    std::vector<probe::RootMove> moves;
    CHECK(tb->probe_root(probe_fen("W:WKa1,Kb1:Bd5"), 0, &moves) == Status::CLASS_MISSING);
    CHECK(moves.empty());

    // An empty folder, or one with no table name: no tablebase.
    TempDir empty{"damatb-probe"};
    write_bytes(empty.file("KMvX.dtb"), {1});
    Status s = Status::OK;
    CHECK(Tablebase::open({empty.str()}, PROBE_DEFAULT, 0, &s) == nullptr);
    CHECK(s == Status::NO_TABLES);
    CHECK(Tablebase::open({}, PROBE_DEFAULT, 0, &s) == nullptr);
    CHECK(s == Status::NO_TABLES);
    // A folder that cannot be listed fails the open, even beside a good one.
    CHECK(Tablebase::open({two.str(), two.file("no-such-folder")}, PROBE_DEFAULT, 0, &s) ==
          nullptr);
    CHECK(s == Status::IO);
    // The earlier folder's table wins: two and then the full set still see 3 pieces.
    auto both = open_ok({two.str(), default_tables()});
    CHECK(both->max_pieces() == 3);
    CHECK(both->probe(probe_fen("W:WKa1,Kb1:Bd5"), 0, &v) == Status::OK);
    // Ruleset options out of range.
    probe::Ruleset bad;
    bad.king_move_limit = 256;
    CHECK(Tablebase::open({two.str()}, bad, 0, &s) == nullptr);
    CHECK(s == Status::INVALID_ARGUMENT);
}

TEST_CASE("Probe: tables of another ruleset are refused; the rule off needs no counter",
          "[probe]") {
    core::Ruleset off;
    off.king_move_limit = 0;
    const std::string& dir = generated_table_files(2, off);
    auto tb = open_ok({dir}); // the default ruleset: files are checked when first probed
    probe::Value v;
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), 0, &v) == Status::RULESET_MISMATCH);
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), 0, &v) == Status::RULESET_MISMATCH); // and again
    std::vector<probe::RootMove> moves;
    CHECK(tb->probe_root(probe_fen("W:WKa1:BKa8"), 0, &moves) == Status::RULESET_MISMATCH);

    probe::Ruleset rules;
    rules.king_move_limit = 0;
    auto right = open_ok({dir}, rules);
    // KvK: the king to move that traps the other in a corner wins at once (dtz 1): a4 king vs
    // a1? Found by scanning: any position won without the limit stays won at a large counter.
    core::TableIndex index(core::Material{{1, 0}, {1, 0}});
    int wins = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        const probe::Position p = to_probe(index.position(i));
        const probe::Value at0 = must_probe(*right, p, 0);
        const probe::Value late = must_probe(*right, p, 1000);
        CHECK(at0.result == late.result);
        CHECK(at0.wdl != probe::Wdl5::CURSED_WIN);
        if (at0.result == Result::WIN) ++wins;
    }
    CHECK(wins > 0);
}

TEST_CASE("Probe: a missing or damaged progress file is an error of the roots that need it",
          "[probe]") {
    TempDir dir{"damatb-probe"};
    for (const auto& entry : fs::directory_iterator(default_tables()))
        if (entry.path().extension() == ".dtb") fs::copy_file(entry.path(), dir.file(entry.path().filename().string()));
    REQUIRE(fs::exists(default_tables() + "/KMvK-.dtp"));
    std::vector<std::uint8_t> damaged = read_bytes(default_tables() + "/KMvK-.dtp");
    damaged[damaged.size() - 3] ^= 0x40; // inside the last block
    TempDir bad{"damatb-probe"};
    fs::copy(dir.path(), bad.path(), fs::copy_options::recursive);
    write_bytes(bad.file("KMvK-.dtp"), damaged);
    auto full = open_ok({default_tables()}), without = open_ok({dir.str()}), broken = open_ok({bad.str()});
    int need = 0;
    for (const core::Position& p : random_positions(3000, 5)) {
        if (core::material_of(core::as_white_to_move(p)) != core::Material{{1, 1}, {1, 0}}) continue;
        const probe::Position q = to_probe(p);
        CHECK(answer(*without, q, 0) == answer(*full, q, 0)); // values need no progress file
        std::vector<probe::RootMove> moves;
        const Status s = without->probe_root(q, 0, &moves);
        if (s == Status::OK) {
            CHECK(moves.size() == must_probe_root(*full, q, 0).size());
            continue;
        }
        CHECK(s == Status::FILE_DAMAGED);
        CHECK(moves.empty());
        ++need;
    }
    CHECK(need > 0);
    // The damaged copy answers or fails, never differently from the good one when it answers.
    for (const core::Position& p : random_positions(3000, 6)) {
        std::vector<probe::RootMove> a, b;
        const Status s = broken->probe_root(to_probe(p), 0, &a);
        if (s != Status::OK) {
            CHECK(s == Status::FILE_DAMAGED);
            continue;
        }
        REQUIRE(full->probe_root(to_probe(p), 0, &b) == Status::OK);
        REQUIRE(a.size() == b.size());
        for (std::size_t k = 0; k < a.size(); ++k) CHECK(a[k].notation == b[k].notation);
    }
}

TEST_CASE("Probe: damaged files give an error, never an answer", "[probe]") {
    const std::string source = default_tables() + "/KvK.dtb"; // one block
    const std::vector<std::uint8_t> good = read_bytes(source);
    REQUIRE(good.size() > 160);
    const probe::Position kvk = probe_fen("W:WKa1:BKd5");
    const probe::Position kmvk = probe_fen("W:WKa1,c3:BKd5");

    auto probe_damaged = [&](const std::vector<std::uint8_t>& bytes) {
        TempDir dir{"damatb-probe"};
        write_bytes(dir.file("KvK.dtb"), bytes);
        fs::copy_file(default_tables() + "/KMvK+.dtb", dir.file("KMvK+.dtb"));
        auto tb = open_ok({dir.str()});
        probe::Value v;
        const Status s = tb->probe(kvk, 0, &v);
        CHECK(tb->probe(kmvk, 0, &v) == Status::OK); // other tables still answer
        // A root whose moves reach the damaged class fails as a whole.
        std::vector<probe::RootMove> moves;
        CHECK(tb->probe_root(kvk, 0, &moves) == s);
        return s;
    };
    CHECK(probe_damaged(good) == Status::OK);

    std::vector<std::uint8_t> bytes = good;
    bytes.resize(good.size() - 10); // truncated
    CHECK(probe_damaged(bytes) == Status::FILE_DAMAGED);
    bytes.resize(100); // not even a header
    CHECK(probe_damaged(bytes) == Status::FILE_DAMAGED);

    // A flipped byte anywhere: the header, the block index, the compressed block.
    for (std::size_t at : {std::size_t{20}, std::size_t{130}, std::size_t{150}, good.size() - 5}) {
        bytes = good;
        bytes[at] ^= 0x10;
        INFO("byte " << at);
        const Status s = probe_damaged(bytes);
        CHECK((s == Status::FILE_DAMAGED || s == Status::CHECKSUM));
    }

    // Another table's file under this table's name.
    TempDir dir{"damatb-probe"};
    fs::copy_file(default_tables() + "/MvM.dtb", dir.file("KvK.dtb"));
    auto tb = open_ok({dir.str()});
    probe::Value v;
    CHECK(tb->probe(kvk, 0, &v) == Status::FILE_DAMAGED);
}

TEST_CASE("Probe: invalid positions", "[probe]") {
    auto tb = open_ok({default_tables()});
    probe::Value v;
    auto status = [&](const probe::Position& p) { return tb->probe(p, 0, &v); };
    const std::uint64_t a1 = 1, d5 = std::uint64_t{1} << 35, c3 = std::uint64_t{1} << 18;
    CHECK(status({0, a1, 0, a1, true}) == Status::INVALID_POSITION);          // a square twice
    CHECK(status({c3, c3, 0, d5, true}) == Status::INVALID_POSITION);         // a man and a king
    CHECK(status({a1, 0, 0, d5, true}) == Status::INVALID_POSITION);          // a white man on a1
    CHECK(status({0, a1, std::uint64_t{1} << 63, 0, true}) == Status::INVALID_POSITION); // h8
    CHECK(status({0, a1, a1 << 1, 0, true}) == Status::INVALID_POSITION);     // a black man on b1
    CHECK(status({0, a1, 0, 0, true}) == Status::INVALID_POSITION);           // nobody to play
    CHECK(status({0, 0, 0, 0, true}) == Status::INVALID_POSITION);
    CHECK(status({0, 0, 0, d5, true}) == Status::OK); // no piece to move: lost
    std::vector<probe::RootMove> moves;
    CHECK(tb->probe_root({0, a1, 0, a1, true}, 0, &moves) == Status::INVALID_POSITION);
    CHECK(tb->probe_root({0, 0, 0, d5, true}, 0, &moves) == Status::OK);
    CHECK(moves.empty());
}

TEST_CASE("Probe: 8 threads give the answers of one", "[probe]") {
    const auto positions = random_positions(1500, 5);
    std::vector<std::array<int, 4>> expected;
    {
        auto one = open_ok({default_tables()});
        for (std::size_t k = 0; k < positions.size(); ++k)
            expected.push_back(answer(*one, to_probe(positions[k]), static_cast<int>(k % LIMIT)));
    }
    // A cache of two blocks: threads evict each other's blocks all the time.
    auto tb = open_ok({default_tables()}, PROBE_DEFAULT, 2 * core::VALUE_BLOCK_BYTES);
    std::vector<std::vector<std::array<int, 4>>> got(8);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < got.size(); ++t)
        threads.emplace_back([&, t] {
            for (std::size_t j = 0; j < positions.size(); ++j) {
                const std::size_t k = (j + t * 97) % positions.size(); // each its own order
                got[t].push_back(answer(*tb, to_probe(positions[k]), static_cast<int>(k % LIMIT)));
            }
        });
    for (auto& th : threads) th.join();
    for (std::size_t t = 0; t < got.size(); ++t)
        for (std::size_t j = 0; j < positions.size(); ++j) {
            const std::size_t k = (j + t * 97) % positions.size();
            if (got[t][j] != expected[k]) FAIL("thread " << t << " position " << k);
        }
}

TEST_CASE("Probe: the C interface answers as the C++ one", "[probe]") {
    const std::string& dir = default_tables();
    auto tb = open_ok({dir});
    const char* dirs[] = {dir.c_str()};
    int status = -1;
    damatb_tablebase* c = damatb_open(dirs, 1, DAMATB_PROMOTION_END_OF_MOVE, DAMATB_LONE_KING_WINS,
                                      LIMIT, std::size_t{1} << 20, &status);
    REQUIRE(status == DAMATB_OK);
    REQUIRE(c);
    CHECK(damatb_max_pieces(c) == 3);
    std::mt19937 rng(6);
    std::vector<damatb_root_move> buffer(DAMATB_MAX_MOVES);
    for (const core::Position& p : random_positions(150, 6)) {
        const int counter = static_cast<int>(rng() % LIMIT);
        const probe::Position pp = to_probe(p);
        const damatb_position cp{pp.white_men, pp.white_kings, pp.black_men, pp.black_kings,
                                 pp.white_to_move ? 1 : 0};
        const probe::Value v = must_probe(*tb, pp, counter);
        damatb_value cv{};
        REQUIRE(damatb_probe(c, &cp, counter, &cv) == DAMATB_OK);
        CHECK(cv.result == static_cast<int>(v.result));
        CHECK(cv.wdl == static_cast<int>(v.wdl));
        CHECK(cv.dtz == v.dtz);

        const auto moves = must_probe_root(*tb, pp, counter);
        int count = -1;
        REQUIRE(damatb_probe_root(c, &cp, counter, buffer.data(), DAMATB_MAX_MOVES, &count) ==
                DAMATB_OK);
        REQUIRE(count == static_cast<int>(moves.size()));
        for (std::size_t k = 0; k < moves.size(); ++k) {
            CHECK(std::string(buffer[k].notation) == moves[k].notation);
            CHECK(buffer[k].value.result == static_cast<int>(moves[k].value.result));
            CHECK(buffer[k].value.dtz == moves[k].value.dtz);
            CHECK(buffer[k].counter_after == moves[k].counter_after);
            CHECK(buffer[k].after.white_kings == moves[k].after.white_kings);
            CHECK(buffer[k].after.black_men == moves[k].after.black_men);
            CHECK((buffer[k].after.white_to_move != 0) == moves[k].after.white_to_move);
        }
        // A short buffer takes the best moves and says how many there are.
        if (moves.size() > 1) {
            damatb_root_move first{};
            REQUIRE(damatb_probe_root(c, &cp, counter, &first, 1, &count) == DAMATB_OK);
            CHECK(count == static_cast<int>(moves.size()));
            CHECK(std::string(first.notation) == moves[0].notation);
        }
    }
    damatb_value cv{};
    const damatb_position bad{1, 1, 0, 0, 1};
    CHECK(damatb_probe(c, &bad, 0, &cv) == DAMATB_INVALID_POSITION);
    CHECK(damatb_probe(c, nullptr, 0, &cv) == DAMATB_INVALID_ARGUMENT);
    CHECK(std::string(damatb_status_string(DAMATB_RULESET_MISMATCH)) == "ruleset mismatch");
    CHECK(std::string(damatb_status_string(99)) == "unknown status");
    damatb_close(c);
    damatb_close(nullptr);

    const char* nowhere[] = {"/nonexistent/damatb"};
    CHECK(damatb_open(nowhere, 1, 0, 0, LIMIT, 0, &status) == nullptr);
    CHECK(status == DAMATB_IO);
    CHECK(damatb_open(dirs, 1, 7, 0, LIMIT, 0, &status) == nullptr);
    CHECK(status == DAMATB_INVALID_ARGUMENT);
}

// docs/values.md, "Making progress": from any won position, always playing the first-ranked move
// wins against any defence. This walks every line from 200 random won positions, the winner
// playing the first move, the loser every move, and counts the starts from which the loser can
// force a repetition (the same position at the same counter) or the limit: none may.
// (test_progress.cpp proves it for every won position, one move at a time.)
TEST_CASE("Probe: last_error names the missing class, the damaged file and the reason",
          "[probe]") {
    TempDir dir{"damatb-probe"};
    for (const std::string name : {"KvK", "KvM+", "KvM-", "MvM"})
        fs::copy_file(default_tables() + "/" + name + ".dtb", dir.file(name + ".dtb"));
    std::vector<std::uint8_t> damaged = read_bytes(dir.file("KvM+.dtb"));
    damaged[damaged.size() - 1] ^= 0xff; // the last block's checksum
    write_bytes(dir.file("KvM+.dtb"), damaged);
    auto tb = open_ok({dir.str()});
    probe::Value v;
    const std::string folder = "'" + dir.str() + "'";

    CHECK(tb->probe(probe_fen("W:WKa1,Kb1:BKd5"), 0, &v) == Status::CLASS_MISSING);
    CHECK(probe::last_error() == "class KKvK is missing: no KKvK+.dtb in " + folder);
    CHECK(tb->probe(probe_fen("W:WKa1:Bd5"), 0, &v) == Status::FILE_DAMAGED);
    CHECK(probe::last_error() == dir.file("KvM+.dtb") + ": block 0 does not decompress");
    CHECK(tb->probe(probe_fen("W:WKa1:BKd5"), 0, &v) == Status::OK); // leaves it alone
    CHECK(probe::last_error() == dir.file("KvM+.dtb") + ": block 0 does not decompress");
    // Each thread has its own.
    std::string other = "unset";
    std::thread([&] { other = probe::last_error(); }).join();
    CHECK(other.empty());
    // The ruleset of the file and the one asked for.
    probe::Ruleset immediate;
    immediate.promotion = probe::Promotion::IMMEDIATE;
    auto wrong = open_ok({dir.str()}, immediate);
    CHECK(wrong->probe(probe_fen("W:WKa1:BKd5"), 0, &v) == Status::RULESET_MISMATCH);
    CHECK(probe::last_error() == dir.file("KvK.dtb") +
                                     ": built under end-of-move.king-wins.32, not "
                                     "immediate.king-wins.32");
    // What was wrong with the call.
    CHECK(tb->probe(probe_fen("W:WKa1:BKd5"), 32, &v) == Status::INVALID_ARGUMENT);
    CHECK(probe::last_error() == "counter 32 out of range: 0 to 31 under king-move limit 32");
    Status s = Status::OK;
    TempDir empty{"damatb-probe"};
    CHECK(Tablebase::open({empty.str()}, PROBE_DEFAULT, 0, &s) == nullptr);
    CHECK(probe::last_error() == "no table files (*.dtb) in '" + empty.str() + "'");

    // The C interface gives the same words.
    const std::string d = dir.str();
    const char* dirs[] = {d.c_str()};
    int status = -1;
    damatb_tablebase* c = damatb_open(dirs, 1, DAMATB_PROMOTION_END_OF_MOVE,
                                      DAMATB_LONE_KING_WINS, LIMIT, 0, &status);
    REQUIRE(status == DAMATB_OK);
    const probe::Position missing = probe_fen("W:WKa1,Kb1:BKd5"), bad = probe_fen("W:WKa1:Bd5");
    const damatb_position cmissing{missing.white_men, missing.white_kings, missing.black_men,
                                   missing.black_kings, 1};
    const damatb_position cbad{bad.white_men, bad.white_kings, bad.black_men, bad.black_kings, 1};
    damatb_value cv{};
    CHECK(damatb_probe(c, &cmissing, 0, &cv) == DAMATB_CLASS_MISSING);
    CHECK(std::string(damatb_last_error()) == "class KKvK is missing: no KKvK+.dtb in " + folder);
    CHECK(damatb_probe(c, &cbad, 0, &cv) == DAMATB_FILE_DAMAGED);
    CHECK(std::string(damatb_last_error()) ==
          dir.file("KvM+.dtb") + ": block 0 does not decompress");
    CHECK(damatb_probe(c, nullptr, 0, &cv) == DAMATB_INVALID_ARGUMENT);
    CHECK(std::string(damatb_last_error()) == "damatb_probe: a null pointer");
    damatb_close(c);
}

TEST_CASE("Probe: the numbers of probe.h and probe.hpp are the documented ones", "[probe]") {
    std::size_t count = 0;
    const damatb_test_number* numbers = damatb_test_numbers(&count);
    REQUIRE(count == 24);
    for (std::size_t i = 0; i < count; ++i) {
        INFO(numbers[i].name);
        CHECK(numbers[i].value == numbers[i].documented);
    }
    // The C++ enums (c_api.cpp ties them to probe.h's numbers with static_asserts).
    CHECK(int(Status::OK) == 0);
    CHECK(int(Status::CLASS_MISSING) == 1);
    CHECK(int(Status::FILE_DAMAGED) == 2);
    CHECK(int(Status::CHECKSUM) == 3);
    CHECK(int(Status::RULESET_MISMATCH) == 4);
    CHECK(int(Status::INVALID_POSITION) == 5);
    CHECK(int(Status::NO_TABLES) == 6);
    CHECK(int(Status::IO) == 7);
    CHECK(int(Status::INVALID_ARGUMENT) == 8);
    CHECK(int(Result::LOSS) == -1);
    CHECK(int(Result::DRAW) == 0);
    CHECK(int(Result::WIN) == 1);
    CHECK(int(probe::Wdl5::LOSS) == 0);
    CHECK(int(probe::Wdl5::BLESSED_LOSS) == 1);
    CHECK(int(probe::Wdl5::DRAW) == 2);
    CHECK(int(probe::Wdl5::CURSED_WIN) == 3);
    CHECK(int(probe::Wdl5::WIN) == 4);
    CHECK(int(probe::Promotion::END_OF_MOVE) == 0);
    CHECK(int(probe::Promotion::IMMEDIATE) == 1);
    CHECK(int(probe::LonePieces::KING_WINS) == 0);
    CHECK(int(probe::LonePieces::DRAW) == 1);
    CHECK(int(probe::LonePieces::PLAY_ON) == 2);
}

TEST_CASE("Probe: always playing the first move wins from every won position", "[probe]") {
    auto tb = open_ok({default_tables()});
    struct Key {
        probe::Position p;
        int counter;
        bool operator<(const Key& o) const {
            return std::tie(p.white_men, p.white_kings, p.black_men, p.black_kings, p.white_to_move,
                            counter) < std::tie(o.p.white_men, o.p.white_kings, o.p.black_men,
                                                o.p.black_kings, o.p.white_to_move, o.counter);
        }
    };
    enum Mark { OPEN = 1, WON = 2, FAILED = 3 };
    std::map<Key, Mark> marks;
    struct Frame {
        Key key;
        std::vector<Key> next;
        std::size_t done = 0;
        bool failed = false;
    };
    std::mt19937 rng(8);
    int starts = 0, failed = 0;
    for (const core::Position& start : random_positions(2000, 8)) {
        const int c0 = static_cast<int>(rng() % LIMIT);
        if (must_probe(*tb, to_probe(start), c0).result != Result::WIN) continue;
        if (starts == 200) break;
        ++starts;
        std::vector<Frame> stack;
        bool start_failed = false;
        auto visit = [&](const Key& k) {
            auto it = marks.find(k);
            if (it != marks.end()) {
                const bool bad = it->second != WON; // open: a repetition; failed: leads to one
                (stack.empty() ? start_failed : stack.back().failed) |= bad;
                return;
            }
            marks[k] = OPEN;
            Frame f{k, {}, 0, false};
            const bool winner = stack.size() % 2 == 0;
            const core::Position q = core::Position::from_valid(
                k.p.white_men, k.p.white_kings, k.p.black_men, k.p.black_kings,
                k.p.white_to_move ? core::WHITE : core::BLACK);
            core::MoveList moves;
            const core::Outcome over = core::game_outcome(q, DEFAULT_RULES, moves);
            if (over != core::Outcome::NONE) {
                f.failed = over != (winner ? core::Outcome::WIN : core::Outcome::LOSS);
            } else if (winner) {
                const auto root = must_probe_root(*tb, k.p, k.counter);
                f.failed = root.front().value.result != Result::WIN;
                f.next.push_back({root.front().after, root.front().counter_after});
            } else {
                for (const core::Move& m : moves) {
                    const int next = core::counter_after(k.counter, m);
                    if (next >= LIMIT) f.failed = true; // the loser reached the limit
                    else f.next.push_back({to_probe(q.after(m)), next});
                }
            }
            stack.push_back(std::move(f));
        };
        visit({to_probe(start), c0});
        while (!stack.empty()) {
            Frame& f = stack.back();
            if (f.done < f.next.size()) {
                const Key k = f.next[f.done++];
                visit(k);
                continue;
            }
            const bool bad = f.failed;
            marks[f.key] = bad ? FAILED : WON;
            stack.pop_back();
            (stack.empty() ? start_failed : stack.back().failed) |= bad;
        }
        failed += start_failed;
    }
    CHECK(starts == 200);
    CHECK(failed == 0);
}
