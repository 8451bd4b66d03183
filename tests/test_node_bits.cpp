// The work lists' bit sets (gen/node_list.h) hand their mapped words on to the next set of the
// same size (gen/spare_words.h): a set made from spares holds no node of the sets before, and
// no more than one set's worth of words is kept.
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "gen/node_list.h"
#include "gen/spare_words.h"

using namespace damatb::gen::solving;

namespace {

// Tables of 2^24 positions: 2 MiB of words each, mapped (a set of fewer words is in the heap).
constexpr std::uint64_t POSITIONS = std::uint64_t{1} << 24;
constexpr std::uint64_t WORDS = POSITIONS / 64 + 1;

// Every node of set `bits` over tables of `sizes`, by testing each position.
std::vector<Node> members(const NodeBits& bits, std::array<std::uint64_t, 2> sizes) {
    std::vector<Node> out;
    for (int t = 0; t < 2; ++t)
        for (std::uint64_t i = 0; i < sizes[std::size_t(t)]; ++i)
            if (bits.contains(node(t, i))) out.push_back(node(t, i));
    return out;
}

} // namespace

TEST_CASE("a bit set made from the spares of one done with holds none of its nodes", "[node_list]") {
    SpareWords::release();
    const std::array<std::uint64_t, 2> sizes{POSITIONS, POSITIONS};
    std::mt19937_64 random(20261206);
    {
        NodeBits bits(sizes, false);
        for (int k = 0; k < 5000; ++k) bits.add(node(int(random() % 2), random() % POSITIONS));
        bits.add_word(1, WORDS - 1, 1);                  // the last word, a table's last position
        bits.add_word(0, 12345, ~std::uint64_t{0});      // a word whole
        CHECK(SpareWords::kept() == 0);
    }
    CHECK(SpareWords::kept() == 2 * WORDS);
    {
        NodeBits again(sizes, false);
        CHECK(SpareWords::kept() == 0); // both tables' words taken
        CHECK(again.tasks().empty());
        CHECK(members(again, sizes).empty());
        again.add(node(1, 77));
        CHECK(members(again, sizes) == std::vector<Node>{node(1, 77)});
    }
    // A set emptied node by node, as the collector empties its marks, is all zeros as well.
    {
        NodeBits bits(sizes, false);
        std::vector<Node> added;
        for (int k = 0; k < 3000; ++k) added.push_back(node(int(random() % 2), random() % POSITIONS));
        for (Node c : added) bits.add(c);
        for (Node c : added) bits.clear_word_of(c);
    }
    NodeBits emptied(sizes, false);
    CHECK(members(emptied, sizes).empty());
    SpareWords::release();
    CHECK(SpareWords::kept() == 0);
}

TEST_CASE("the spares hold at most one bit set's words, and only of the size asked for", "[node_list]") {
    SpareWords::release();
    {
        std::vector<std::unique_ptr<NodeBits>> sets;
        for (int k = 0; k < 3; ++k) sets.push_back(std::make_unique<NodeBits>(std::array<std::uint64_t, 2>{POSITIONS, POSITIONS}, false));
    }
    CHECK(SpareWords::kept() == 2 * WORDS); // a set of two tables; the other sets' words unmapped
    {
        // One table (the other has no positions, its word in the heap): one table's words kept.
        std::vector<std::unique_ptr<NodeBits>> sets;
        SpareWords::release();
        for (int k = 0; k < 3; ++k) sets.push_back(std::make_unique<NodeBits>(std::array<std::uint64_t, 2>{POSITIONS, 0}, false));
    }
    CHECK(SpareWords::kept() == WORDS);
    // A set of another size maps its own words and leaves the spares as they are.
    {
        NodeBits other({2 * POSITIONS, 0}, false);
        CHECK(SpareWords::kept() == WORDS);
        CHECK(members(other, {2 * POSITIONS, 0}).empty());
    }
    SpareWords::release();
    CHECK(SpareWords::kept() == 0);
}
