// TableIndex: the perfect rank and unrank of the positions of one table.
//
// A table holds every position of one Material with White to move (material.h).
// Its pieces fall into groups of identical pieces, placed one group after the
// other:
//
//   - with men on the board: White's men, Black's men, White's kings, Black's
//     kings (empty groups left out). Men stand on ranks 2 to 7 (48 squares),
//     kings anywhere. The symmetry folded is the file mirror.
//   - with kings only: the smaller king group first (White's on a tie), then
//     the other. All eight symmetries are folded.
//
// The first group, the lead, takes one of the placements that are the least of
// their orbit under the folded symmetries ("lead placements", numbered in
// increasing colex order). Every later group takes k of the n squares of its
// domain that earlier groups left free, numbered by the colex rank of their
// positions among those n squares: sum over its squares, lowest first, of
// C(position_j, j + 1). Then
//
//   index = (...((lead * C(n1, k1) + c1) * C(n2, k2) + c2) ...)
//
// Example, class KvM with the man's side to move (mover: one man; other: one
// king): the lead is the man, whose 24 lead placements are the squares of
// ranks 2 to 7 on files a to d (a2 = 0, b2 = 1, c2 = 2, d2 = 3, a3 = 4, ...);
// the king takes one of the 63 other squares. The man on c2 and the king on a1
// give 2 * 63 + 0 = 126; the man on f2 (mirrored to c2) and the king on h1
// (mirrored to a1) give 126 as well.
//
// index(p) applies a symmetry that brings p's lead placement to its lead
// placement, so position(index(p)) is p or an image of it under a folded
// symmetry. Where several symmetries do that (a lead placement that is its own
// image, such as a king on a1, on the diagonal), it takes the one that gives the
// smallest index: index is the same for every image of a position. The later
// groups are not folded under those symmetries, so a few indices name a
// position whose own index is smaller (the king on a1 with kings on b3 and c8
// is the transpose of a1, c2, h3, whose index is smaller): position(i) for
// such an i is a valid position, index(position(i)) < i, and a table stores
// the same value under both.
#pragma once

#include <cstdint>
#include <vector>

#include "core/material.h"
#include "core/move.h"
#include "core/position.h"

namespace damatb::core {

class TableIndex {
public:
    explicit TableIndex(const Material& material);

    const Material& material() const { return material_; }
    // The number of indices: position(i) is defined for every i < size().
    std::uint64_t size() const { return size_; }
    // The number of symmetries folded: 2 with men, 8 with kings only.
    int symmetries() const { return symmetry_count_; }

    // The index of a position of this material with White to move.
    std::uint64_t index(const Position& pos) const {
        // The bitboards passed in registers: the caller has often just built the
        // position, and reading it back from memory would wait for the stores.
        return (this->*index_)(pos.men(WHITE), pos.kings(WHITE), pos.men(BLACK), pos.kings(BLACK));
    }
    // The position with index i < size(), White to move.
    Position position(std::uint64_t i) const { return (this->*position_)(i); }
    // index(position(i)): i, or the smaller index of an image of position(i) when i
    // names such an image. Cheap unless the lead placement is its own image.
    std::uint64_t canonical(std::uint64_t i) const;

    // The part of the index that the groups before one group give: the work done once for
    // positions that differ only in the squares of that group and of the groups after it,
    // such as the successors of one position by its king moves. Example, KMvK with the man's
    // side to move: the successors of W:Wc2:BKa1 by the black king's moves (a1-a8, a1-h1 and
    // so on) share the lead group, the white man; only the black king's group varies.
    struct Prefix {
        std::uint64_t index = 0; // the groups before `group`, under `symmetry`
        Bitboard occupied = 0;   // their squares, under `symmetry`
        std::uint8_t symmetry = 0;
        std::uint8_t group = 0;  // the first group that varies; 0: none, index() does all
    };
    // The prefix of the positions that have p's pieces but those of colour c's kings (kings)
    // or men (!kings), and of the groups after theirs. Its group is 0, and index(prefix, q)
    // is index(q), where that group is the lead or the lead placement is its own image.
    Prefix prefix(const Position& p, Color c, bool kings) const;
    // index(q) for a position q with the pieces of the prefix's groups.
    std::uint64_t index(const Prefix& prefix, const Position& q) const {
        return prefix.group ? (this->*rest_)(prefix, q) : index(q);
    }

private:
    friend class KingMoveIndex;
    static constexpr int MAX_GROUPS = 4; // white men, black men, white kings, black kings

    struct Group {
        Color color;
        bool kings;
        int count;
        Bitboard domain;
        std::uint64_t placements; // C(free squares of the domain, count); unused for the lead
    };

    using IndexFunction = std::uint64_t (TableIndex::*)(Bitboard white_men, Bitboard white_kings,
                                                        Bitboard black_men, Bitboard black_kings) const;
    // index() for a table of N groups, kings only or not: the loops over groups unrolled.
    template <int N, bool KINGS_ONLY>
    std::uint64_t index_with(Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                             Bitboard black_kings) const;
    static IndexFunction index_function(int groups, bool kings_only);
    // index(prefix, q) for a prefix that has a group: the groups from it on.
    template <int N, bool KINGS_ONLY>
    std::uint64_t index_rest(const Prefix& prefix, const Position& q) const;
    // The squares of group g in a position given by its four bitboards.
    Bitboard set_of(int g, Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                    Bitboard black_kings) const {
        const Group& group = groups_[g];
        return group.color == WHITE ? (group.kings ? white_kings : white_men)
                                    : (group.kings ? black_kings : black_men);
    }
    using PositionFunction = Position (TableIndex::*)(std::uint64_t) const;
    // position() for a table of N groups.
    template <int N>
    Position position_with(std::uint64_t i) const;
    static PositionFunction position_function(int groups);

    Material material_;
    Group groups_[MAX_GROUPS] = {}; // lead first
    int group_count_ = 0;
    int symmetry_count_ = 2;
    IndexFunction index_ = nullptr;
    std::uint64_t (TableIndex::*rest_)(const Prefix&, const Position&) const = nullptr;
    PositionFunction position_ = nullptr;
    std::vector<Bitboard> lead_sets_;           // lead placement -> squares
    std::vector<std::uint32_t> lead_of_rank_;   // colex rank in the domain -> lead placement
    std::vector<std::uint8_t> symmetries_of_rank_; // ... and the symmetries that get there (bit s)
    std::vector<bool> lead_is_own_image_;        // lead placement -> fixed by a symmetry but the identity
    std::uint64_t later_placements_ = 1;         // the product of the later groups' placements
    std::uint64_t size_ = 0;
};

// The indices of several positions that have the same pieces but those of one colour and kind
// (and of the groups after theirs in the layout): the first by index(), the others from the
// prefix (TableIndex::Prefix) that the second makes, which costs about as much as an index;
// the later ones skip the lead's look-up and the groups before. Example: the successors of one
// position by its king moves, or its predecessors by king moves (docs/generator.md, "Work lists
// and threads", has what it gained).
class SharedIndex {
public:
    SharedIndex() = default; // to be assigned before use
    SharedIndex(const TableIndex& index, Color c, bool kings) : index_(&index), color_(c), kings_(kings) {}

    std::uint64_t operator()(const Position& q) {
        if (seen_ == 0) {
            seen_ = 1;
            return index_->index(q);
        }
        if (seen_ == 1) {
            seen_ = 2;
            prefix_ = index_->prefix(q, color_, kings_);
        }
        return index_->index(prefix_, q);
    }

private:
    const TableIndex* index_ = nullptr;
    Color color_ = WHITE;
    bool kings_ = true;
    int seen_ = 0; // positions indexed, up to 2
    TableIndex::Prefix prefix_;
};

// The indices of the positions after the king moves of one position p (White to move) that
// capture nothing: (*this)(p, m) is after.index(as_white_to_move(p.after(m))), `after` the
// index of the table they lie in. Turned around, the king moved is Black's, and Black's kings
// are the last group of a layout (above) unless they are the lead. Then the groups before them
// are the same after every move, under the same symmetry where the lead has only one, and a
// move changes one square of the last group: its colex rank among the free squares is the
// other kings' part, made once for each king that moves, and C(x, i + 1) for the square's
// place x among them, i the other kings below it. Otherwise, each position is made and
// indexed. As with SharedIndex, the first move's index is computed in full and the rest made
// ready at the second: a look that stops at its first move costs one index. Example, KKKvKKK:
// the successors of W:WKa1,Kc1,Kd1:BKe2,Kh3,Kb6 by White's king moves share the lead, Black's
// kings turned around, and differ in the last group alone.
class KingMoveIndex {
public:
    KingMoveIndex() = default; // to be assigned before use
    explicit KingMoveIndex(const TableIndex& after) : after_(&after) {}

    // Whether the indices after the first come from the moved king's square (else from the
    // positions made), once two have been asked for.
    bool cheap() const { return cheap_; }
    // Where p's side to move has one king and the indices come from its square: the positions
    // after its moves lie in one run of indices, one for each square free of the other pieces
    // (at most 64), the move to square `to` leading to first + place_in_run(to). Sets `first`
    // and returns true then, else false. Example, KKKKvKM with the side of king and man to
    // move: the successors by its king's moves differ in the last group alone, that king's.
    bool lone_king_run(const Position& p, std::uint64_t& first);
    int place_in_run(int to) const { return place(to); }
    int run_length() const { return popcount(free_); }
    // The index after p's king move m; p the same position for every move asked for.
    std::uint64_t operator()(const Position& p, const Move& m) {
        if (seen_ != READY) {
            if (seen_ == 0) {
                seen_ = 1;
                return after_->index(as_white_to_move(p.after(m)));
            }
            make_ready(p);
        }
        if (!cheap_) return after_->index(as_white_to_move(p.after(m)));
        if (m.from != from_) start_from(m.from);
        const int x = place(m.to);
        const int i = popcount(others_ & ((Bitboard{1} << x) - 1));
        return base_[i] + binomials_[(i + 1) * ROW + x];
    }

private:
    static constexpr int ROW = 65; // the length of a row of the binomials' table
    // The place among the free squares of a square of p, turned around and under the symmetry.
    int place(int sq) const {
        sq ^= (sq ^ (((sq & 7) << 3) | (sq >> 3))) & transpose_;
        return popcount(free_ & ((Bitboard{1} << (sq ^ flip_)) - 1));
    }
    void make_ready(const Position& p);
    void start_from(int from);

    static constexpr int READY = 2;
    const TableIndex* after_ = nullptr;
    int seen_ = 0; // the moves indexed (0 or 1), or READY
    bool cheap_ = false;
    Bitboard free_ = 0;       // the last group's free squares, under the symmetry
    int flip_ = 0, transpose_ = 0;
    Bitboard kings_ = 0;      // the places of p's kings among the free squares, a bit each
    Bitboard others_ = 0;     // ... but the one moving
    int from_ = -1;           // the square of the king moving, as base_ is made for it
    std::uint64_t prefix_ = 0; // the groups before the last, times the last's placements
    std::uint64_t base_[17] = {}; // prefix_ plus the other kings' part, by the kings below x
    const std::uint64_t* binomials_ = nullptr;
};

// C(n, k) for 0 <= n <= 64, 0 <= k <= 16 (0 when k > n).
std::uint64_t binomial(int n, int k);

} // namespace damatb::core
