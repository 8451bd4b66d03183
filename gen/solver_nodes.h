// The positions of a class as the solver numbers them (nodes, gen/node_list.h), how its steps
// collect them from several threads, and how a pass prepares items ahead.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "gen/chunks.h"
#include "gen/mapped_array.h"
#include "gen/node_list.h"

namespace damatb::gen::solving {

// Collects nodes from several threads, each node once: a bit per node (NodeBits) marks those
// collected since the last take(). Each thread also lists the nodes it collects while they are
// few, so that a short list needs no pass over the marks.
class Collector {
public:
    // `active`: the positions being solved (those of a slice, or all), which its lists' forms are
    // weighed against (take): a bit set takes memory only in the pages of the positions marked.
    Collector(std::array<std::uint64_t, 2> sizes, std::uint64_t active, std::size_t threads, bool huge, Lists form)
        : sizes_(sizes), huge_(huge), form_(form), seen_(std::make_unique<NodeBits>(sizes, huge)),
          parts_(threads), added_(threads) {
        solving(active);
    }
    // Weighs the lists against `active` positions being solved from here on.
    void solving(std::uint64_t active) {
        active_ = active;
        few_ = active / 4096;
    }

    void add(Node c, std::size_t thread) {
        if (!seen_->add(c)) return;
        ++added_[thread].count;
        if (parts_[thread].size() < few_) parts_[thread].push_back(c);
    }
    // Whether nothing was collected since the last take().
    bool empty() const {
        for (const auto& a : added_)
            if (a.count) return false;
        return true;
    }
    // Brings c's mark into the cache ahead of add(c).
    void prefetch(Node c) const { seen_->prefetch(c); }

    // The nodes collected, in increasing order (which later passes walk memory in), and clears
    // the marks. Few (fewer than a 4096th of the positions being solved) are sorted from the
    // threads' lists; more, up to a 64th of them, are read off the marks into a vector; more
    // still are handed on as the marks themselves, a bit a position (SolveOptions::lists:
    // always, or never).
    NodeList take() {
        std::uint64_t count = 0;
        for (auto& a : added_) count += std::exchange(a.count, 0);
        const bool bits = form_ == Lists::BITS || (form_ == Lists::AUTO && count * 64 >= active_);
        if (!bits && count < few_) {
            std::vector<Node> all;
            append(all, parts_); // their memory kept for the next step's nodes
            for (Node c : all) seen_->clear_word_of(c);
            std::sort(all.begin(), all.end());
            return all;
        }
        for (auto& p : parts_) p.clear();
        NodeList out(std::exchange(seen_, std::make_unique<NodeBits>(sizes_, huge_)), count);
        return bits ? std::move(out) : NodeList(out.nodes(int(parts_.size())));
    }

private:
    struct alignas(64) Added {
        std::uint64_t count = 0;
    };
    std::array<std::uint64_t, 2> sizes_;
    bool huge_;
    Lists form_;
    std::unique_ptr<NodeBits> seen_;
    std::vector<Part<Node>> parts_; // per thread
    std::vector<Added> added_;      // per thread
    std::uint64_t active_ = 0, few_ = 0;
};

// The steps that one round adds to the losses' histories (SolverState::history): the entries
// of the nodes whose level fell in it (history_entry), by node. In an array of their own, so
// that a slice solved under a read cache moves them to the scratch file of the slices kept
// (record_history) until its results read them.
struct HistoryRun {
    int round;
    MappedArray<std::uint64_t> entries; // room for every fall of the round; `count` written
    std::size_t count = 0;
    const std::uint64_t* begin() const { return entries.data(); }
    const std::uint64_t* end() const { return entries.data() + count; }
    std::size_t size() const { return count; }
    std::uint64_t bytes() const { return count * sizeof(std::uint64_t); }
};

// Which positions of a table have steps in the runs already (record_history), a bit each,
// taking memory only where written: solving in slices, each slice's are given back once its
// steps are gathered, so that they never hold the whole class.
class HistoryMarks {
public:
    explicit HistoryMarks(std::uint64_t size) : words_(size / 64 + 1, false) {}
    bool operator[](std::uint64_t i) const { return (words_[i / 64] >> (i % 64)) & 1; }
    void set(std::uint64_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
    // Gives back the marks of positions [begin, end) (the whole pages within them).
    void release(std::uint64_t begin, std::uint64_t end) { words_.release(begin / 64, end / 64); }

private:
    MappedArray<std::uint64_t> words_;
};

// Calls prepare(s, slot) and then use(s, slot) for each s in [begin, end), preparing s + DEPTH
// before using s: the memory that prepare asks for (__builtin_prefetch) arrives while use
// works on the DEPTH items before, instead of use waiting for it.
template <typename Slot, std::size_t DEPTH, typename Prepare, typename Use>
void ahead(std::size_t begin, std::size_t end, Prepare&& prepare, Use&& use) {
    constexpr std::size_t SLOTS = DEPTH + 1;
    Slot slot[SLOTS];
    for (std::size_t s = begin; s < end && s < begin + DEPTH; ++s) prepare(s, slot[(s - begin) % SLOTS]);
    for (std::size_t s = begin; s < end; ++s) {
        if (s + DEPTH < end) prepare(s + DEPTH, slot[(s + DEPTH - begin) % SLOTS]);
        use(s, slot[(s - begin) % SLOTS]);
    }
}

// As ahead, with a second stage between: prepare(s + FAR), then refine(s + NEAR), then use(s),
// for each s in [begin, end), NEAR < FAR. What prepare asked for has arrived by refine, which
// can read it to decide what more to ask for, while use works on the NEAR items before.
template <typename Slot, std::size_t FAR, std::size_t NEAR, typename Prepare, typename Refine, typename Use>
void ahead_in_two(std::size_t begin, std::size_t end, Prepare&& prepare, Refine&& refine, Use&& use) {
    static_assert(NEAR < FAR);
    constexpr std::size_t SLOTS = FAR + 1;
    Slot slot[SLOTS];
    auto at = [&](std::size_t s) -> Slot& { return slot[(s - begin) % SLOTS]; };
    for (std::size_t s = begin; s < end && s < begin + FAR; ++s) prepare(s, at(s));
    for (std::size_t s = begin; s < end && s < begin + NEAR; ++s) refine(s, at(s));
    for (std::size_t s = begin; s < end; ++s) {
        if (s + FAR < end) prepare(s + FAR, at(s + FAR));
        if (s + NEAR < end) refine(s + NEAR, at(s + NEAR));
        use(s, at(s));
    }
}

} // namespace damatb::gen::solving
