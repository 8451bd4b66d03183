// The slices of a class by its men's ranks (gen/men_slices.h): a partition of every table into
// blocks, numbered both ways, closed under king moves and sideways steps, with every forward
// step into a slice solved before, and into a block of it that the slice stepped from may reach.
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "gen/men_slices.h"

using namespace damatb;
using namespace damatb::core;

namespace {

// Checks every `step`-th index of every table of cls: its slice and place there, and the slice
// of the position after each of its moves that stay in the class.
// With `count`, the class cut into that many slices (runs of profiles): a forward step then
// stays in its slice or leads into one listed before.
void check_slices(const Material& cls, std::uint64_t step, int count = 0) {
    INFO(cls.class_name() << " in " << count << " slices (0: one per profile)");
    const gen::MenSlices slices(cls, count);
    if (count > 0) REQUIRE(slices.slice_count() == std::min(count, gen::MenSlices::profile_count(cls)));
    std::uint64_t positions = 0;
    for (int t = 0; t < slices.table_count(); ++t) positions += slices.index(t).size();
    std::uint64_t in_slices = 0;
    for (int s = 0; s < slices.slice_count(); ++s) {
        in_slices += slices.slices()[s].positions;
        if (s) CHECK(slices.slices()[s - 1].advancement >= slices.slices()[s].advancement);
    }
    CHECK(in_slices == positions);

    for (int t = 0; t < slices.table_count(); ++t) {
        const TableIndex& index = slices.index(t);
        const int after_t = slices.table_count() == 1 ? 0 : 1 - t;
        for (std::uint64_t i = 0; i < index.size(); i += step) {
            const int s = slices.slice_of(t, i);
            const std::uint64_t local = slices.local(t, i);
            REQUIRE(local < slices.size(t, s));
            REQUIRE(slices.global(t, s, local) == i);
            const Position p = index.position(i);
            const Position first = index.position(i / slices.block_size(t) * slices.block_size(t));
            REQUIRE(p.men(WHITE) == first.men(WHITE));
            REQUIRE(p.men(BLACK) == first.men(BLACK));
            MoveList moves;
            generate_moves(p, Promotion::END_OF_MOVE, moves);
            for (const Move& m : moves) {
                if (m.is_capture() || m.is_promotion()) continue;
                const std::uint64_t j = slices.index(after_t).index(as_white_to_move(p.after(m)));
                const int next = slices.slice_of(after_t, j);
                if (m.mover_is_king() || m.from / 8 == m.to / 8) {
                    REQUIRE(next == s);
                } else if (count == 0 || next != s) {
                    REQUIRE(next < s);
                    if (count == 0) REQUIRE(slices.slices()[next].advancement == slices.slices()[s].advancement + 1);
                    const std::vector<int> into = slices.leads_into(s);
                    REQUIRE(std::find(into.begin(), into.end(), next) != into.end());
                    REQUIRE(slices.last_reader(next) >= s);
                    // The block it leads into is one that slice s's steps may reach: a slice
                    // solving s walks back from that block's positions, and from no others of next.
                    REQUIRE(slices.reached_from(after_t, j / slices.block_size(after_t), s));
                }
            }
        }
    }
}

} // namespace

TEST_CASE("Men slices: every position of up to 3 pieces, its slice and its moves", "[slices]") {
    for (const ClassPlan& c : plan_classes(3)) check_slices(c.material, 1);
}

TEST_CASE("Men slices: a slice's forward steps reach only some blocks of the slices before it", "[slices]") {
    // KMMvK in 2 slices: the first holds the larger sums of advancements, and only its blocks
    // one forward step from a profile of the second are reached from there (the test above
    // checks that every block a step reaches is among them).
    const gen::MenSlices slices(*parse_class_name("KMMvK"), 2);
    REQUIRE(slices.slice_count() == 2);
    REQUIRE(slices.leads_into(1) == std::vector<int>{0});
    for (int t = 0; t < slices.table_count(); ++t) {
        INFO("table " << t);
        std::uint64_t reached = 0, not_reached = 0;
        for (std::uint64_t b : slices.blocks(t, 0)) ++(slices.reached_from(t, b, 1) ? reached : not_reached);
        CHECK(reached > 0);
        CHECK(not_reached > 0);
        for (std::uint64_t b : slices.blocks(t, 1)) CHECK_FALSE(slices.reached_from(t, b, 1)); // its own
    }
}

TEST_CASE("Men slices: positions of 4 and 5 pieces, a sample", "[slices]") {
    for (const ClassPlan& c : plan_classes(4))
        if (c.material.pieces() == 4) check_slices(c.material, 101);
    for (const char* name : {"KMvKM", "KKMvKM", "MMvMM", "KMMvK"})
        check_slices(*parse_class_name(name), 100003);
}

TEST_CASE("Men slices: runs of profiles as slices", "[slices]") {
    for (const ClassPlan& c : plan_classes(3))
        for (int count : {1, 2, 3, 5})
            if (c.material.mover.men + c.material.other.men > 0) check_slices(c.material, 1, count);
    check_slices(*parse_class_name("KMvKM"), 7, 4);
    check_slices(*parse_class_name("MMvMM"), 101, 9);
    check_slices(*parse_class_name("KKMvKM"), 10007, 5);
}

TEST_CASE("Men slices: runs of profiles, as even as the profiles allow", "[slices]") {
    for (const char* name : {"KMMvK", "KKMvKM", "KMMvKM", "KKKKvMM"}) {
        const Material cls = *parse_class_name(name);
        const std::vector<gen::MenSlices::Slice> profiles = gen::MenSlices::estimate(cls);
        const int most = int(profiles.size());
        std::uint64_t all = 0, largest = 0;
        for (const auto& p : profiles) all += p.positions, largest = std::max(largest, p.positions);
        for (int count = 1; count <= most + 1; ++count) {
            INFO(name << " in " << count);
            const std::vector<gen::MenSlices::Slice> runs = gen::MenSlices::estimate(cls, count);
            REQUIRE(int(runs.size()) == std::min(count, most));
            std::uint64_t sum = 0;
            for (const auto& r : runs) {
                sum += r.positions;
                // Within a profile and a half of an even share (each run stops within half a
                // profile of its share of what is left, and the last takes the rest).
                if (count < most) CHECK(double(r.positions) <= double(all) / count + 1.5 * double(largest));
            }
            CHECK(sum == all);
            // The leads of the runs, from the plan's estimate, are those of the solver's slices.
            if (count % 3 == 1 && cls.pieces() <= 5) {
                const gen::MenSlices real(cls, count);
                const std::vector<std::vector<int>> leads = gen::MenSlices::estimate_leads_into(cls, count);
                for (int s = 0; s < real.slice_count(); ++s) {
                    CHECK(real.slices()[s].profile == runs[std::size_t(s)].profile);
                    CHECK(real.leads_into(s) == leads[std::size_t(s)]);
                }
            }
        }
    }
    // KKKKvKM's six profiles in three slices of two ranks of its man each.
    const gen::MenSlices three(*parse_class_name("KKKKvKM"), 3);
    REQUIRE(three.slice_count() == 3);
    for (int s = 0; s < 3; ++s) CHECK(three.slices()[s].positions == 2 * 2 * 4 * 35144235ull);
    CHECK(three.leads_into(2) == std::vector<int>{1});
    CHECK(three.last_reader(0) == 1);
    CHECK(three.last_reader(2) == 2);
}

TEST_CASE("Men slices: the slices of classes of 6 pieces", "[slices]") {
    // One per rank of the man: 4 placements of it on a rank (the file mirror folded), the five
    // kings on the other 63 squares (C(63, 4) * 59 = C(63, 1) * C(62, 4) = 35,144,235), both
    // tables.
    const gen::MenSlices kkkkvkm(*parse_class_name("KKKKvKM"));
    REQUIRE(kkkkvkm.slice_count() == 6);
    for (int s = 0; s < 6; ++s) {
        CHECK(kkkkvkm.slices()[s].advancement == 6 - s);
        CHECK(kkkkvkm.slices()[s].positions == 2 * 4 * 35144235ull);
    }
    CHECK(kkkkvkm.leads_into(0).empty());
    for (int s = 1; s < 6; ++s) CHECK(kkkkvkm.leads_into(s) == std::vector<int>{s - 1});
    // Two men of one army: a pair of advancements from 1 to 6, 21 pairs.
    CHECK(gen::MenSlices(*parse_class_name("KKKKvMM")).slice_count() == 21);
    // Kings only: one slice, the whole class.
    const gen::MenSlices kings(*parse_class_name("KKKvKKK"));
    REQUIRE(kings.slice_count() == 1);
    CHECK(kings.slices()[0].positions == 189955220);
}

TEST_CASE("Men slices: the estimate lists the slices in order, their sizes near", "[slices]") {
    // Within 15 %: the index numbers two men of one army on one rank as if on 8 * 8 / 2 pairs
    // of squares (MMvK: 1,984 positions with both men on one rank, 1,772 estimated).
    for (const char* name : {"KMvK", "MvM", "KMvKM", "MMvK", "KKMvKM", "MMvMM", "KMMvK", "KKKKvKM", "KKKKvMM"}) {
        INFO(name);
        const core::Material cls = *parse_class_name(name);
        const gen::MenSlices slices(cls);
        const std::vector<gen::MenSlices::Slice> estimate = gen::MenSlices::estimate(cls);
        REQUIRE(estimate.size() == slices.slices().size());
        std::uint64_t all = 0, estimated = 0;
        for (std::size_t s = 0; s < estimate.size(); ++s) {
            CHECK(estimate[s].profile == slices.slices()[s].profile);
            CHECK(estimate[s].advancement == slices.slices()[s].advancement);
            const double exact = double(slices.slices()[s].positions);
            CHECK(std::abs(double(estimate[s].positions) - exact) <= 0.15 * exact);
            all += slices.slices()[s].positions;
            estimated += estimate[s].positions;
        }
        CHECK(estimated <= all);
        CHECK(estimated + estimate.size() >= all);
    }
}
