// The words of the work lists' large bit sets (NodeBits), kept when a list is done with and
// handed to the next list of the same size (docs/generator.md, "Memory: huge pages and the
// heap"), rather than a bit set mapped from the kernel for each step, unmapped after it and
// its pages faulted in again.
#pragma once

#include <cstdint>

#include "gen/mapped_array.h"

namespace damatb::gen::solving {

class SpareWords {
public:
    // The spares kept, in words, at most this many times the words of the bit set whose words
    // are offered (a bit a position of its tables): a bit a position of the class. One set's
    // words are what a step drops and the next one makes; two would put the slices of
    // KKKMvKKK, the dearest units of 7 pieces, above a node's 64 GiB.
    static constexpr std::uint64_t SETS = 1;

    // `size` words of zeros: a spare of that size and kind of page if one is kept, else mapped.
    static MappedArray<std::uint64_t> take(std::uint64_t size, bool huge);
    // Keeps `words`, all zeros, for a later take(), if the spares with them hold no more than
    // SETS times `set_words` (those of the bit set they come from); else they are unmapped.
    static void keep(MappedArray<std::uint64_t>&& words, bool huge, std::uint64_t set_words);
    // Gives every spare back to the kernel: before a class's or slice's results, whose peak they
    // would add to (and the next slice's lists write other pages), and at the class's end.
    static void release();
    // The words kept.
    static std::uint64_t kept();
};

} // namespace damatb::gen::solving
