#include <random>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/symmetry.h"
#include "support/helpers.h"
#include "support/simple_index.h"

using namespace damatb;
using namespace damatb::core;

namespace {

// Every table of 2 to 4 pieces, each side to move.
std::vector<Material> tables_up_to(int pieces) {
    std::vector<Material> tables;
    for (const ClassPlan& c : plan_classes(pieces))
        for (const Material& m : tables_of(c.material)) tables.push_back(m);
    return tables;
}

// Whether two positions are images of each other under one of the folded symmetries.
bool same_orbit(const Position& a, const Position& b, int symmetries) {
    for (int s = 0; s < symmetries; ++s)
        if (transform(a, s) == b) return true;
    return false;
}

// The positions that differ from p in the square of one of colour c's kings (kings) or men
// (!kings), moved to any free square of its domain (men: ranks 2 to 7).
std::vector<Position> one_piece_moved(const Position& p, Color c, bool kings) {
    std::vector<Position> out;
    const Bitboard own = kings ? p.kings(c) : p.men(c);
    const Bitboard domain = kings ? ~Bitboard{0} : Bitboard{0x00FFFFFFFFFFFF00};
    for (Bitboard from = own; from;) {
        const Bitboard f = square_bb(pop_lsb(from));
        for (Bitboard to = domain & p.empty(); to;) {
            Bitboard sets[2][2] = {{p.men(WHITE), p.kings(WHITE)}, {p.men(BLACK), p.kings(BLACK)}};
            sets[c][kings] = own ^ f ^ square_bb(pop_lsb(to));
            out.push_back(Position::from_valid(sets[0][0], sets[0][1], sets[1][0], sets[1][1], WHITE));
        }
    }
    return out;
}

} // namespace

TEST_CASE("Index: symmetries of bitboards square by square", "[index]") {
    std::mt19937_64 rng(3);
    for (int s = 0; s < SYMMETRY_NB; ++s)
        for (int n = 0; n < 100; ++n) {
            Bitboard b = rng() & rng(), expected = 0;
            for (Bitboard x = b; x;) expected |= square_bb(transform(pop_lsb(x), s));
            CHECK(transform(b, s) == expected);
        }
    CHECK(transform(SQ_B1, TRANSPOSE) == SQ_A2);
    CHECK(transform(SQ_B1, MIRROR_FILES) == SQ_G1);
    CHECK(transform(SQ_B1, MIRROR_RANKS) == SQ_B8);
}

TEST_CASE("Index: the worked example of index.h", "[index]") {
    TableIndex index(*parse_class_name("KvM") == Material{{0, 1}, {1, 0}}
                         ? Material{{0, 1}, {1, 0}}
                         : Material{{0, 1}, {1, 0}});
    CHECK(index.size() == 24 * 63);
    CHECK(index.index(test::fen("W:Wc2:BKa1")) == 126);
    CHECK(index.index(test::fen("W:Wf2:BKh1")) == 126);
    CHECK(to_fen(index.position(126)) == "W:Wc2:BKa1");
}

TEST_CASE("Index: sizes of a few tables", "[index]") {
    // Kings only: the lead king on one of the 10 squares of the a1-d1-d4 triangle.
    CHECK(TableIndex(Material{{1, 0}, {1, 0}}).size() == 10 * 63);
    CHECK(TableIndex(Material{{2, 0}, {1, 0}}).size() == 10 * binomial(63, 2));
    // With men: the lead man on files a-d, ranks 2-7.
    CHECK(TableIndex(Material{{1, 1}, {1, 0}}).size() == 24 * 63 * 62);
    CHECK(TableIndex(Material{{1, 0}, {0, 2}}).size() == (1128 + 24) / 2 * 62);
}

TEST_CASE("Index: rank and unrank are inverse over whole tables", "[index]") {
    // index(position(i)) is i, or a smaller index of the same orbit, and canonical(i).
    for (const Material& m : tables_up_to(4)) {
        TableIndex index(m);
        INFO(m.table_name());
        std::uint64_t wrong = 0, images = 0;
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            Position p = index.position(i);
            std::uint64_t j = index.index(p);
            wrong += index.canonical(i) != j;
            if (j == i) continue;
            // An index naming an image of a position with a smaller index.
            ++images;
            wrong += !(material_of(p) == m) || j > i || !same_orbit(p, index.position(j), index.symmetries());
        }
        CHECK(wrong == 0);
        // Images come from lead placements that are their own image (a king on the
        // diagonal, a pair of men mirrored): at most a fifth of a table.
        CHECK(images * 5 < index.size());
    }
}

// The groups of four pieces or more of one kind and colour, which tables of up to 4 pieces do
// not have: KKKKvK's two tables whole, and positions at random of tables with groups of 4, 5
// and 6 kings or men.
TEST_CASE("Index: rank and unrank are inverse over groups of four pieces and more", "[index]") {
    auto check = [](const Material& m, std::uint64_t i, const TableIndex& index) {
        const Position p = index.position(i);
        const std::uint64_t j = index.index(p);
        return index.canonical(i) == j && j <= i && material_of(p) == m &&
               (j == i || same_orbit(p, index.position(j), index.symmetries()));
    };
    for (const Material& m : tables_of(*parse_class_name("KKKKvK"))) {
        TableIndex index(m);
        INFO(m.table_name());
        std::uint64_t wrong = 0;
        for (std::uint64_t i = 0; i < index.size(); ++i) wrong += !check(m, i, index);
        CHECK(wrong == 0);
    }
    std::mt19937_64 random(20261207);
    for (const char* cls : {"KMMMMvK", "KKKKKvK", "MMMMMvK", "KKKKKKvK", "KKKKvMM"})
        for (const Material& m : tables_of(*parse_class_name(cls))) {
            TableIndex index(m);
            INFO(m.table_name());
            std::uint64_t wrong = 0;
            for (int n = 0; n < 200000; ++n) wrong += !check(m, random() % index.size(), index);
            CHECK(wrong == 0);
        }
}

TEST_CASE("Index: every position has an index, in range, of its own orbit", "[index]") {
    std::mt19937_64 rng(7);
    for (const Material& m : tables_up_to(5)) {
        TableIndex index(m);
        INFO(m.table_name());
        for (int n = 0; n < 2000; ++n) {
            // A random position of material m, White to move.
            Bitboard taken = 0, sets[2][2] = {{0, 0}, {0, 0}};
            const Army armies[2] = {m.mover, m.other};
            for (int c = 0; c < 2; ++c)
                for (int king = 0; king < 2; ++king)
                    for (int k = 0; k < (king ? armies[c].kings : armies[c].men);) {
                        int sq = int(rng() % 64);
                        if ((taken & square_bb(sq)) || (!king && (rank_of(sq) % 7) == 0)) continue;
                        taken |= square_bb(sq);
                        sets[c][king] |= square_bb(sq);
                        ++k;
                    }
            Position p = *Position::make(sets[0][0], sets[0][1], sets[1][0], sets[1][1], WHITE);
            std::uint64_t i = index.index(p);
            REQUIRE(i < index.size());
            CHECK(same_orbit(p, index.position(i), index.symmetries()));
            // Every image of p has the same index.
            for (int s = 1; s < index.symmetries(); ++s) CHECK(index.index(transform(p, s)) == i);
        }
    }
}

TEST_CASE("Index: the values of the plain index written from index.h", "[index]") {
    // Whole tables of 2 pieces, every 7th index of 3 pieces, every 251st of 4, and 500
    // indices of each 5-piece table: the fast index and unindex give the plain one's
    // values, the index on every image of the position.
    std::mt19937_64 rng(11);
    for (const Material& m : tables_up_to(5)) {
        TableIndex index(m);
        simple::SimpleIndex plain(m);
        INFO(m.table_name());
        REQUIRE(index.size() == plain.size());
        const int n = m.pieces();
        const std::uint64_t step = n == 2 ? 1 : n == 3 ? 7 : n == 4 ? 251 : index.size() / 500;
        std::uint64_t wrong = 0;
        for (std::uint64_t i = rng() % step; i < index.size(); i += step) {
            Position p = index.position(i);
            wrong += !(p == plain.position(i));
            const std::uint64_t j = plain.index(p);
            for (int s = 0; s < index.symmetries(); ++s) wrong += index.index(transform(p, s)) != j;
        }
        CHECK(wrong == 0);
    }
}

TEST_CASE("Index: a shared index gives index() for positions that differ in one group", "[index]") {
    // From each position of the 2-piece tables, every 101st of 3 pieces, every 1009th of 4 and
    // every 99991st of 5: for each colour and kind of piece, the positions where one of those
    // pieces stands on another free square of its domain, through one SharedIndex in turn (as
    // the successors of one position by its king moves, or its predecessors by king moves).
    std::uint64_t checked = 0, wrong = 0;
    for (const Material& m : tables_up_to(5)) {
        TableIndex index(m);
        INFO(m.table_name());
        const int pieces = m.pieces();
        const std::uint64_t step = pieces == 2 ? 1 : pieces == 3 ? 101 : pieces == 4 ? 1009 : 99991;
        for (std::uint64_t i = 0; i < index.size(); i += step) {
            const Position p = index.position(i);
            for (Color c : {WHITE, BLACK})
                for (bool kings : {false, true}) {
                    SharedIndex shared(index, c, kings);
                    for (const Position& q : one_piece_moved(p, c, kings)) {
                        ++checked;
                        wrong += shared(q) != index.index(q);
                    }
                }
        }
    }
    CHECK(checked > 5'000'000);
    CHECK(wrong == 0);
}

TEST_CASE("Index: the indices after a position's king moves, from the moved king's square", "[index]") {
    // From positions of every table of 2 to 6 pieces that has kings (every position of 2 and 3
    // pieces, a random thousand of each table of 4 to 6), every king move that captures nothing
    // through one KingMoveIndex, in the order the moves are generated, against index() of the
    // position made; and how many positions took the way without making them (a table whose
    // moved kings are the last group and whose lead has one symmetry), so that both ways are
    // checked.
    std::mt19937_64 random(20261207);
    std::uint64_t checked = 0, positions = 0, cheap = 0, wrong = 0;
    for (const Material& m : tables_up_to(6)) {
        if (m.mover.kings == 0) continue;
        const TableIndex index(m);
        const TableIndex after(Material{m.other, m.mover});
        INFO(m.table_name());
        const bool every = m.pieces() <= 3;
        const std::uint64_t n = every ? index.size() : 1000;
        for (std::uint64_t k = 0; k < n; ++k) {
            const Position p = index.position(every ? k : random() % index.size());
            MoveList moves;
            generate_steps(p, false, moves);
            KingMoveIndex kings(after);
            for (const Move& move : moves) {
                ++checked;
                wrong += kings(p, move) != after.index(as_white_to_move(p.after(move)));
            }
            positions += moves.size() >= 2;
            cheap += kings.cheap();
        }
    }
    CHECK(checked > 1'000'000);
    CHECK(cheap > positions / 2);
    CHECK(cheap < positions);
    CHECK(wrong == 0);
}

TEST_CASE("Index: the positions after a lone king's moves lie in one run", "[index]") {
    // From 4,000 random positions of each table of 3 to 6 pieces whose side to move has
    // one king, every king move that captures nothing: where KingMoveIndex::lone_king_run gives
    // a run, the index of the position made is the run's first plus the place of the king's
    // square, within the run's length, and the places of one position's moves all differ.
    std::mt19937_64 random(20261208);
    std::uint64_t checked = 0, runs = 0, refused = 0, wrong = 0;
    for (const Material& m : tables_up_to(6)) {
        if (m.mover.kings != 1 || m.pieces() < 3) continue;
        const TableIndex index(m);
        const TableIndex after(Material{m.other, m.mover});
        INFO(m.table_name());
        for (int k = 0; k < 4000; ++k) {
            const Position p = index.position(random() % index.size());
            MoveList moves;
            generate_steps(p, false, moves);
            KingMoveIndex kings(after);
            std::uint64_t first = 0;
            if (!kings.lone_king_run(p, first)) {
                ++refused;
                continue;
            }
            ++runs;
            Bitboard places = 0;
            for (const Move& move : moves) {
                ++checked;
                const int x = kings.place_in_run(move.to);
                wrong += x < 0 || x >= kings.run_length() || ((places >> x) & 1) ||
                         first + std::uint64_t(x) != after.index(as_white_to_move(p.after(move)));
                places |= Bitboard{1} << x;
            }
        }
    }
    CHECK(checked > 1'000'000);
    CHECK(runs > refused);
    CHECK(refused > 0);
    CHECK(wrong == 0);
}
