// The generator's tables: one-ply consistency of every value, the counts of
// every class of 2 and 3 pieces, the same tables whichever way the solver looks
// for losses, whole or in slices, and the same bytes whatever the thread count.
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <functional>
#include <iterator>
#include <map>

#include <catch2/catch.hpp>

#include "core/consistency.h"
#include "core/fen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "gen/generate.h"
#include "gen/memory_budget.h"
#include "gen/men_slices.h"
#include "gen/slice_files.h"
#include "gen/solver.h"
#include "gen/table_io.h"
#include "gen/wdl_scratch.h"
#include "support/generated.h"
#include "support/reference_counts.h"
#include "support/temp_dir.h"

using namespace damatb;
using namespace damatb::core;

namespace {

std::vector<Ruleset> every_option() {
    return {Ruleset{},
            Ruleset{Promotion::IMMEDIATE, LonePieces::KING_WINS, 32},
            Ruleset{Promotion::END_OF_MOVE, LonePieces::DRAW, 32},
            Ruleset{Promotion::END_OF_MOVE, LonePieces::PLAY_ON, 32},
            Ruleset{Promotion::END_OF_MOVE, LonePieces::KING_WINS, 0},
            Ruleset{Promotion::END_OF_MOVE, LonePieces::KING_WINS, 8}};
}

// Checks every index of every table of up to `pieces` pieces; returns the failures.
std::vector<std::string> inconsistencies(int pieces, const Ruleset& rules) {
    const gen::SolvedTables& tables = test::solved_up_to(pieces, rules);
    ValueLookup lookup = [&](const Position& p) { return test::stored_value(tables, p); };
    std::vector<std::string> failures;
    for (const ClassPlan& c : plan_classes(pieces))
        for (const Material& m : tables_of(c.material)) {
            const gen::SolvedTable* t = tables.find(m);
            REQUIRE(t != nullptr);
            for (std::uint64_t i = 0; i < t->wdl.size() && failures.size() < 10; ++i)
                if (auto why = check_one_ply(t->index.position(i), {t->wdl[i], t->dtz[i]}, rules, lookup))
                    failures.push_back(m.table_name() + " " + *why);
        }
    return failures;
}

// Every placement of two armies, White to move, identical pieces unordered.
void each_placement(const Army& white, const Army& black, const std::function<void(const Position&)>& f) {
    const int counts[4] = {white.men, white.kings, black.men, black.kings};
    Bitboard sets[4] = {0, 0, 0, 0};
    std::function<void(int, int, Bitboard)> place = [&](int g, int from, Bitboard taken) {
        if (g == 4) return f(Position::from_valid(sets[0], sets[1], sets[2], sets[3], WHITE));
        if (popcount(sets[g]) == counts[g]) return place(g + 1, 0, taken);
        for (int sq = from; sq < 64; ++sq) {
            if ((taken & square_bb(sq)) || ((g == 0 || g == 2) && rank_of(sq) % 7 == 0)) continue;
            sets[g] |= square_bb(sq);
            place(g, sq + 1, taken | square_bb(sq));
            sets[g] &= ~square_bb(sq);
        }
    };
    place(0, 0, 0);
}

// Counts over every placement, no symmetry folded, counter 0, in the rows of
// support/reference_counts.h.
std::vector<test::CountRow> count_rows(const Ruleset& rules) {
    const gen::SolvedTables& tables = test::solved_up_to(3, rules);
    std::vector<test::CountRow> rows;
    for (const ClassPlan& c : plan_classes(3))
        for (const Material& m : tables_of(c.material)) {
            for (Color side : {WHITE, BLACK}) {
                test::CountRow row{m.mover.name() + " v " + m.other.name(), side, 0, 0, 0, 0, -1, -1};
                each_placement(m.mover, m.other, [&](const Position& p) {
                    Position q = side == WHITE ? p
                                               : Position::from_valid(p.men(WHITE), p.kings(WHITE),
                                                                      p.men(BLACK), p.kings(BLACK), BLACK);
                    TableValue v = test::stored_value(tables, q);
                    ++row.positions;
                    if (v.wdl == Wdl5::WIN) {
                        ++row.win;
                        row.longest_dtz_win = std::max(row.longest_dtz_win, v.dtz);
                    } else if (v.wdl == Wdl5::LOSS) {
                        ++row.loss;
                        row.longest_dtz_loss = std::max(row.longest_dtz_loss, v.dtz);
                    } else {
                        ++row.draw;
                    }
                });
                rows.push_back(row);
            }
        }
    return rows;
}

// Whether table t holds the wdl, dtz, round, must-capture bits and history of its table in
// `expected`.
bool same_as(const gen::SolvedTable& t, const gen::SolvedTables& expected) {
    const gen::SolvedTable* e = expected.find(t.index.material());
    REQUIRE(e != nullptr);
    const auto steps = t.steps_in(0, t.index.size()), expected_steps = e->steps_in(0, e->index.size());
    const bool same_history = std::equal(
        steps.begin(), steps.end(), expected_steps.begin(), expected_steps.end(),
        [](const auto& a, const auto& b) { return a.index == b.index && a.step() == b.step(); });
    // From memory or from slice files (a class solved in slices with them).
    const gen::Results got = t.results_in(0, t.index.size()), want = e->results_in(0, e->index.size());
    return got.wdl == want.wdl && got.dtz == want.dtz && got.round == want.round &&
           got.must_capture == want.must_capture && same_history;
}

// The classes of up to `pieces` pieces (of kings only if `kings_only`: those read no other class)
// solved under `options`, compared with those solved by solved_up_to: the tables whose wdl,
// dtz, round or history differ.
std::vector<std::string> differences_under(int pieces, const gen::SolveOptions& options, bool kings_only = false) {
    const gen::SolvedTables& expected = test::solved_up_to(pieces, options.rules);
    gen::SolvedTables tables;
    std::vector<std::string> differ;
    for (const ClassPlan& c : plan_classes(pieces)) {
        if (kings_only && (c.material.mover.men || c.material.other.men)) continue;
        for (auto& t : gen::solve_class(c.material, tables, options)) {
            tables.add(t);
            if (!same_as(*t, expected)) differ.push_back(t->index.material().table_name());
        }
    }
    return differ;
}

// The classes of up to `pieces` pieces solved with the positions that may be won or lost by a
// king move, and the candidates for a loss, found one way, and those with men solved whole or
// slice by slice (in `slice_count` slices, 0 for one per profile), compared with those solved by
// solved_up_to (found either way, by cost, and solved whole): the tables that differ.
std::vector<std::string> differences(int pieces, const Ruleset& rules, gen::Search search, bool slices = false,
                                     int slice_count = 0, gen::Lists lists = gen::Lists::AUTO, int threads = 2) {
    gen::SolveOptions options;
    options.rules = rules;
    options.threads = threads;
    options.search = search;
    options.lists = lists;
    options.slices = slices;
    options.slice_count = slice_count;
    return differences_under(pieces, options);
}

// The classes of kings only of up to `pieces` pieces solved with their losses found `losses` way
// (and, counted, the counts made anew forwards at every level with Search::SCAN, never with
// Search::PREDECESSORS), compared with those solved by solved_up_to: the tables that differ.
std::vector<std::string> kings_only_differences(int pieces, const Ruleset& rules, gen::Losses losses, int threads,
                                                gen::Search search = gen::Search::AUTO) {
    gen::SolveOptions options;
    options.rules = rules;
    options.threads = threads;
    options.losses = losses;
    options.search = search;
    return differences_under(pieces, options, true);
}

} // namespace

TEST_CASE("Generator: wins and losses found from predecessors or by scanning, the same tables, every option",
          "[generator]") {
    for (const Ruleset& rules : every_option()) {
        INFO(rules.name());
        CHECK(differences(3, rules, gen::Search::PREDECESSORS) == std::vector<std::string>{});
        CHECK(differences(3, rules, gen::Search::SCAN) == std::vector<std::string>{});
    }
}

TEST_CASE("Generator: the losses of kings only counted or evaluated, the same tables, every option", "[generator]") {
    // KvK and KKvK under every option, and KKKvK and KKvKK too under the default rules, their
    // losses counted and evaluated, against solved_up_to's (counted in a class of equal armies).
    for (gen::Losses losses : {gen::Losses::COUNTED, gen::Losses::EVALUATED}) {
        for (const Ruleset& rules : every_option()) {
            INFO(rules.name());
            CHECK(kings_only_differences(3, rules, losses, 2) == std::vector<std::string>{});
        }
        for (int threads : {1, 2}) CHECK(kings_only_differences(4, Ruleset{}, losses, threads) == std::vector<std::string>{});
    }
    // The counts made anew forwards at every level, or never (solved_up_to's weighs them).
    for (gen::Search search : {gen::Search::SCAN, gen::Search::PREDECESSORS}) {
        for (const Ruleset& rules : every_option()) {
            INFO(rules.name());
            CHECK(kings_only_differences(3, rules, gen::Losses::COUNTED, 2, search) == std::vector<std::string>{});
        }
        for (int threads : {1, 2})
            CHECK(kings_only_differences(4, Ruleset{}, gen::Losses::COUNTED, threads, search) == std::vector<std::string>{});
    }
}

TEST_CASE("Generator: classes solved slice by slice or whole, the same tables, every option", "[generator]") {
    for (const Ruleset& rules : every_option()) {
        INFO(rules.name());
        CHECK(differences(3, rules, gen::Search::AUTO, true) == std::vector<std::string>{});
    }
    CHECK(differences(3, Ruleset{}, gen::Search::PREDECESSORS, true) == std::vector<std::string>{});
    CHECK(differences(3, Ruleset{}, gen::Search::SCAN, true) == std::vector<std::string>{});
}

TEST_CASE("Generator: work lists as vectors or as bit sets, the same tables, every option", "[generator]") {
    for (const Ruleset& rules : every_option())
        for (gen::Lists lists : {gen::Lists::VECTORS, gen::Lists::BITS})
            for (bool slices : {false, true}) {
                INFO(rules.name() << (lists == gen::Lists::BITS ? ", bit sets" : ", vectors")
                                  << (slices ? ", in slices" : ", whole"));
                CHECK(differences(3, rules, gen::Search::AUTO, slices, 0, lists) == std::vector<std::string>{});
            }
    for (gen::Search search : {gen::Search::PREDECESSORS, gen::Search::SCAN})
        CHECK(differences(3, Ruleset{}, search, true, 3, gen::Lists::BITS, 1) == std::vector<std::string>{});
}

TEST_CASE("Generator: work lists as bit sets, the same tables, 4 pieces, whole and in slices, 1 and 2 threads",
          "[generator][slow]") {
    for (int threads : {1, 2}) {
        INFO(threads << " threads");
        CHECK(differences(4, Ruleset{}, gen::Search::AUTO, false, 0, gen::Lists::BITS, threads) ==
              std::vector<std::string>{});
        CHECK(differences(4, Ruleset{}, gen::Search::AUTO, true, 3, gen::Lists::BITS, threads) ==
              std::vector<std::string>{});
    }
}

TEST_CASE("Generator: classes solved in slices of several profiles or whole, the same tables", "[generator]") {
    for (const Ruleset& rules : every_option())
        for (int count : {2, 3, 5}) {
            INFO(rules.name() << " in " << count << " slices");
            CHECK(differences(3, rules, gen::Search::AUTO, true, count) == std::vector<std::string>{});
        }
}

TEST_CASE("Generator: classes solved slice by slice or whole, the same tables, 4 pieces", "[generator][slow]") {
    CHECK(differences(4, Ruleset{}, gen::Search::AUTO, true) == std::vector<std::string>{});
    CHECK(differences(4, Ruleset{}, gen::Search::AUTO, true, 3) == std::vector<std::string>{});
}

TEST_CASE("Generator: wins and losses found from predecessors or by scanning, the same tables, 4 pieces",
          "[generator][slow]") {
    CHECK(differences(4, Ruleset{}, gen::Search::PREDECESSORS) == std::vector<std::string>{});
    CHECK(differences(4, Ruleset{}, gen::Search::SCAN) == std::vector<std::string>{});
}

TEST_CASE("Generator: every value of up to 3 pieces is one-ply consistent, every option",
          "[generator]") {
    for (const Ruleset& rules : every_option()) {
        INFO(rules.name());
        CHECK(inconsistencies(3, rules) == std::vector<std::string>{});
    }
}

TEST_CASE("Generator: every value of up to 4 pieces is one-ply consistent", "[generator][slow]") {
    CHECK(inconsistencies(4, Ruleset{}) == std::vector<std::string>{});
}

TEST_CASE("Generator: counts of every class of 2 and 3 pieces", "[generator]") {
    for (Promotion promotion : {Promotion::END_OF_MOVE, Promotion::IMMEDIATE}) {
        Ruleset rules;
        rules.promotion = promotion;
        const std::vector<test::CountRow>& expected = test::counts_3_pieces(promotion);
        std::vector<test::CountRow> rows = count_rows(rules);
        CHECK(rows.size() == expected.size());
        for (const test::CountRow& want : expected) {
            auto got = std::find_if(rows.begin(), rows.end(), [&](const test::CountRow& r) {
                return r.name == want.name && r.side == want.side;
            });
            INFO(to_string(promotion) << " " << want.name << (want.side == WHITE ? ", White" : ", Black")
                                      << " to move");
            REQUIRE(got != rows.end());
            CHECK(got->positions == want.positions);
            CHECK(got->win == want.win);
            CHECK(got->draw == want.draw);
            CHECK(got->loss == want.loss);
            CHECK(got->longest_dtz_win == want.longest_dtz_win);
            CHECK(got->longest_dtz_loss == want.longest_dtz_loss);
        }
    }
}

// The last run holds the classes read within a read cache of a byte (gen/read_cache.h): their
// pages are given back again and again while the first looks read them. The runs in slices
// move the slices that later slices read to a scratch file (gen/scratch_pages.h), the last
// under the same bound.
TEST_CASE("Generator: the same bytes whatever the thread count, whole or in slices, and under a tiny read cache",
          "[generator]") {
    test::TempDir dir("damatb-generator");
    struct Run {
        int threads;
        bool slices;
        std::uint64_t read_cache; // 0: the default
    };
    const Run runs[] = {{1, false, 0}, {2, false, 0}, {1, true, 0}, {2, true, 0}, {2, true, 1}};
    constexpr int RUNS = 5;
    std::vector<std::string> contents[RUNS];
    std::map<std::string, int> files[RUNS]; // by extension
    std::uint64_t releases[RUNS] = {};
    for (int r = 0; r < RUNS; ++r) {
        gen::GenerateOptions options;
        options.pieces = 3;
        options.threads = runs[r].threads;
        options.slices = runs[r].slices;
        options.read_cache = runs[r].read_cache;
        options.out_dir = dir.file(std::to_string(r));
        for (const gen::ClassReport& report : gen::generate(options)) releases[r] += report.read_cache_releases;
        for (const auto& entry : std::filesystem::directory_iterator(options.out_dir)) {
            ++files[r][entry.path().extension().string()];
            std::ifstream in(entry.path(), std::ios::binary);
            contents[r].push_back(entry.path().filename().string() + ":" +
                                  std::string(std::istreambuf_iterator<char>(in), {}));
        }
        std::sort(contents[r].begin(), contents[r].end());
    }
    // Values files (KvK and MvM have one table), the progress files of the tables with a loss
    // that is not don't care (all but KvK, KvM+, KMvK+, KMvM+, KKvK+ and KKvM+), statistics.
    CHECK(files[0] == std::map<std::string, int>{{".dtb", 16}, {".dtp", 10}, {".stats", 9}});
    for (int r = 1; r < RUNS; ++r) CHECK(contents[0] == contents[r]);
    CHECK(releases[0] == 0); // a quarter of the machine's memory holds every class read
    CHECK(releases[RUNS - 1] > 0);
}

// A class read back keeps its WDL5 alone when its statistics file is there (gen/table_io.h,
// read_solved_wdl): the classes solved again here read those of the classes reused.
TEST_CASE("Generator: an interrupted run resumes, reusing what is complete and valid", "[generator]") {
    test::TempDir dir("damatb-generator");
    gen::GenerateOptions options;
    options.pieces = 3;
    options.out_dir = dir.str();
    const std::vector<gen::ClassReport> first = gen::generate(options);
    auto bytes_of = [&] {
        std::map<std::string, std::vector<std::uint8_t>> out;
        for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
            out[entry.path().filename().string()] = test::read_bytes(entry.path().string());
        return out;
    };
    const auto before = bytes_of();
    // KMvM-'s values file cut short, KMvK-'s progress file gone, a stray temporary file.
    auto cut = before.at("KMvM-.dtb");
    cut.resize(cut.size() / 2);
    test::write_bytes(dir.file("KMvM-.dtb"), cut);
    std::filesystem::remove(dir.file("KMvK-.dtp"));
    test::write_bytes(dir.file("KKvK.dtb.tmp"), {1, 2, 3});
    // KKvM's statistics file gone: its tables are read back whole, and the file made again.
    std::filesystem::remove(dir.file("KKvM.stats"));
    const std::vector<gen::ClassReport> second = gen::generate(options);
    REQUIRE(second.size() == first.size());
    for (std::size_t k = 0; k < second.size(); ++k) {
        INFO(second[k].cls.class_name());
        const std::string name = second[k].cls.class_name();
        CHECK(second[k].reused == (name != "KMvK" && name != "KMvM"));
        REQUIRE(second[k].tables.size() == first[k].tables.size());
        for (std::size_t t = 0; t < second[k].tables.size(); ++t)
            CHECK(second[k].tables[t].line() == first[k].tables[t].line()); // read back = solved
    }
    std::filesystem::remove(dir.file("KKvK.dtb.tmp"));
    CHECK(bytes_of() == before);
}

// A table whose statistics count losses but that has no progress file is complete when its
// losses are all don't care (gen/table_io.h, needs_progress_file), which its values file alone
// tells: a run started again then reads none of the classes such a class reads. Such a table
// first appears at 6 pieces (KKKMvMM+); here one is made by hand, whose records read as losses
// at don't-care positions only, as a don't-care record repeating a loss before it would.
TEST_CASE("Generator: a table needs a progress file for a loss that is not don't care, told from its values file",
          "[generator]") {
    test::TempDir dir("damatb-generator");
    const Ruleset rules;
    gen::GenerateOptions options;
    options.pieces = 3;
    options.out_dir = dir.str();
    for (const gen::ClassReport& report : gen::generate(options))
        for (const Material& m : tables_of(report.cls)) {
            INFO(m.table_name());
            CHECK(gen::needs_progress_file(options.out_dir, m, rules, 2) ==
                  std::filesystem::exists(dir.file(table_file_name(m, TableContents::PROGRESS))));
        }

    const Material kmvm{{1, 1}, {0, 1}}; // KMvM+
    const TableIndex index(kmvm);
    const std::uint64_t n = index.size();
    auto write_values = [&](std::uint64_t lost) { // lost: a position not don't care put as a loss, or n
        TableRecords records(n, 1);
        int dont_care = 0;
        for (std::uint64_t i = 0; i < n; ++i) {
            ProgressHistory h;
            h.steps[std::size_t(h.count++)] = {1, 1};
            if (!is_dont_care(index.position(i), rules))
                i == lost ? records.put_loss(i, {Wdl5::LOSS, 1}, h) : records.put_value(i, {Wdl5::DRAW, 0});
            else if (++dont_care % 2)
                records.put_loss(i, {Wdl5::LOSS, 1}, h); // reads as a loss, but is don't care
            else
                records.put_dont_care(i);
        }
        records.fill_unused_bytes();
        REQUIRE(write_table(dir.file(table_file_name(kmvm, TableContents::VALUES)),
                            records.header(TableContents::VALUES, rules, kmvm), records.values().data())
                    .ok());
    };
    write_values(n);
    CHECK_FALSE(gen::needs_progress_file(options.out_dir, kmvm, rules, 2));
    std::uint64_t lost = n / 2; // the first position from the middle on that is not don't care
    while (is_dont_care(index.position(lost), rules)) ++lost;
    write_values(lost);
    CHECK(gen::needs_progress_file(options.out_dir, kmvm, rules, 1));
    CHECK(gen::needs_progress_file(options.out_dir, kmvm, rules, 2));
    std::filesystem::remove(dir.file(table_file_name(kmvm, TableContents::VALUES)));
    CHECK(gen::needs_progress_file(options.out_dir, kmvm, rules, 2)); // no values file: not complete
}

// The end of a run (gen::end_run in gen/output_folder.h), which `generate` shares with a run
// under MPI: the manifest from the classes' statistics files; the scratch files and an empty
// folder of slice files removed after a run of every class, left for the units after one class.
TEST_CASE("Generator: a run ends with its manifest, and with its scratch files removed unless of one class",
          "[generator]") {
    test::TempDir dir("damatb-generator");
    gen::GenerateOptions options;
    options.pieces = 3;
    options.out_dir = dir.file("tables");
    std::vector<std::string> said;
    options.say = [&](const std::string& line) { said.push_back(line); };
    auto text_of = [](const std::string& path) {
        std::ifstream in(path);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    auto lines_of = [](const std::vector<gen::ClassReport>& reports) {
        std::string text;
        for (const gen::ClassReport& r : reports)
            for (const TableStats& t : r.tables) text += t.line() + "\n";
        return text;
    };
    const std::string unfinished = dir.file("tables/unfinished"), scratch = dir.file("tables/scratch");

    options.manifest = dir.file("every.txt");
    std::filesystem::create_directories(unfinished); // as a run stopped between two classes leaves it
    const std::vector<gen::ClassReport> every = gen::generate(options);
    CHECK(text_of(options.manifest) == lines_of(every));
    CHECK(!std::filesystem::exists(unfinished));
    CHECK(!std::filesystem::exists(scratch));
    CHECK(said.back().rfind("all done in ", 0) == 0);

    options.only = *parse_class_name("KMvK");
    options.manifest = dir.file("one.txt");
    std::filesystem::create_directories(unfinished);
    const std::vector<gen::ClassReport> one = gen::generate(options);
    CHECK(one.size() == 4); // KMvK and the classes it leads into: KvK, KvM, KKvK
    CHECK(text_of(options.manifest) == lines_of(one));
    CHECK(std::filesystem::exists(unfinished));
    CHECK(std::filesystem::exists(scratch + "/KMvK+.wdl"));
}

// One class made again in a finished folder (--material, its files removed) reads every class
// its moves lead into; of those, each read back reads the classes its captures lead into, which
// settle its don't-care positions, and not those its promotions lead into (gen/generate.cpp,
// start_run).
TEST_CASE("Generator: one class made again reads back what its moves lead into, and their captures' classes alone",
          "[generator]") {
    test::TempDir dir("damatb-generator");
    gen::GenerateOptions options;
    options.pieces = 3;
    options.out_dir = dir.file("tables");
    gen::generate(options);
    const Material mmvm = *parse_class_name("MMvM");
    std::map<std::string, std::vector<std::uint8_t>> made;
    for (const auto& entry : std::filesystem::directory_iterator(options.out_dir))
        if (entry.path().filename().string().rfind("MMvM", 0) == 0) {
            made[entry.path().filename().string()] = test::read_bytes(entry.path().string());
            std::filesystem::remove(entry.path());
        }
    REQUIRE(made.size() >= 3); // its values files and statistics at least

    options.only = mmvm;
    std::vector<std::string> classes;
    for (const gen::ClassReport& r : gen::generate(options)) {
        classes.push_back(r.cls.class_name());
        CHECK(r.reused == (r.cls != mmvm));
    }
    // MMvM's promotions lead into KMvM and MMvK, its captures into KvM and MvM; their captures
    // into KvK, KvM and MvM. Their promotions lead into KKvM and KMvK, read by none.
    CHECK(classes == std::vector<std::string>{"KvK", "KvM", "MvM", "KMvM", "MMvK", "MMvM"});
    for (const auto& [name, bytes] : made) {
        INFO(name);
        CHECK(test::read_bytes(dir.file("tables/" + name)) == bytes);
    }
}

// A run of every class started again holds only what the classes still to solve read, and a
// class's scratch file goes once the last class that reads it is done (gen/generate.cpp,
// classes_to_load and drop_classes_read_last_by).
TEST_CASE("Generator: a run started again reads what the classes to solve read, and no more",
          "[generator]") {
    test::TempDir dir("damatb-generator");
    const std::vector<core::ClassPlan> plan = core::plan_classes(3);
    const std::vector<std::size_t> last = gen::last_readers(plan);
    gen::GenerateOptions options;
    options.pieces = 3;
    options.out_dir = dir.file("tables");
    // Stopped once 6 classes are done (KvK, KvM, MvM, KKvK, KKvM, KMvK), as a kill between two
    // classes would stop it.
    constexpr std::size_t STOP = 6;
    struct Stop {};
    std::size_t done = 0;
    options.say = [&](const std::string& line) {
        if (line.rfind("[", 0) == 0 && ++done == STOP) throw Stop{};
    };
    CHECK_THROWS_AS(gen::generate(options), Stop);
    int gone = 0;
    for (std::size_t j = 0; j < STOP; ++j)
        for (const Material& m : core::tables_of(plan[j].material)) {
            INFO(m.table_name());
            const bool kept = std::filesystem::exists(gen::wdl_scratch_path(options.out_dir, m));
            CHECK(kept == (last[j] >= STOP)); // read by a class still to solve
            gone += !kept && last[j] > j;
        }
    CHECK(gone > 0); // KKvK's, read last by KMvK

    options.say = {};
    const std::vector<gen::ClassReport> second = gen::generate(options);
    REQUIRE(second.size() == plan.size());
    int unread = 0;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        INFO(plan[k].material.class_name());
        bool read_later = false; // by a class solved now
        for (std::size_t j = STOP; j < plan.size(); ++j)
            for (const Material& n : plan[j].needs) read_later = read_later || n == plan[k].material;
        CHECK(second[k].reused == (k < STOP));
        CHECK(second[k].held == (k >= STOP || read_later));
        unread += !second[k].held;
    }
    CHECK(unread > 0);
    CHECK(!std::filesystem::exists(dir.file("tables/scratch")));
    // The same files as a run never stopped.
    options.out_dir = dir.file("fresh");
    gen::generate(options);
    for (const auto& entry : std::filesystem::directory_iterator(dir.file("fresh")))
        CHECK(test::read_bytes(entry.path().string()) ==
              test::read_bytes(dir.file("tables/" + entry.path().filename().string())));
}

TEST_CASE("Generator: a class stopped in the middle of its slices resumes at the slice it was solving",
          "[generator]") {
    Ruleset rules; // a short king-move limit: values without it that differ (cursed wins)
    rules.king_move_limit = 4;
    const gen::SolvedTables& expected = test::solved_up_to(3, rules);
    const Material cls = *parse_class_name("KMvM");
    test::TempDir dir("damatb-slice-files");
    gen::SolveOptions options;
    options.rules = rules;
    options.threads = 2;
    options.slices = true;
    options.slice_dir = dir.str();
    auto slice_files = [&] {
        int n = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
            n += entry.path().extension() == ".dts";
        return n;
    };

    // Stopped once slice 10 is done (as a kill would stop it, its file written): 11 files.
    struct Stop {};
    options.slice_done = [](int s, int, std::uint64_t, bool) {
        if (s == 10) throw Stop{};
    };
    CHECK_THROWS_AS(gen::solve_class(cls, expected, options), Stop);
    CHECK(slice_files() == 11);

    // The file of slice 8 damaged: slices 0 to 7 read back, the others solved, the same tables.
    const std::string damaged = gen::solving::slice_file_path(dir.str(), cls, 8);
    std::vector<std::uint8_t> bytes = test::read_bytes(damaged);
    bytes[bytes.size() / 2] ^= 1;
    test::write_bytes(damaged, bytes);
    std::vector<bool> read_back;
    std::uint64_t positions = 0;
    options.slice_done = [&](int, int count, std::uint64_t n, bool r) {
        CHECK(count == 36);
        read_back.push_back(r);
        positions += n;
    };
    for (const auto& t : gen::solve_class(cls, expected, options)) CHECK(same_as(*t, expected));
    std::vector<bool> first_eight(36, false);
    std::fill(first_eight.begin(), first_eight.begin() + 8, true);
    CHECK(read_back == first_eight);
    CHECK(positions == gen::class_positions(cls));
    CHECK(slice_files() == 36);

    // Under another ruleset, no file is taken.
    Ruleset other;
    other.king_move_limit = 32;
    options.rules = other;
    read_back.clear();
    for (const auto& t : gen::solve_class(cls, test::solved_up_to(3, other), options))
        CHECK(same_as(*t, test::solved_up_to(3, other)));
    CHECK(read_back == std::vector<bool>(36, false));

    gen::solving::remove_slice_files(dir.str(), cls, 36);
    CHECK(!std::filesystem::exists(dir.path()));
}

// A slice file's frames are made a group of pieces at a time, on the threads, and written in
// order: each slice of KKMvK in 2 holds more pieces (of 65,536 positions) than a group of 1
// thread's (4), so that 1 and 2 threads group them differently.
TEST_CASE("Generator: slice files of several pieces, the same bytes on 1 and 2 threads, read back alike",
          "[generator]") {
    const Material cls = *parse_class_name("KKMvK");
    gen::SolveOptions whole;
    gen::SolvedTables before; // what KKMvK reads: the classes of 3 pieces, and KKKvK
    for (const ClassPlan& c : plan_classes(3))
        for (auto& t : gen::solve_class(c.material, before, whole)) before.add(t);
    for (auto& t : gen::solve_class(*parse_class_name("KKKvK"), before, whole)) before.add(t);
    gen::SolvedTables expected;
    for (auto& t : gen::solve_class(cls, before, whole)) expected.add(t);

    test::TempDir dir("damatb-slice-pieces");
    std::vector<std::uint8_t> files[2][2]; // [threads - 1][slice]
    for (int threads : {1, 2}) {
        gen::SolveOptions options;
        options.threads = threads;
        options.slices = true;
        options.slice_count = 2;
        options.slice_dir = dir.file(std::to_string(threads));
        // More pieces in each than a group of 1 thread's holds (4), in both tables together.
        options.slice_done = [](int, int, std::uint64_t positions, bool) { CHECK(positions > 2 * 4 * 65536); };
        for (const auto& t : gen::solve_class(cls, before, options)) CHECK(same_as(*t, expected));
        for (int s = 0; s < 2; ++s)
            files[threads - 1][s] = test::read_bytes(gen::solving::slice_file_path(options.slice_dir, cls, s));
    }
    for (int s = 0; s < 2; ++s) {
        CHECK(!files[0][s].empty());
        CHECK((files[0][s] == files[1][s])); // not printed: hundreds of kilobytes
    }

    // The files of 2 threads read back on 1: the same tables, nothing solved.
    gen::SolveOptions again;
    again.threads = 1;
    again.slices = true;
    again.slice_count = 2;
    again.slice_dir = dir.file("2");
    std::vector<bool> read_back;
    again.slice_done = [&](int, int, std::uint64_t, bool r) { read_back.push_back(r); };
    for (const auto& t : gen::solve_class(cls, before, again)) CHECK(same_as(*t, expected));
    CHECK(read_back == std::vector<bool>{true, true});
}

TEST_CASE("Generator: a line of time by step for each class or slice solved, the same evaluations on any thread count",
          "[generator]") {
    const gen::SolvedTables& expected = test::solved_up_to(3, Ruleset{});
    const Material cls = *parse_class_name("KMvK");
    // The lines "KMvK[ slice S/N]: time by step: ...; L successors looked at, B by losses; E
    // evaluations (...)": E of each, and L and B of the last.
    std::uint64_t looks = 0, by_losses = 0;
    auto step_lines = [&](int threads, bool slices) {
        gen::SolveOptions options;
        options.threads = threads;
        options.slices = slices;
        std::vector<std::string> lines;
        options.progress = [&](const std::string& line) {
            if (line.find(": time by step: first look ") != std::string::npos) lines.push_back(line);
        };
        for (const auto& t : gen::solve_class(cls, expected, options)) CHECK(same_as(*t, expected));
        std::vector<std::uint64_t> evaluations;
        for (const std::string& line : lines) {
            const std::size_t end = line.find(" evaluations (");
            REQUIRE(end != std::string::npos);
            evaluations.push_back(std::stoull(line.substr(line.rfind("; ", end) + 2)));
            const std::size_t looked = line.find(" successors looked at, ");
            REQUIRE(looked != std::string::npos);
            looks = std::stoull(line.substr(line.rfind("; ", looked) + 2));
            by_losses = std::stoull(line.substr(looked + std::string(" successors looked at, ").size()));
        }
        return evaluations;
    };
    const std::vector<std::uint64_t> whole = step_lines(1, false);
    REQUIRE(whole.size() == 1);
    CHECK(whole[0] > 0);
    // On one thread the evaluations look at the same successors every time; a loss looks at all
    // its moves, an escape stops at the first that escapes.
    const std::uint64_t whole_looks = looks, whole_by_losses = by_losses;
    CHECK(whole_by_losses > 0);
    CHECK(whole_by_losses < whole_looks);
    step_lines(1, false);
    CHECK(looks == whole_looks);
    CHECK(by_losses == whole_by_losses);
    CHECK(step_lines(2, false) == whole);
    const std::vector<std::uint64_t> sliced = step_lines(2, true);
    CHECK(sliced.size() == std::size_t(gen::MenSlices(cls).slice_count()));
    CHECK(step_lines(1, true) == sliced);
}
