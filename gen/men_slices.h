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
#pragma once

#include <cstdint>
#include <vector>

#include "core/index.h"
#include "core/material.h"

namespace damatb::gen {

class MenSlices {
public:
    // The slices of class cls (the stronger army first, core::class_key).
    explicit MenSlices(const core::Material& cls);

    // The class's tables, as core::tables_of lists them.
    int table_count() const { return static_cast<int>(tables_.size()); }
    const core::TableIndex& index(int t) const { return tables_[t].index; }

    struct Slice {
        // The profile: bits 4 (6a + d - 1) to 4 (6a + d) + 3 hold the number of men of army a
        // (0 the class's first army, 1 the other) at advancement d; for a class of two equal
        // armies, the smaller of the two ways round.
        std::uint64_t profile = 0;
        int advancement = 0;         // the sum of every man's advancement
        std::uint64_t positions = 0; // in all the tables
    };
    // In the order they are solved.
    const std::vector<Slice>& slices() const { return slices_; }
    // The slices of class cls in the same order, with their positions estimated without
    // enumerating the men's placements (which MenSlices does, and takes seconds for a class of
    // millions of them): the class's positions shared out in proportion to the ways of placing
    // the men with each profile on the board, with no symmetry folded.
    static std::vector<Slice> estimate(const core::Material& cls);
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

    // The slices that a man's step forward (one that does not crown) from slice s leads into,
    // in increasing order: each listed before s, its sum of advancements one more.
    std::vector<int> leads_into(int s) const;
    // The same among `slices` (those of estimate(), say), of a class of two equal armies or not.
    static std::vector<int> leads_into(const std::vector<Slice>& slices, int s, bool equal_armies);

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
        std::vector<std::uint64_t> rank_of_block;
        std::vector<std::vector<std::uint64_t>> blocks; // by slice
    };

    std::vector<Table> tables_;
    std::vector<Slice> slices_;
    bool equal_armies_ = false;
};

} // namespace damatb::gen
