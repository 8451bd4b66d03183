// The positions of a class as the solver numbers them (nodes), and the lists of nodes that
// its steps hand on to one another.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/huge_pages.h"
#include "gen/chunks.h"

namespace damatb::gen::solving {

// A position of the class: its table (0 or 1) in the top bit, its index below.
using Node = std::uint64_t;
constexpr Node TABLE_BIT = Node{1} << 63;
inline Node node(int t, std::uint64_t i) { return t ? (i | TABLE_BIT) : i; }
inline int table_of(Node n) { return (n & TABLE_BIT) ? 1 : 0; }
inline std::uint64_t index_of(Node n) { return n & ~TABLE_BIT; }

// The number of the calling thread in the current parallel region.
inline std::size_t thread() {
#ifdef _OPENMP
    return static_cast<std::size_t>(omp_get_thread_num());
#else
    return 0;
#endif
}

// Collects nodes from several threads, each node once: a bit per node marks
// those collected since the last take().
class Collector {
public:
    Collector(std::uint64_t size0, std::uint64_t size1, std::size_t threads)
        : seen_{core::HugeVector<std::atomic<std::uint64_t>>(size0 / 64 + 1),
                core::HugeVector<std::atomic<std::uint64_t>>(size1 / 64 + 1)},
          parts_(threads) {}

    void add(Node c, std::size_t thread) {
        const std::uint64_t i = index_of(c), bit = std::uint64_t{1} << (i % 64);
        auto& word = seen_[table_of(c)][i / 64];
        // A plain read first: a node listed already (often so) costs no locked instruction.
        if (word.load(std::memory_order_relaxed) & bit) return;
        if (!(word.fetch_or(bit, std::memory_order_relaxed) & bit)) parts_[thread].push_back(c);
    }
    // Brings c's mark into the cache ahead of add(c).
    void prefetch(Node c) const { __builtin_prefetch(&seen_[table_of(c)][index_of(c) / 64], 1); }

    // The nodes collected, in increasing order (which later passes walk memory in); clears the
    // marks. Few are sorted; many are read off the marks, which costs a bit per node.
    std::vector<Node> take() {
        std::size_t count = 0;
        for (const auto& p : parts_) count += p.size();
        if (count < (seen_[0].size() + seen_[1].size()) / 64) {
            std::vector<Node> all;
            append(all, parts_); // their memory kept for the next step's nodes
            for (Node c : all) seen_[table_of(c)][index_of(c) / 64].store(0, std::memory_order_relaxed);
            std::sort(all.begin(), all.end());
            return all;
        }
        for (auto& p : parts_) p.clear();
        std::vector<Node> all;
        all.reserve(count);
        for (int t = 0; t < 2; ++t) {
            auto& seen = seen_[t];
            std::vector<Part<Node>> found(chunk_count(seen.size()));
            for_each_chunk(seen.size(), int(parts_.size()), [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
                for (std::uint64_t w = b; w < e; ++w) {
                    std::uint64_t x = seen[w].load(std::memory_order_relaxed);
                    if (!x) continue;
                    seen[w].store(0, std::memory_order_relaxed);
                    for (; x; x &= x - 1) found[c].push_back(node(t, w * 64 + std::uint64_t(__builtin_ctzll(x))));
                }
            });
            append(all, found);
        }
        return all;
    }

private:
    core::HugeVector<std::atomic<std::uint64_t>> seen_[2];
    std::vector<Part<Node>> parts_; // per thread
};

// `to` with the nodes of `more` added, in no particular order: the shorter list is copied.
inline void add_nodes(std::vector<Node>& to, std::vector<Node>&& more) {
    if (to.size() < more.size()) std::swap(to, more);
    to.insert(to.end(), more.begin(), more.end());
}

// Calls prepare(s, slot) and then use(s, slot) for each s in [begin, end), preparing s + 1
// before using s: the memory that prepare asks for (__builtin_prefetch) arrives while use
// works on the item before, instead of use waiting for it.
template <typename Slot, typename Prepare, typename Use>
void one_ahead(std::size_t begin, std::size_t end, Prepare&& prepare, Use&& use) {
    Slot slot[2];
    for (std::size_t s = begin; s < end; ++s) {
        const std::size_t cur = (s - begin) & 1;
        if (s == begin) prepare(s, slot[cur]);
        if (s + 1 < end) prepare(s + 1, slot[cur ^ 1]);
        use(s, slot[cur]);
    }
}

} // namespace damatb::gen::solving
