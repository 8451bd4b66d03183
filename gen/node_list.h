// The lists of positions that the solver's steps hand on to one another (docs/generator.md,
// "Work lists and threads"): a vector of nodes when the list is short, a bit per position of
// the tables when it is long, so that no list costs more than a bit a position.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "gen/chunks.h"
#include "gen/mapped_array.h"
#include "gen/solver.h"
#include "gen/spare_words.h"

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

// Loops below this many items run on one thread: starting threads costs more.
constexpr std::int64_t PARALLEL_FROM = 4096;


// Words of zeros: from the heap when they are few (mapping them would cost more than the work
// on them, in the many small tables), else mapped from the kernel, taking memory only where
// written, or a spare of the same size (SpareWords).
class ZeroWords {
public:
    ZeroWords(std::uint64_t size, bool huge)
        : size_(size), huge_(huge), small_(size * 8 < SMALL ? std::make_unique<std::uint64_t[]>(size) : nullptr),
          large_(small_ ? MappedArray<std::uint64_t>() : SpareWords::take(size, huge)) {}
    std::uint64_t size() const { return size_; }
    std::uint64_t& operator[](std::uint64_t i) const { return (small_ ? small_.get() : large_.data())[i]; }
    bool mapped() const { return !small_; }
    // Mapped words, every one zero again, offered as a spare (SpareWords::keep) for a bit set of
    // `set_words` words.
    void offer(std::uint64_t set_words) {
        if (!small_) SpareWords::keep(std::move(large_), huge_, set_words);
    }

private:
    static constexpr std::uint64_t SMALL = std::uint64_t{1} << 20; // bytes
    std::uint64_t size_;
    bool huge_;
    std::unique_ptr<std::uint64_t[]> small_;
    MappedArray<std::uint64_t> large_;
};

// A set of nodes as a bit per position of each table, with a mark per block of BLOCK positions
// that holds any, so that a pass over the set skips the empty blocks. The bits are mapped from
// the kernel and take memory only where written (a slice's positions, solving in slices).
class NodeBits {
public:
    static constexpr std::uint64_t BLOCK = 4096;
    NodeBits(std::array<std::uint64_t, 2> sizes, bool huge)
        : sizes_(sizes), huge_(huge),
          bits_{ZeroWords(sizes[0] / 64 + 1, huge), ZeroWords(sizes[1] / 64 + 1, huge)},
          marks_{ZeroWords(sizes[0] / BLOCK / 64 + 1, false), ZeroWords(sizes[1] / BLOCK / 64 + 1, false)} {}
    // Mapped words go to the spares, the nonzero words of the blocks marked zeroed first: every
    // word written lies in a block marked, as long as clear_word_of emptied the set whole.
    ~NodeBits() {
        const std::uint64_t set_words = bits_[0].size() + bits_[1].size();
        for (int t = 0; t < 2; ++t) {
            if (!bits_[t].mapped()) continue;
            for (std::uint64_t m = 0; m < marks_[t].size(); ++m)
                for_words(t, m, [&](std::uint64_t w, std::uint64_t) { bits_[t][w] = 0; });
            bits_[t].offer(set_words);
        }
    }
    NodeBits(const NodeBits&) = delete;
    NodeBits& operator=(const NodeBits&) = delete;

    std::array<std::uint64_t, 2> sizes() const { return sizes_; }
    bool huge() const { return huge_; }

    // Adds c; true if it was not there. Threads may add at once.
    bool add(Node c) {
        const int t = table_of(c);
        const std::uint64_t i = index_of(c), bit = std::uint64_t{1} << (i % 64);
        std::uint64_t& word = bits_[t][i / 64];
        // A plain read first: a node there already (often so) costs no locked instruction.
        if (__atomic_load_n(&word, __ATOMIC_RELAXED) & bit) return false;
        if (__atomic_fetch_or(&word, bit, __ATOMIC_RELAXED) & bit) return false;
        mark(t, i / 64);
        return true;
    }
    // ORs `bits` into word w of table t; the count of bits that were not there.
    std::uint64_t add_word(int t, std::uint64_t w, std::uint64_t bits) {
        if (!bits) return 0;
        const std::uint64_t old = __atomic_fetch_or(&bits_[t][w], bits, __ATOMIC_RELAXED);
        if (bits & ~old) mark(t, w);
        return std::uint64_t(__builtin_popcountll(bits & ~old));
    }
    bool contains(Node c) const {
        const std::uint64_t i = index_of(c);
        return (__atomic_load_n(&bits_[table_of(c)][i / 64], __ATOMIC_RELAXED) >> (i % 64)) & 1;
    }
    void prefetch(Node c) const { __builtin_prefetch(&bits_[table_of(c)][index_of(c) / 64], 1); }
    // Removes every node of the word of c's bit (and the mark of its block's neighbours:
    // clear() is for emptying the set node by node).
    void clear_word_of(Node c) {
        const int t = table_of(c);
        const std::uint64_t w = index_of(c) / 64;
        bits_[t][w] = 0;
        marks_[t][w / 64 / 64] = 0;
    }

    // The words of the blocks marked, as (table, first mark word) tasks: each covers 64 blocks.
    std::vector<std::pair<int, std::uint64_t>> tasks() const {
        std::vector<std::pair<int, std::uint64_t>> out;
        for (int t = 0; t < 2; ++t)
            for (std::uint64_t m = 0; m < marks_[t].size(); ++m)
                if (marks_[t][m]) out.push_back({t, m});
        return out;
    }
    // Calls f(w, x) for each nonzero word x (number w) of the blocks that mark word m of table
    // t marks, in order.
    template <typename F>
    void for_words(int t, std::uint64_t m, F&& f) const {
        const std::uint64_t words = bits_[t].size();
        for (std::uint64_t x = marks_[t][m]; x; x &= x - 1) {
            const std::uint64_t block = m * 64 + std::uint64_t(__builtin_ctzll(x));
            for (std::uint64_t w = block * 64, end = std::min(words, w + 64); w < end; ++w)
                if (const std::uint64_t bits = bits_[t][w]) f(w, bits);
        }
    }

private:
    void mark(int t, std::uint64_t w) {
        const std::uint64_t block = w / 64, bit = std::uint64_t{1} << (block % 64);
        std::uint64_t& word = marks_[t][block / 64];
        if (!(__atomic_load_n(&word, __ATOMIC_RELAXED) & bit)) __atomic_fetch_or(&word, bit, __ATOMIC_RELAXED);
    }

    std::array<std::uint64_t, 2> sizes_;
    bool huge_ = false;
    ZeroWords bits_[2];
    ZeroWords marks_[2];
};

// A list of nodes: a vector (in the order it was made), or a NodeBits (in order of table and
// index, each node once). The passes over a list take it a block at a time, on several threads.
class NodeList {
public:
    NodeList() = default;
    NodeList(std::vector<Node> nodes) : nodes_(std::move(nodes)), count_(nodes_.size()) {}
    NodeList(std::unique_ptr<NodeBits> bits, std::uint64_t count) : bits_(std::move(bits)), count_(count) {}

    std::uint64_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    bool is_bits() const { return bits_ != nullptr; }

    // Calls f(nodes, n) for blocks of the list's nodes, on `threads` threads when the list is
    // long; within a block, in the list's order.
    template <typename F>
    void for_blocks(int threads, F&& f) const {
        if (!bits_) {
            constexpr std::int64_t BLOCK = 512;
            const auto n = static_cast<std::int64_t>(nodes_.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (n >= PARALLEL_FROM)
            for (std::int64_t b = 0; b < n; b += BLOCK)
                f(nodes_.data() + b, static_cast<std::size_t>(std::min(n - b, BLOCK)));
            return;
        }
        const auto tasks = bits_->tasks();
        const auto count = static_cast<std::int64_t>(tasks.size());
        constexpr std::size_t FULL = 4096;
#pragma omp parallel num_threads(threads) if (count > 1 && count_ >= std::uint64_t(PARALLEL_FROM))
        {
            std::vector<Node> buffer;
            buffer.reserve(FULL + 64);
#pragma omp for schedule(dynamic, 1)
            for (std::int64_t k = 0; k < count; ++k) {
                const auto [t, m] = tasks[std::size_t(k)];
                bits_->for_words(t, m, [&](std::uint64_t w, std::uint64_t x) {
                    for (; x; x &= x - 1) buffer.push_back(node(t, w * 64 + std::uint64_t(__builtin_ctzll(x))));
                    if (buffer.size() >= FULL) {
                        f(buffer.data(), buffer.size());
                        buffer.clear();
                    }
                });
                if (!buffer.empty()) f(buffer.data(), buffer.size());
                buffer.clear();
            }
        }
    }

    // Calls f(node) for each node, on `threads` threads when the list is long.
    template <typename F>
    void for_each(int threads, F&& f) const {
        for_blocks(threads, [&](const Node* nodes, std::size_t n) {
            for (std::size_t s = 0; s < n; ++s) f(nodes[s]);
        });
    }

    // The nodes for which keep(node) holds, in the same form and order.
    template <typename Keep>
    NodeList filtered(int threads, Keep&& keep) const {
        if (!bits_) {
            std::vector<Part<Node>> parts(chunk_count(nodes_.size()));
            for_each_chunk(nodes_.size(), threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
                for (std::uint64_t s = b; s < e; ++s)
                    if (keep(nodes_[s])) parts[c].push_back(nodes_[s]);
            });
            return NodeList(join(parts));
        }
        auto out = std::make_unique<NodeBits>(bits_->sizes(), bits_->huge());
        std::vector<std::uint64_t> counts(std::size_t(std::max(1, threads)));
        const auto tasks = bits_->tasks();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (tasks.size() > 1 && count_ >= std::uint64_t(PARALLEL_FROM))
        for (std::int64_t k = 0; k < std::int64_t(tasks.size()); ++k) {
            const auto [t, m] = tasks[std::size_t(k)];
            std::uint64_t kept = 0;
            bits_->for_words(t, m, [&](std::uint64_t w, std::uint64_t x) {
                std::uint64_t word = 0;
                for (; x; x &= x - 1) {
                    const std::uint64_t bit = x & (~x + 1);
                    if (keep(node(t, w * 64 + std::uint64_t(__builtin_ctzll(x))))) word |= bit;
                }
                kept += out->add_word(t, w, word);
            });
            counts[thread()] += kept;
        }
        std::uint64_t total = 0;
        for (std::uint64_t c : counts) total += c;
        return NodeList(std::move(out), total);
    }

    // The nodes in the list's order: a vector as it is, a bit set in order of table and index.
    std::vector<Node> nodes(int threads) const {
        if (!bits_) return nodes_;
        const auto tasks = bits_->tasks();
        std::vector<Part<Node>> parts(tasks.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (tasks.size() > 1 && count_ >= std::uint64_t(PARALLEL_FROM))
        for (std::int64_t k = 0; k < std::int64_t(tasks.size()); ++k) {
            const auto [t, m] = tasks[std::size_t(k)];
            bits_->for_words(t, m, [&](std::uint64_t w, std::uint64_t x) {
                for (; x; x &= x - 1) parts[std::size_t(k)].push_back(node(t, w * 64 + std::uint64_t(__builtin_ctzll(x))));
            });
        }
        return join(parts);
    }

    // The list as a vector when that takes less memory than its bits: fewer nodes than a 64th of
    // `positions` (those the solver works on), in `form` AUTO; always in VECTORS, never in BITS.
    NodeList compacted(std::uint64_t positions, Lists form, int threads) && {
        const bool vector = form == Lists::VECTORS || (form == Lists::AUTO && count_ * 64 < positions);
        if (!bits_ || !vector) return std::move(*this);
        return NodeList(nodes(threads));
    }

    // Adds the nodes of `more`. Vectors are joined (the shorter one copied; a node in both is
    // in the result twice); with a bit set on either side, the result is a bit set.
    void add(NodeList&& more, int threads) {
        if (more.empty()) return;
        if (empty()) {
            *this = std::move(more);
            return;
        }
        if (!bits_ && !more.bits_) {
            if (nodes_.size() < more.nodes_.size()) std::swap(nodes_, more.nodes_);
            nodes_.insert(nodes_.end(), more.nodes_.begin(), more.nodes_.end());
            count_ = nodes_.size();
            return;
        }
        if (!bits_) std::swap(*this, more);
        std::vector<std::uint64_t> counts(std::size_t(std::max(1, threads)));
        if (!more.bits_) {
            more.for_each(threads, [&](Node c) { counts[thread()] += bits_->add(c); });
        } else {
            const auto tasks = more.bits_->tasks();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (tasks.size() > 1)
            for (std::int64_t k = 0; k < std::int64_t(tasks.size()); ++k) {
                const auto [t, m] = tasks[std::size_t(k)];
                more.bits_->for_words(t, m, [&](std::uint64_t w, std::uint64_t x) { counts[thread()] += bits_->add_word(t, w, x); });
            }
        }
        for (std::uint64_t c : counts) count_ += c;
        more = NodeList();
    }

    // Each node once, in order: a vector sorted and its repeats dropped (a bit set is so already).
    void make_unique(int threads) {
        if (bits_) return;
        sort_in_parallel(nodes_, threads);
        nodes_.erase(std::unique(nodes_.begin(), nodes_.end()), nodes_.end());
        count_ = nodes_.size();
    }

private:
    std::vector<Node> nodes_;
    std::unique_ptr<NodeBits> bits_;
    std::uint64_t count_ = 0;
};

} // namespace damatb::gen::solving
