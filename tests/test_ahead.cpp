// The passes' work ahead (gen/solver_nodes.h): each item is prepared, then (ahead_in_two)
// refined, then used, once each and in that order, in its own slot, and prepared as far ahead
// as asked.
#include <cstddef>
#include <vector>

#include <catch2/catch.hpp>

#include "gen/solver_nodes.h"

using namespace damatb::gen::solving;

namespace {

struct Slot {
    std::size_t item = ~std::size_t{0};
    bool refined = false;
};

// What happened to each item, by item: when (a count of all events) it was prepared, refined
// and used, -1 for never.
struct Times {
    long prepared = -1, refined = -1, used = -1;
};

} // namespace

TEST_CASE("ahead prepares each item DEPTH items before it is used, in a slot of its own", "[ahead]") {
    for (std::size_t n : {0u, 1u, 2u, 3u, 4u, 9u}) {
        std::vector<Times> times(n);
        long clock = 0;
        std::size_t highest_prepared = 0;
        ahead<Slot, 3>(0, n,
            [&](std::size_t s, Slot& slot) {
                REQUIRE(times[s].prepared == -1);
                times[s].prepared = clock++;
                slot.item = s;
                highest_prepared = s;
            },
            [&](std::size_t s, Slot& slot) {
                REQUIRE(slot.item == s);
                REQUIRE(times[s].used == -1);
                times[s].used = clock++;
                CHECK(highest_prepared == std::min(n - 1, s + 3));
            });
        for (std::size_t s = 0; s < n; ++s) {
            CHECK(times[s].prepared >= 0);
            CHECK(times[s].prepared < times[s].used);
        }
    }
}

TEST_CASE("ahead_in_two prepares, refines and uses each item once, in that order, FAR and NEAR ahead", "[ahead]") {
    for (std::size_t n : {0u, 1u, 2u, 3u, 5u, 6u, 7u, 20u}) {
        std::vector<Times> times(n);
        long clock = 0;
        std::size_t highest_prepared = 0, highest_refined = 0;
        ahead_in_two<Slot, 6, 3>(0, n,
            [&](std::size_t s, Slot& slot) {
                REQUIRE(times[s].prepared == -1);
                times[s].prepared = clock++;
                slot = Slot{s, false};
                highest_prepared = s;
            },
            [&](std::size_t s, Slot& slot) {
                REQUIRE(slot.item == s); // not overwritten by an item prepared since
                REQUIRE(times[s].refined == -1);
                times[s].refined = clock++;
                slot.refined = true;
                highest_refined = s;
            },
            [&](std::size_t s, Slot& slot) {
                REQUIRE(slot.item == s);
                REQUIRE(slot.refined);
                REQUIRE(times[s].used == -1);
                times[s].used = clock++;
                CHECK(highest_prepared == std::min(n - 1, s + 6));
                CHECK(highest_refined == std::min(n - 1, s + 3));
            });
        for (std::size_t s = 0; s < n; ++s) {
            CHECK(times[s].prepared >= 0);
            CHECK(times[s].prepared < times[s].refined);
            CHECK(times[s].refined < times[s].used);
        }
    }
}
