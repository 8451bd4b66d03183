#include <catch2/catch.hpp>

#include "core/perft.h"
#include "support/helpers.h"

using namespace damatb;

namespace {
struct PerftRow {
    int depth;
    std::uint64_t nodes;
};

// Start position, default ruleset, one move per resulting position. Depths 1 to 6
// agree with an independent engine's published counts; at depth 7 that engine
// counts a king's different paths to the same result separately (10782382);
// merged, as docs/rules.md ("Move identity") counts them, the figure is 10782308.
constexpr PerftRow START_ROWS[] = {{1, 8},      {2, 64},      {3, 708},     {4, 7538},
                                   {5, 85090},  {6, 931312},  {7, 10782308}};
} // namespace

TEST_CASE("Perft: start position to depth 6", "[perft]") {
    for (const PerftRow& row : START_ROWS) {
        if (row.depth > 6) continue;
        INFO("depth " << row.depth);
        CHECK(core::perft(core::Position::start(), row.depth, core::Promotion::END_OF_MOVE) ==
              row.nodes);
    }
}

TEST_CASE("Perft: start position at depth 7", "[perft][slow]") {
    const PerftRow& row = START_ROWS[6];
    CHECK(core::perft(core::Position::start(), row.depth, core::Promotion::END_OF_MOVE) ==
          row.nodes);
}

TEST_CASE("Perft: depth 0 and a position without moves", "[perft]") {
    CHECK(core::perft(core::Position::start(), 0, core::Promotion::END_OF_MOVE) == 1);
    CHECK(core::perft(test::fen("W:Wa7:Bb7,c7,Ka8"), 3, core::Promotion::END_OF_MOVE) == 0);
}
