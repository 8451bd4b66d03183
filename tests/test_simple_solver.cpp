// The simple solver of tests/support (the oracle the generator is checked against):
// positions worked out by hand from docs/rules.md and docs/values.md, docs/values.md's claim
// linking result, WDL5 and DTZ, and the counts of every class of 2 and 3 pieces.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/fen.h"
#include "support/helpers.h"
#include "support/reference_counts.h"
#include "support/simple_solver.h"

using namespace damatb;
using core::BLACK;
using core::Color;
using core::WHITE;
using simple::Value;

namespace {

core::Ruleset ruleset(core::Promotion promotion, int limit = 32) {
    core::Ruleset r;
    r.promotion = promotion;
    r.king_move_limit = static_cast<std::uint8_t>(limit);
    return r;
}

struct Probe {
    Value result0;  // at counter 0
    int wdl5;
    int dtz;
};

// The values of a position the test knows to be valid, its class solved by s.
const simple::SolvedClass& class_of(simple::Solver& s, const core::Position& p) {
    return s.solve(simple::material_of(p));
}
int index_of(simple::Solver& s, const std::string& fen) {
    core::Position p = test::fen(fen);
    int i = class_of(s, p).find(p);
    REQUIRE(i >= 0);
    return i;
}
Probe probe(simple::Solver& s, const std::string& fen) {
    const auto& sc = class_of(s, test::fen(fen));
    int i = index_of(s, fen);
    return {sc.result[i][0], sc.wdl5[i], sc.dtz[i]};
}
Value result_at(simple::Solver& s, const std::string& fen, int counter) {
    const auto& sc = class_of(s, test::fen(fen));
    return sc.result[index_of(s, fen)][counter];
}

// Colours swapped and ranks mirrored: the same game seen from the other side.
core::Position flip_colours(const core::Position& p) {
    auto flip = [](core::Bitboard b) {
        core::Bitboard out = 0;
        while (b) out |= core::square_bb(core::pop_lsb(b) ^ 56);
        return out;
    };
    return *core::Position::make(flip(p.men(BLACK)), flip(p.kings(BLACK)), flip(p.men(WHITE)),
                                 flip(p.kings(WHITE)), ~p.side_to_move());
}
// Files mirrored (a <-> h): never changes a value.
core::Position mirror_files(const core::Position& p) {
    auto flip = [](core::Bitboard b) {
        core::Bitboard out = 0;
        while (b) out |= core::square_bb(core::pop_lsb(b) ^ 7);
        return out;
    };
    return *core::Position::make(flip(p.men(WHITE)), flip(p.kings(WHITE)), flip(p.men(BLACK)),
                                 flip(p.kings(BLACK)), p.side_to_move());
}

// Every position of sc has the same values as its mirror images.
void check_symmetry(simple::Solver& s, const simple::SolvedClass& sc) {
    simple::Material m = sc.material;
    const simple::SolvedClass& other =
        s.solve({m.black_kings, m.black_men, m.white_kings, m.white_men});
    long bad = 0;
    for (std::size_t i = 0; i < sc.size(); ++i) {
        for (int k = 0; k < 2; ++k) {
            const core::Position q =
                k == 0 ? flip_colours(sc.positions[i]) : mirror_files(sc.positions[i]);
            const simple::SolvedClass& in = k == 0 ? other : sc;
            int j = in.find(q);
            if (j < 0 || in.result[j] != sc.result[i] || in.unlimited[j] != sc.unlimited[i] ||
                in.dtz[j] != sc.dtz[i] || in.wdl5[j] != sc.wdl5[i]) {
                if (bad++ < 5) FAIL_CHECK(m.name() << ": " << core::to_fen(sc.positions[i]));
            }
        }
    }
    CHECK(bad == 0);
}

void require_threshold(const simple::SolvedClass& sc) {
    INFO(sc.material.name() << " limit " << sc.limit);
    std::vector<std::string> failures = simple::check_threshold(sc);
    for (const auto& f : failures) FAIL_CHECK(f);
    CHECK(failures.empty());
}

// One row of the counts: for the side to move at counter 0.

void check_counts(simple::Solver& s, const std::vector<test::CountRow>& rows) {
    const std::size_t N = rows.size();
    const core::Promotion promotion = s.rules().promotion;
    // The table names every class of 2 and 3 pieces, both sides to move.
    std::vector<simple::Material> all = simple::classes_with(2);
    for (const auto& m : simple::classes_with(3)) all.push_back(m);
    REQUIRE(N == 2 * all.size());
    for (const auto& m : all) {
        int found = 0;
        for (const test::CountRow& row : rows) found += simple::parse_material(row.name) == m;
        CHECK(found == 2);
    }
    for (const test::CountRow& row : rows) {
        const simple::SolvedClass& sc = s.solve(simple::parse_material(row.name));
        simple::Counts k = simple::count(sc, row.side);
        INFO(core::to_string(promotion) << " " << row.name << ", "
                                        << (row.side == WHITE ? "White" : "Black") << " to move");
        CHECK(k.positions == row.positions);
        CHECK(k.win == row.win);
        CHECK(k.draw == row.draw);
        CHECK(k.loss == row.loss);
        CHECK(k.longest_dtz_win == row.longest_dtz_win);
        CHECK(k.longest_dtz_loss == row.longest_dtz_loss);
        // No win needs more than 32 plies at 3 pieces.
        CHECK(k.cursed_win == 0);
        CHECK(k.blessed_loss == 0);
        if (row.side == WHITE) {
            require_threshold(sc);
            check_symmetry(s, sc);
        }
    }
}

} // namespace

TEST_CASE("Simple solver: positions worked out by hand", "[solver]") {
    simple::Solver s(core::Ruleset{});

    // K v M: the one-piece-each rule ends the game at once, whoever is to move.
    for (const char* fen : {"W:WKa1:Bd5", "B:Wd4:BKh8"}) {
        Probe p = probe(s, fen);
        CHECK(p.result0 == Value::WIN);
        CHECK(p.wdl5 == simple::WDL_WIN);
        CHECK(p.dtz == 0);
    }
    for (const char* fen : {"B:WKa1:Bd5", "W:Wd4:BKh8"}) {
        Probe p = probe(s, fen);
        CHECK(p.result0 == Value::LOSS);
        CHECK(p.dtz == 0);
    }
    // M v M: a7-a8 crowns, and the lone man left to move has lost: win in 1.
    CHECK(probe(s, "W:Wa7:Bh2").wdl5 == simple::WDL_WIN);
    CHECK(probe(s, "W:Wa7:Bh2").dtz == 1);
    // ... and with Black to move, h2-h1 is first.
    CHECK(probe(s, "B:Wa7:Bh2").wdl5 == simple::WDL_WIN);
    // a2-a3 or a2-b2, then h2-h1 crowns: lost, the loser's one man move is the zeroing ply.
    CHECK(probe(s, "W:Wa2:Bh2").wdl5 == simple::WDL_LOSS);
    CHECK(probe(s, "W:Wa2:Bh2").dtz == 1);
    // d4xd6 takes the last piece.
    CHECK(probe(s, "W:Wd4:Bd5").wdl5 == simple::WDL_WIN);
    CHECK(probe(s, "W:Wd4:Bd5").dtz == 1);
    // K v K: the king to move takes (a5, landing a6-a8).
    CHECK(probe(s, "W:WKa1:BKa5").wdl5 == simple::WDL_WIN);
    CHECK(probe(s, "W:WKa1:BKa5").dtz == 1);
    // Neither king can take the other (no square beyond); each can always step out of reach.
    CHECK(probe(s, "W:WKa1:BKa8").wdl5 == simple::WDL_DRAW);
    CHECK(probe(s, "W:WKa1:BKa8").dtz == -1);

    // The 2-piece classes meet docs/values.md's claim.
    for (const auto& m : simple::classes_with(2)) require_threshold(s.solve(m));
}

TEST_CASE("Simple solver: the king-move counter under a limit of 8", "[solver]") {
    simple::Solver s(ruleset(core::Promotion::END_OF_MOVE, 8));
    // Every move of the a1 king (b1-g1, a2-a7) is taken by h1 or a8: lost, DTZ 2.
    // At counter 7 its king move brings the counter to 8: drawn.
    const char* fen = "W:WKa1:BKh1,Ka8";
    CHECK(probe(s, fen).wdl5 == simple::WDL_LOSS);
    CHECK(probe(s, fen).dtz == 2);
    for (int c = 0; c <= 6; ++c) CHECK(result_at(s, fen, c) == Value::LOSS);
    CHECK(result_at(s, fen, 7) == Value::DRAW);
    // The capture zeroes, so the side taking wins at any counter.
    for (int c = 0; c < 8; ++c) CHECK(result_at(s, "B:WKa2:BKh1,Ka8", c) == Value::WIN);

    // K v KK needs up to 15 plies: with 8, cursed wins and blessed losses appear,
    // and result, WDL5 and DTZ still meet docs/values.md's claim at every counter.
    const simple::SolvedClass& sc = s.solve(simple::parse_material("K v KK"));
    simple::Counts white = simple::count(sc, WHITE), black = simple::count(sc, BLACK);
    CHECK(white.win == 10048);
    CHECK(white.loss == 11588);
    CHECK(white.blessed_loss == 75936);
    CHECK(white.cursed_win == 0);
    CHECK(white.longest_dtz_loss == 8);
    CHECK(black.win == 65496);
    CHECK(black.cursed_win == 59288);
    CHECK(black.blessed_loss == 0);
    CHECK(black.longest_dtz_win == 8);
    // Without the limit it is the game of limit 32, where nothing is cursed or blessed.
    CHECK(white.loss + white.blessed_loss == 87524);
    CHECK(black.win + black.cursed_win == 124784);
    require_threshold(sc);
}

TEST_CASE("Simple solver: counts of every class of 2 and 3 pieces under end-of-move",
          "[solver][slow]") {
    simple::Solver s(ruleset(core::Promotion::END_OF_MOVE));
    check_counts(s, test::counts_3_pieces(core::Promotion::END_OF_MOVE));

    // c6xc8 crowns on c8 and the move ends there; f8 takes it (f8xb8, f8xa8).
    CHECK(probe(s, "W:Wc6:Bc7,Kf8").wdl5 == simple::WDL_LOSS);
    CHECK(probe(s, "W:Wc6:Bc7,Kf8").dtz == 1);
    // a6xa8 crowns on a8, which c8 cannot take (nothing beyond a8): K v K, a draw.
    CHECK(probe(s, "W:Wa6:Ba7,Kc8").wdl5 == simple::WDL_DRAW);
    // The limit's edge at 32: lost at counter 30, drawn at 31 (see the test with limit 8).
    CHECK(probe(s, "W:WKa1:BKh1,Ka8").dtz == 2);
    CHECK(result_at(s, "W:WKa1:BKh1,Ka8", 30) == Value::LOSS);
    CHECK(result_at(s, "W:WKa1:BKh1,Ka8", 31) == Value::DRAW);
}

TEST_CASE("Simple solver: counts of every class of 2 and 3 pieces under immediate",
          "[solver][slow]") {
    simple::Solver s(ruleset(core::Promotion::IMMEDIATE));
    check_counts(s, test::counts_3_pieces(core::Promotion::IMMEDIATE));

    // The man crowned on c8 (a8) goes on as a king and takes f8 (c8): c6xc8xg8, c6xc8xh8.
    CHECK(probe(s, "W:Wc6:Bc7,Kf8").wdl5 == simple::WDL_WIN);
    CHECK(probe(s, "W:Wc6:Bc7,Kf8").dtz == 1);
    CHECK(probe(s, "W:Wa6:Ba7,Kc8").wdl5 == simple::WDL_WIN);
}
