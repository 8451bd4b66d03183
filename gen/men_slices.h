// The slices of a class by its men's ranks (docs/six-pieces.md, "Slices by the men's ranks").
//
// A man steps forward or sideways and never back, so the men's ranks split a class with men
// into slices that can be solved one after the other: a position's slice is its men's profile,
// for each army the advancement of each of its men (its rank counted from its own side: 1 on
// its second rank, 6 on its seventh). A king move and a man's sideways step keep the profile, a
// man's forward step raises one advancement, and captures and crownings leave the class. The
// slices are listed in the order they are solved: the largest sum of advancements first, so
// that a forward step always leads into a slice listed before.
//
// In a table's index (core/index.h) the men's groups come first and the kings' last: the
// positions with one placement of the men (a "block") are K consecutive indices, K the
// placements of the kings on the squares the men leave. A slice is a set of blocks of each
// table, and numbers its positions by (the block's rank among its blocks) * K + (the place in
// the block). Example: KKKKvKM has 6 slices, one per rank of its man; the slice of the man on
// its third rank holds the positions with White's man on c3 (and its mirror f3), and those
// with Black's man on c6 and f6, White to move.
//
// A class of kings only is one slice. A class of two equal armies (KMvKM) has one table,
// which holds both armies to move: turned around, a position's two profiles swap, so a slice
// there is an unordered pair of profiles.
//
// Fewer, larger slices: the profiles in the order they are solved can be cut into `count` runs
// of consecutive profiles, each run a slice (a man's forward step then stays in its slice or
// leads into one listed before). The runs are as even in positions as the profiles allow, cut
// by the estimated sizes, so that the plan and the solver cut them alike. The generator takes
// the fewest slices that fit its memory budget (gen/memory_budget.h, slices_to_fit): each slice
// solved costs passes of its own.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/index.h"
#include "core/material.h"

namespace damatb::gen {

class MenSlices {
public:
    // The slices of class cls (the stronger army first, core::class_key): one per profile when
    // count is 0 (or at least the class's profiles), else `count` runs of profiles.
    explicit MenSlices(const core::Material& cls, int count = 0);

    // The class's tables, as core::tables_of lists them.
    int table_count() const { return static_cast<int>(tables_.size()); }
    const core::TableIndex& index(int t) const { return tables_[t].index; }

    struct Slice {
        // The profile (of a slice of several, its first's): bits 4 (6a + d - 1) to
        // 4 (6a + d) + 3 hold the number of men of army a (0 the class's first army, 1 the
        // other) at advancement d; for a class of two equal armies, the smaller of the two
        // ways round.
        std::uint64_t profile = 0;
        int advancement = 0;         // the sum of every man's advancement (the largest, of several)
        std::uint64_t positions = 0; // in all the tables
    };
    // In the order they are solved.
    const std::vector<Slice>& slices() const { return slices_; }
    // The slices of class cls in the same order, with their positions estimated without
    // enumerating the men's placements (which MenSlices does, and takes seconds for a class of
    // millions of them): the class's positions shared out in proportion to the ways of placing
    // the men with each profile on the board, with no symmetry folded.
    static std::vector<Slice> estimate(const core::Material& cls, int count = 0);
    // The slices the estimate's slice s leads into (below), for each s.
    static std::vector<std::vector<int>> estimate_leads_into(const core::Material& cls, int count = 0);
    // The same from the class's profiles (estimate(cls)), not listed again: a class cut in
    // many ways (gen::slices_to_fit).
    static std::vector<Slice> cut(const std::vector<Slice>& profiles, int count);
    static std::vector<std::vector<int>> cut_leads_into(const std::vector<Slice>& profiles, int count,
                                                        bool equal_armies);
    // The class's profiles: the most slices it can be cut into.
    static int profile_count(const core::Material& cls) { return static_cast<int>(estimate(cls).size()); }
    int slice_count() const { return static_cast<int>(slices_.size()); }

    // The positions of a block of table t: the kings' placements.
    std::uint64_t block_size(int t) const { return tables_[t].block_size; }
    // The blocks of slice s in table t, in increasing order.
    const std::vector<std::uint64_t>& blocks(int t, int s) const { return tables_[t].blocks[s]; }
    // The positions of slice s in table t.
    std::uint64_t size(int t, int s) const { return blocks(t, s).size() * block_size(t); }

    // The slice of index i of table t.
    int slice_of(int t, std::uint64_t i) const { return tables_[t].slice_of_block[i / block_size(t)]; }
    // The place of index i of table t in its slice.
    std::uint64_t local(int t, std::uint64_t i) const {
        const Table& table = tables_[t];
        return table.rank_of_block[i / table.block_size] * table.block_size + i % table.block_size;
    }
    // The index in table t of the position at place `local` of slice s.
    std::uint64_t global(int t, int s, std::uint64_t local) const {
        const Table& table = tables_[t];
        return table.blocks[s][local / table.block_size] * table.block_size + local % table.block_size;
    }

    // The slices other than s that a man's step forward (one that does not crown) from slice s
    // leads into, in increasing order: each listed before s (one profile each: its sum of
    // advancements one more).
    const std::vector<int>& leads_into(int s) const { return leads_into_[std::size_t(s)]; }
    // Whether a man's step forward from slice s may lead into block b of table t, a block of
    // another slice: whether a profile of s leads into the block's (its positions' predecessors
    // by such a step may lie in s only then).
    bool reached_from(int t, std::uint64_t b, int s) const {
        const std::vector<int>& from = reached_from_[tables_[t].profile_of_block[b]];
        return std::binary_search(from.begin(), from.end(), s);
    }
    // The last slice that leads into slice s (s itself if none): once it is solved, nothing
    // reads slice s's records again.
    int last_reader(int s) const { return last_readers_[std::size_t(s)]; }
    // The same for every slice, from the slices each leads into (leads_into, or
    // cut_leads_into).
    static std::vector<int> last_readers(const std::vector<std::vector<int>>& leads);

    // The profile of a position of table t (White to move), before the two ways round of a class
    // of equal armies are made one.
    std::uint64_t profile_of(int t, const core::Position& p) const;

private:
    struct Table {
        explicit Table(const core::Material& m) : index(m) {}
        core::TableIndex index;
        bool mover_first = true; // the side to move is the class's first army
        std::uint64_t block_size = 1;
        std::vector<std::int32_t> slice_of_block;
        std::vector<std::uint32_t> profile_of_block; // its number in the order they are solved
        std::vector<std::uint64_t> rank_of_block;
        std::vector<std::vector<std::uint64_t>> blocks; // by slice
    };

    std::vector<Table> tables_;
    std::vector<Slice> slices_;
    std::vector<std::vector<int>> leads_into_;
    // By profile, in the order they are solved: the slices other than its own with a profile
    // whose man's step forward leads into it, in increasing order.
    std::vector<std::vector<int>> reached_from_;
    std::vector<int> last_readers_;
};

} // namespace damatb::gen
