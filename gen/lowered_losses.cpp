#include "gen/lowered_losses.h"

#include <algorithm>
#include <queue>
#include <utility>

namespace damatb::gen {

namespace {

// A block's pages go back once the merge has passed this many of its entries (1 MiB) more.
constexpr std::size_t GIVE_BACK_EVERY = std::size_t{1} << 17;
// The entries of a page of 4 KiB, where the pages given back end: the page the merge is in is
// given back the next time (pages of another size are all given back at the end).
constexpr std::size_t PAGE_ENTRIES = 4096 / sizeof(std::uint64_t);

} // namespace

LoweredLosses::LoweredLosses(std::size_t threads, ScratchPages* scratch, std::size_t buffer)
    : buffer_(std::max<std::size_t>(buffer, 1)), scratch_(scratch), buffers_(threads) {}

std::uint64_t LoweredLosses::size() const {
    std::uint64_t n = 0;
    for (const Buffer& b : buffers_) n += b.entries.size();
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const Block& b : blocks_) n += b.count;
    return n;
}

void LoweredLosses::spill(std::vector<std::uint64_t>& b) {
    std::sort(b.begin(), b.end());
    Block block{MappedArray<std::uint64_t>(b.size(), false), b.size()};
    std::copy(b.begin(), b.end(), block.entries.data());
    b.clear();
    const std::lock_guard<std::mutex> lock(mutex_);
    if (scratch_) scratch_->move_in(block.entries.data(), block.count * sizeof(std::uint64_t));
    blocks_.push_back(std::move(block));
}

void LoweredLosses::give_back(Block& block, std::size_t begin, std::size_t end) {
    if (end <= begin) return;
    if (scratch_) scratch_->forget(block.entries.data() + begin, (end - begin) * sizeof(std::uint64_t));
    block.entries.release(begin, end);
}

void LoweredLosses::drain(const std::function<void(std::uint64_t)>& f) {
    // The runs to merge: each block, then each buffer, sorted.
    struct Run {
        const std::uint64_t* at;
        std::size_t count, next = 0, given_back = 0;
        Block* block;
    };
    std::vector<Run> runs;
    for (Block& b : blocks_) runs.push_back({b.entries.data(), b.count, 0, 0, &b});
    for (Buffer& b : buffers_) {
        std::sort(b.entries.begin(), b.entries.end());
        runs.push_back({b.entries.data(), b.entries.size(), 0, 0, nullptr});
    }
    // The smallest next entry first; of two equal, either (they are the same).
    using Head = std::pair<std::uint64_t, std::size_t>;
    std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
    for (std::size_t k = 0; k < runs.size(); ++k)
        if (runs[k].count) heads.push({runs[k].at[0], k});
    while (!heads.empty()) {
        const auto [entry, k] = heads.top();
        heads.pop();
        f(entry);
        Run& run = runs[k];
        if (++run.next < run.count) heads.push({run.at[run.next], k});
        if (run.block && run.next - run.given_back >= GIVE_BACK_EVERY) {
            give_back(*run.block, run.given_back, run.next);
            run.given_back = run.next / PAGE_ENTRIES * PAGE_ENTRIES;
        }
    }
    // The whole of each block, whatever was given back already: none of its pages may stay in
    // the scratch file's account once the block's mapping is gone.
    for (Run& run : runs)
        if (run.block) give_back(*run.block, 0, run.count);
    std::vector<Block>().swap(blocks_);
    for (Buffer& b : buffers_) b.entries.clear();
}

} // namespace damatb::gen
