// The losses whose level fell in the round under way, each with the level it had
// (solving::lowered_loss packs them), gathered by several threads and read back in order by
// record_history (gen/solver_histories.cpp).
//
// A round can lower the levels of a fifth of the positions being solved, so they are never
// held whole (docs/generator.md, "Making progress"). Each thread fills a buffer of its own; a
// full one is sorted and goes to
// a block of its own, moved to the scratch file of the slices kept when there is one (out of the
// process's memory, within the read cache, like the histories' runs it is made into). The blocks
// and buffers are then merged, and each block's pages go back as the merge passes them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "gen/mapped_array.h"
#include "gen/scratch_pages.h"

namespace damatb::gen {

class LoweredLosses {
public:
    // Entries a thread holds before they go to a block: 4 MiB.
    static constexpr std::size_t BUFFER = std::size_t{1} << 19;

    // For `threads` threads (thread() numbers them); blocks moved to `scratch` if not null.
    LoweredLosses(std::size_t threads, ScratchPages* scratch, std::size_t buffer = BUFFER);
    LoweredLosses(const LoweredLosses&) = delete;
    LoweredLosses& operator=(const LoweredLosses&) = delete;

    // Adds an entry from thread `thread`, the only one to add to that slot meanwhile.
    void add(std::size_t thread, std::uint64_t entry) {
        std::vector<std::uint64_t>& b = buffers_[thread].entries;
        b.push_back(entry);
        if (b.size() == buffer_) spill(b);
    }
    // The entries added since the last drain.
    std::uint64_t size() const;
    // Calls f(entry) for every entry added, in increasing order (equal entries one after
    // another), and empties: the blocks' memory given back, the buffers' kept for the next round.
    void drain(const std::function<void(std::uint64_t)>& f);

private:
    struct alignas(64) Buffer {
        std::vector<std::uint64_t> entries;
    };
    struct Block {
        MappedArray<std::uint64_t> entries;
        std::size_t count;
    };
    // Sorts b, copies it to a new block, and empties it.
    void spill(std::vector<std::uint64_t>& b);
    // Gives back the whole pages of block entries [begin, end).
    void give_back(Block& block, std::size_t begin, std::size_t end);

    std::size_t buffer_;
    ScratchPages* scratch_;
    std::vector<Buffer> buffers_;
    std::vector<Block> blocks_;
    mutable std::mutex mutex_; // over blocks_
};

} // namespace damatb::gen
