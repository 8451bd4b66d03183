// The generator's tables: one-ply consistency of every value, the counts of
// every class of 2 and 3 pieces, and the same bytes whatever the thread count.
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <functional>
#include <iterator>

#include <catch2/catch.hpp>

#include "core/consistency.h"
#include "core/fen.h"
#include "gen/generate.h"
#include "support/generated.h"

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

// The tables of a class: one per side to move, one when both armies are equal.
std::vector<Material> tables_of(const Material& cls) {
    if (cls.swapped() == cls) return {cls};
    return {cls, cls.swapped()};
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

struct CountRow {
    const char* white;
    const char* black;
    Color to_move;
    std::uint64_t positions, win, draw, loss;
    int longest_win, longest_loss; // -1: none
};

// Counts over every placement, no symmetry folded, counter 0: the columns of the
// independent reference (shared/reference/counts-3-pieces.md), which these equal.
std::vector<CountRow> count_rows(const Ruleset& rules) {
    const gen::SolvedTables& tables = test::solved_up_to(3, rules);
    std::vector<CountRow> rows;
    static std::vector<std::string> names; // keeps the army names alive
    for (const ClassPlan& c : plan_classes(3))
        for (const Material& m : tables_of(c.material)) {
            for (Color side : {WHITE, BLACK}) {
                names.push_back(m.mover.name());
                names.push_back(m.other.name());
                CountRow row{names[names.size() - 2].c_str(), names.back().c_str(), side, 0, 0, 0, 0, -1, -1};
                each_placement(m.mover, m.other, [&](const Position& p) {
                    Position q = side == WHITE ? p
                                               : Position::from_valid(p.men(WHITE), p.kings(WHITE),
                                                                      p.men(BLACK), p.kings(BLACK), BLACK);
                    StoredValue v = test::stored_value(tables, q);
                    ++row.positions;
                    if (v.wdl == Wdl5::WIN) {
                        ++row.win;
                        row.longest_win = std::max(row.longest_win, v.dtz);
                    } else if (v.wdl == Wdl5::LOSS) {
                        ++row.loss;
                        row.longest_loss = std::max(row.longest_loss, v.dtz);
                    } else {
                        ++row.draw;
                    }
                });
                rows.push_back(row);
            }
        }
    return rows;
}

std::string describe(const CountRow& r) {
    return std::string(r.white) + " v " + r.black + (r.to_move == WHITE ? " White " : " Black ") +
           std::to_string(r.positions) + " " + std::to_string(r.win) + " " + std::to_string(r.draw) +
           " " + std::to_string(r.loss) + " " + std::to_string(r.longest_win) + " " +
           std::to_string(r.longest_loss);
}

} // namespace

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
    // White's army, Black's, side to move, positions, win, draw, loss, longest
    // DTZ of a win and of a loss, end-of-move promotion (and immediate where it
    // differs: only M v KK and KK v M, where a man crowned on the first jump may
    // take the second king as a king).
    const std::vector<std::string> end_of_move = {
        "K v K White 4032 672 3360 0 1 -1",          "K v K Black 4032 672 3360 0 1 -1",
        "K v M White 3024 3024 0 0 0 -1",            "K v M Black 3024 0 0 3024 -1 0",
        "M v K White 3024 0 0 3024 -1 0",            "M v K Black 3024 3024 0 0 0 -1",
        "M v M White 2256 1308 80 868 1 1",          "M v M Black 2256 1308 80 868 1 1",
        "KK v K White 124992 124784 208 0 14 -1",    "KK v K Black 124992 10048 27420 87524 1 15",
        "K v KK White 124992 10048 27420 87524 1 15", "K v KK Black 124992 124784 208 0 14 -1",
        "KK v M White 93744 93744 0 0 2 -1",         "KK v M Black 93744 192 508 93044 1 1",
        "M v KK White 93744 192 508 93044 1 1",      "M v KK Black 93744 93744 0 0 2 -1",
        "KM v K White 187488 181344 6144 0 7 -1",    "KM v K Black 187488 38328 55076 94084 1 8",
        "K v KM White 187488 38328 55076 94084 1 8", "K v KM Black 187488 181344 6144 0 7 -1",
        "KM v M White 139872 139872 0 0 2 -1",       "KM v M Black 139872 2738 960 136174 1 1",
        "M v KM White 139872 2738 960 136174 1 1",   "M v KM Black 139872 139872 0 0 2 -1",
        "MM v K White 69936 22460 14112 33364 1 1",  "MM v K Black 69936 55824 11102 3010 2 2",
        "K v MM White 69936 55824 11102 3010 2 2",   "K v MM Black 69936 22460 14112 33364 1 1",
        "MM v M White 51888 47016 2034 2838 1 1",    "MM v M Black 51888 8658 3468 39762 1 1",
        "M v MM White 51888 8658 3468 39762 1 1",    "M v MM Black 51888 47016 2034 2838 1 1",
    };
    std::vector<std::string> immediate = end_of_move;
    for (auto& row : immediate) {
        if (row == "KK v M Black 93744 192 508 93044 1 1") row = "KK v M Black 93744 222 498 93024 1 1";
        if (row == "M v KK White 93744 192 508 93044 1 1") row = "M v KK White 93744 222 498 93024 1 1";
        if (row == "KM v M Black 139872 2738 960 136174 1 1") row = "KM v M Black 139872 2768 950 136154 1 1";
        if (row == "M v KM White 139872 2738 960 136174 1 1") row = "M v KM White 139872 2768 950 136154 1 1";
    }
    for (auto [promotion, expected] : {std::pair{Promotion::END_OF_MOVE, end_of_move},
                                       std::pair{Promotion::IMMEDIATE, immediate}}) {
        Ruleset rules;
        rules.promotion = promotion;
        std::vector<std::string> rows;
        for (const CountRow& r : count_rows(rules)) rows.push_back(describe(r));
        std::sort(rows.begin(), rows.end());
        std::sort(expected.begin(), expected.end());
        std::vector<std::string> missing, extra;
        std::set_difference(expected.begin(), expected.end(), rows.begin(), rows.end(),
                            std::back_inserter(missing));
        std::set_difference(rows.begin(), rows.end(), expected.begin(), expected.end(),
                            std::back_inserter(extra));
        CHECK(missing == std::vector<std::string>{});
        CHECK(extra == std::vector<std::string>{});
    }
}

TEST_CASE("Generator: the same bytes whatever the thread count", "[generator]") {
    const auto dir = std::filesystem::temp_directory_path() / ("damatb-gen-" + std::to_string(::getpid()));
    std::vector<std::string> contents[2];
    for (int threads : {1, 2}) {
        gen::GenerateOptions options;
        options.pieces = 3;
        options.threads = threads;
        options.out_dir = (dir / std::to_string(threads)).string();
        gen::generate(options);
        for (const auto& entry : std::filesystem::directory_iterator(options.out_dir)) {
            std::ifstream in(entry.path(), std::ios::binary);
            contents[threads - 1].push_back(entry.path().filename().string() + ":" +
                                            std::string(std::istreambuf_iterator<char>(in), {}));
        }
        std::sort(contents[threads - 1].begin(), contents[threads - 1].end());
    }
    std::filesystem::remove_all(dir);
    CHECK(contents[0].size() == 16 + 9); // tables (KvK and MvM have one) and statistics
    CHECK(contents[0] == contents[1]);
}
