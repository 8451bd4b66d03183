// The solver's record of a position (gen/solver_table.h): 2 bytes, the first of which holds the
// facts the first look finds about the position's moves, packed in 5 bits, and its value under
// the limit; and its level, a byte beside the value again when the limit allows.
#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>

#include "core/material.h"
#include "core/wdl.h"
#include "gen/solver_table.h"

using namespace damatb;
using namespace damatb::gen::solving;

namespace {

// The Info bits of a position that is not over, as the first look makes them (gen/
// solver_first_look.cpp): from its moves inside the class and whether its moves out are
// captures, then, for each move out, the opponent's value after it.
std::uint8_t facts(bool internal, bool capture, unsigned values_after) {
    std::uint8_t info = (internal ? INTERNAL : 0) | (capture ? CAPTURE : 0);
    for (int v = 0; v < core::WDL5_NB; ++v) {
        if (!((values_after >> v) & 1)) continue;
        const core::Wdl5 w = core::Wdl5(v);
        info |= EXT_ANY;
        if (w == core::Wdl5::LOSS) info |= EXT_WIN;
        if (w != core::Wdl5::WIN) info |= EXT_ESC;
        if (core::loses_without_limit(w)) info |= EXT_WIN_U;
        if (!core::wins_without_limit(w)) info |= EXT_ESC_U;
    }
    return info;
}

} // namespace

TEST_CASE("Solver record: every set of facts the first look can find packs in 5 bits and back", "[record]") {
    std::set<std::uint8_t> found, codes;
    for (int internal = 0; internal < 2; ++internal)
        for (int capture = 0; capture < 2; ++capture)
            for (unsigned values = 0; values < (1u << core::WDL5_NB); ++values) { // the values after the moves out
                const std::uint8_t info = facts(internal, capture, values);
                REQUIRE(packed_info::packable(info));
                const std::uint8_t code = packed_info::packed(info);
                CHECK(code <= packed_info::BITS);
                CHECK(packed_info::UNPACKED.info[code] == info);
                found.insert(info);
                codes.insert(code);
            }
    found.insert(TERMINAL);
    codes.insert(packed_info::packed(TERMINAL));
    CHECK(packed_info::UNPACKED.info[packed_info::packed(TERMINAL)] == TERMINAL);
    // Four ways of moves inside the class and captures, six of the moves out (none, or the best
    // value after one of them for the mover: a win, a cursed win, a draw, a blessed loss, a loss
    // for the opponent), and the game over: 25 sets, each its own code.
    CHECK(found.size() == 25);
    CHECK(codes.size() == 25);
    // Any other byte is refused: a game over with a fact about its moves, or facts out of the chain.
    int refused = 0;
    for (int b = 0; b < 256; ++b) {
        const std::uint8_t info = std::uint8_t(b);
        if (found.count(info)) continue;
        CHECK_FALSE(packed_info::packable(info));
        CHECK_THROWS_AS(packed_info::packed(info), std::logic_error);
        ++refused;
    }
    CHECK(refused == 256 - 25);
}

TEST_CASE("Solver record: the fields of neighbouring positions and of one position keep apart", "[record]") {
    const auto cls = core::parse_class_name("KMvK");
    REQUIRE(cls);
    // A limit of at most MAX_PACKED_LEVEL keeps the value beside the level in a byte; one above it
    // (and none: 254 levels) does not.
    for (const int limit : {32, MAX_PACKED_LEVEL, MAX_PACKED_LEVEL + 1, 254}) {
        INFO("limit " << limit);
        Table table(*cls, limit, false);
        CHECK(table.packs == (limit <= MAX_PACKED_LEVEL));
        REQUIRE(table.size > 64);
        const std::uint8_t some_facts = facts(true, false, 1u << int(core::Wdl5::DRAW));
        auto facts_of = [&](std::uint64_t i) { return i % 3 == 0 ? std::uint8_t(TERMINAL) : some_facts; };
        // The levels set: the highest the limit allows, and lower ones.
        auto level_of = [&](std::uint64_t i) { return i == 0 ? limit : int(i / 2) % (limit + 1); };
        for (std::uint64_t i = 0; i < 64; ++i) {
            table.set_info(i, facts_of(i));
            table.set_level(i, NO_LEVEL);
            table.round[i] = std::uint8_t(i);
        }
        for (std::uint64_t i = 0; i < 64; i += 2) {
            // The level set before the value, as a commit does, and after it, as a lower one.
            table.set_level(i, level_of(i) + (i % 8 == 0 ? 1 : 0));
            table.set_under_limit(i, i % 4 == 0 ? WON : LOST);
            if (i % 8 == 0) table.set_level(i, level_of(i));
        }
        for (std::uint64_t i = 1; i < 64; i += 4) table.set_without_limit(i, LOST);
        for (std::uint64_t i = 3; i < 64; i += 8) table.set_without_limit(i, WON);
        for (std::uint64_t i = 0; i < 64; ++i) {
            INFO("position " << i);
            CHECK(table.info(i) == facts_of(i));
            CHECK(table.round[i] == i);
            const Table::Standing standing = table.standing(i);
            if (i % 2 == 0) {
                CHECK(table.under_limit(i) == (i % 4 == 0 ? WON : LOST));
                CHECK(table.under_limit_acquire(i) == table.under_limit(i));
                CHECK(table.level(i) == level_of(i));
                CHECK(standing.value == table.under_limit(i));
                CHECK(standing.level == level_of(i));
                CHECK(table.without_limit(i) == table.under_limit(i)); // won or lost under the limit: so without it
            } else {
                CHECK(table.under_limit(i) == UNKNOWN);
                CHECK(standing.value == UNKNOWN);
                const Label without = i % 4 == 1 ? LOST : i % 8 == 3 ? WON : UNKNOWN;
                CHECK(table.without_limit(i) == without);
                CHECK(table.level(i) == (without == UNKNOWN ? NO_LEVEL : int(without)));
            }
        }
        // The record is 2 bytes: the fields of position i + 1 follow those of i; the levels are a
        // byte each.
        CHECK(table.record(1) - table.record(0) == 2);
        CHECK(&table.round[0] - table.record(0) == 1);
        CHECK(&table.levels[1] - &table.levels[0] == 1);
    }
}
