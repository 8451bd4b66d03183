#include "core/index.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/symmetry.h"

namespace damatb::core {

namespace {

constexpr int MAX_K = 16;

// BINOMIALS[k][n] = C(n, k), k-major so that the values one group's pieces need lie together.
constexpr auto BINOMIALS = [] {
    std::array<std::array<std::uint64_t, SQUARE_NB + 1>, MAX_K + 1> c{};
    for (int n = 0; n <= SQUARE_NB; ++n) {
        c[0][n] = 1;
        for (int k = 1; k <= MAX_K; ++k) c[k][n] = n == 0 ? 0 : c[k - 1][n - 1] + c[k][n - 1];
    }
    return c;
}();

constexpr Bitboard MEN_DOMAIN = ~(RANK_1_BB | RANK_8_BB);
constexpr Bitboard KING_DOMAIN = ~Bitboard{0};

// The squares of b (within `free`) as positions among the squares of `free`: bit p is
// set when b holds the square of `free` at position p. Example: b = {c1}, free = {a1, c1,
// d1} gives bit 1.
inline Bitboard compress(Bitboard b, Bitboard free) {
#ifdef __BMI2__
    return _pext_u64(b, free);
#else
    Bitboard x = 0;
    while (b) {
        const Bitboard low = b & (0 - b);
        x |= Bitboard{1} << popcount(free & (low - 1));
        b ^= low;
    }
    return x;
#endif
}

// The squares of `free` at the positions set in x: the inverse of compress.
inline Bitboard expand(Bitboard x, Bitboard free) {
#ifdef __BMI2__
    return _pdep_u64(x, free);
#else
    Bitboard b = 0;
    for (int p = 0; free; ++p) {
        const Bitboard low = free & (0 - free);
        if ((x >> p) & 1) b |= low;
        free ^= low;
    }
    return b;
#endif
}

// The colex rank of the squares of b among the squares of `free` (b within free):
// sum over its squares, lowest first, of C(position_j, j + 1).
inline std::uint64_t colex_rank(Bitboard b, Bitboard free) {
    Bitboard x = compress(b, free);
    if (!x) return 0;
    // C(position_0, 1) is position_0 itself: a group of one piece needs no table.
    std::uint64_t rank = static_cast<std::uint64_t>(pop_lsb(x));
    for (int j = 2; x; ++j) rank += BINOMIALS[j][pop_lsb(x)];
    return rank;
}

// LARGEST_PAIR[r]: the largest p with C(p, 2) <= r, for r < C(64, 2).
constexpr auto LARGEST_PAIR = [] {
    std::array<std::uint8_t, 64 * 63 / 2> t{};
    for (std::size_t p = 1, r = 0; r < t.size(); ++r) {
        if ((p + 1) * p / 2 <= r) ++p;
        t[r] = static_cast<std::uint8_t>(p);
    }
    return t;
}();

// LARGEST_TRIPLE[r]: the largest p with C(p, 3) <= r, for r < C(64, 3) (41,664 bytes: one
// load instead of a bisection's chain of them, for the groups of three kings of 5 pieces).
constexpr auto LARGEST_TRIPLE = [] {
    std::array<std::uint8_t, 64 * 63 * 62 / 6> t{};
    for (std::size_t p = 2, r = 0; r < t.size(); ++r) {
        if ((p + 1) * p * (p - 1) / 6 <= r) ++p;
        t[r] = static_cast<std::uint8_t>(p);
    }
    return t;
}();

// For a group of j >= 4 pieces: the largest p with C(p, j) <= rank, looked up by the rank's top
// bits and then stepped up (more than a step or two only where C(p + 1, j) - C(p, j), which is
// C(p, j - 1), is smaller than a bucket, at the lowest ranks), where a bisection's loads would
// make a chain.
class LargestOfRank {
public:
    constexpr LargestOfRank() {
        for (int j = 4; j <= MAX_K; ++j) {
            int s = 0;
            while ((BINOMIALS[j][SQUARE_NB] >> s) >= BUCKETS) ++s;
            shift_[j] = static_cast<std::uint8_t>(s);
            for (std::uint64_t b = 0, p = j - 1; b < BUCKETS; ++b) {
                while (p + 1 < SQUARE_NB && BINOMIALS[j][p + 1] <= b << s) ++p;
                bucket_[j][b] = static_cast<std::uint8_t>(p);
            }
        }
    }
    int operator()(int j, std::uint64_t rank) const {
        int p = bucket_[j][rank >> shift_[j]];
        while (BINOMIALS[j][p + 1] <= rank) ++p;
        return p;
    }

private:
    static constexpr std::size_t BUCKETS = 2048;
    std::uint8_t shift_[MAX_K + 1] = {};
    std::uint8_t bucket_[MAX_K + 1][BUCKETS] = {};
};
constexpr LargestOfRank LARGEST_OF_RANK;

// The k squares of `free` whose colex rank is `rank`.
Bitboard colex_unrank(std::uint64_t rank, int k, Bitboard free) {
    Bitboard x = 0;
    int p = 0;
    for (int j = k; j >= 4; --j) {
        p = LARGEST_OF_RANK(j, rank); // below the piece before's: rank < C(that, j)
        rank -= BINOMIALS[j][p];
        x |= Bitboard{1} << p;
    }
    if (k >= 3) {
        p = LARGEST_TRIPLE[rank];
        rank -= BINOMIALS[3][p];
        x |= Bitboard{1} << p;
    }
    if (k >= 2) {
        p = LARGEST_PAIR[rank];
        rank -= BINOMIALS[2][p];
        x |= Bitboard{1} << p;
    }
    if (k >= 1) x |= Bitboard{1} << rank;
    return expand(x, free);
}

} // namespace

std::uint64_t binomial(int n, int k) {
    return (n < 0 || k < 0 || k > MAX_K || n > SQUARE_NB) ? 0 : BINOMIALS[k][n];
}

TableIndex::TableIndex(const Material& material) : material_(material) {
    const Army& w = material.mover;
    const Army& b = material.other;
    auto add = [&](const Group& g) { groups_[group_count_++] = g; };
    if (w.men + b.men > 0) {
        symmetry_count_ = 2;
        if (w.men) add({WHITE, false, w.men, MEN_DOMAIN, 0});
        if (b.men) add({BLACK, false, b.men, MEN_DOMAIN, 0});
        if (w.kings) add({WHITE, true, w.kings, KING_DOMAIN, 0});
        if (b.kings) add({BLACK, true, b.kings, KING_DOMAIN, 0});
    } else {
        symmetry_count_ = 8;
        Group white{WHITE, true, w.kings, KING_DOMAIN, 0};
        Group black{BLACK, true, b.kings, KING_DOMAIN, 0};
        if (b.kings < w.kings) std::swap(white, black);
        if (white.count) add(white);
        if (black.count) add(black);
    }

    // Lead placements: those that are the least of their orbit.
    const Group& lead = groups_[0];
    const int domain_size = popcount(lead.domain);
    const std::uint64_t all = BINOMIALS[lead.count][domain_size];
    lead_of_rank_.assign(all, 0);
    symmetries_of_rank_.assign(all, 0);
    std::vector<std::uint64_t> least(all);
    for (std::uint64_t r = 0; r < all; ++r) {
        Bitboard set = colex_unrank(r, lead.count, lead.domain);
        std::uint64_t best = r;
        unsigned symmetries = 1u << IDENTITY;
        for (int s = 1; s < symmetry_count_; ++s) {
            std::uint64_t rs = colex_rank(transform(set, s), lead.domain);
            if (rs < best) {
                best = rs;
                symmetries = 0;
            }
            if (rs == best) symmetries |= 1u << s;
        }
        least[r] = best;
        symmetries_of_rank_[r] = static_cast<std::uint8_t>(symmetries);
        if (best == r) {
            lead_of_rank_[r] = static_cast<std::uint32_t>(lead_sets_.size());
            lead_sets_.push_back(set);
            lead_is_own_image_.push_back(symmetries != 1u << IDENTITY);
        }
    }
    for (std::uint64_t r = 0; r < all; ++r) lead_of_rank_[r] = lead_of_rank_[least[r]];

    index_ = index_function(group_count_, symmetry_count_ == 8);
    switch (group_count_ * 2 + (symmetry_count_ == 8)) {
    case 5: rest_ = &TableIndex::index_rest<2, true>; break;
    case 4: rest_ = &TableIndex::index_rest<2, false>; break;
    case 6: rest_ = &TableIndex::index_rest<3, false>; break;
    case 8: rest_ = &TableIndex::index_rest<4, false>; break;
    default: rest_ = &TableIndex::index_rest<1, false>; // no later group: never called
    }
    position_ = position_function(group_count_);
    size_ = lead_sets_.size();
    int placed_in_men_domain = lead.domain == MEN_DOMAIN ? lead.count : 0;
    int placed = lead.count;
    for (int g = 1; g < group_count_; ++g) {
        Group& group = groups_[g];
        int free = group.domain == MEN_DOMAIN ? 48 - placed_in_men_domain : 64 - placed;
        group.placements = BINOMIALS[group.count][free];
        size_ *= group.placements;
        later_placements_ *= group.placements;
        placed += group.count;
        if (group.domain == MEN_DOMAIN) placed_in_men_domain += group.count;
    }
}

namespace {

// Symmetry s on squares, without a branch on s: which symmetry applies is hard to
// predict. On a square the file mirror is sq ^ 7, the rank mirror sq ^ 56, and the
// transpose swaps the two 3-bit halves.
template <bool KINGS_ONLY>
class SquareMap {
public:
    explicit SquareMap(int s)
        : flip_((s & MIRROR_FILES ? 7 : 0) | (s & MIRROR_RANKS ? 56 : 0)),
          transpose_(KINGS_ONLY && (s & TRANSPOSE) ? 63 : 0) {}

    int operator()(int sq) const {
        // The transpose by a mask rather than a condition, which the compiler would branch on.
        if constexpr (KINGS_ONLY) sq ^= (sq ^ (((sq & 7) << 3) | (sq >> 3))) & transpose_;
        return sq ^ flip_;
    }
    // transform(b, s), square by square: a group has few.
    Bitboard operator()(Bitboard b) const {
        Bitboard out = 0;
        while (b) out |= square_bb((*this)(pop_lsb(b)));
        return out;
    }

private:
    int flip_;
    int transpose_; // 63 to transpose, 0 not to
};

// The colex rank of a single square among the squares of `free`: the free squares below it.
inline std::uint64_t rank_of_square(int sq, Bitboard free) {
    return static_cast<std::uint64_t>(popcount(free & (square_bb(sq) - 1)));
}

// A later group with squares `set` (before the symmetry `map`) added to the index i of the
// groups before it, whose squares under the symmetry are `occupied`: i times the group's
// placements, plus the colex rank of its squares among the free ones of its domain.
template <bool KINGS_ONLY, typename Group>
inline void add_group(const Group& group, Bitboard set, const SquareMap<KINGS_ONLY>& map,
                      std::uint64_t& i, Bitboard& occupied) {
    const Bitboard free = group.domain & ~occupied;
    if (group.count == 1) {
        const int sq = map(lsb(set));
        i = i * group.placements + rank_of_square(sq, free);
        occupied |= square_bb(sq);
    } else {
        const Bitboard mapped = map(set);
        i = i * group.placements + colex_rank(mapped, free);
        occupied |= mapped;
    }
}

} // namespace

template <int N, bool KINGS_ONLY>
std::uint64_t TableIndex::index_with(Bitboard white_men, Bitboard white_kings, Bitboard black_men,
                                     Bitboard black_kings) const {
    Bitboard sets[N];
    for (int g = 0; g < N; ++g) sets[g] = set_of(g, white_men, white_kings, black_men, black_kings);
    const std::uint64_t r = groups_[0].count == 1 ? rank_of_square(lsb(sets[0]), groups_[0].domain)
                                                  : colex_rank(sets[0], groups_[0].domain);
    const std::uint64_t lead_index = lead_of_rank_[r];
    unsigned symmetries = symmetries_of_rank_[r];
    // The index once symmetry s has brought the lead set to its lead placement.
    auto under = [&](int s) {
        const SquareMap<KINGS_ONLY> map(s);
        std::uint64_t i = lead_index;
        Bitboard occupied = map(sets[0]);
#pragma GCC unroll 4
        for (int g = 1; g < N; ++g) add_group(groups_[g], sets[g], map, i, occupied);
        return i;
    };
    std::uint64_t best = under(lsb(symmetries));
    for (symmetries &= symmetries - 1; symmetries; symmetries &= symmetries - 1)
        best = std::min(best, under(lsb(symmetries)));
    return best;
}

TableIndex::Prefix TableIndex::prefix(const Position& p, Color c, bool kings) const {
    Prefix out;
    int g = 1;
    while (g < group_count_ && !(groups_[g].color == c && groups_[g].kings == kings)) ++g;
    if (g == group_count_) return out; // the lead's group, or none
    auto set = [&](int h) { return set_of(h, p.men(WHITE), p.kings(WHITE), p.men(BLACK), p.kings(BLACK)); };
    const Group& lead = groups_[0];
    const std::uint64_t r = colex_rank(set(0), lead.domain);
    const unsigned symmetries = symmetries_of_rank_[r];
    if (symmetries & (symmetries - 1)) return out; // index() takes the least of several
    out.symmetry = static_cast<std::uint8_t>(lsb(symmetries));
    std::uint64_t i = lead_of_rank_[r];
    auto groups_before = [&](auto map) {
        Bitboard occupied = map(set(0));
        for (int h = 1; h < g; ++h) add_group(groups_[h], set(h), map, i, occupied);
        out.occupied = occupied;
    };
    if (symmetry_count_ == 8)
        groups_before(SquareMap<true>(out.symmetry));
    else
        groups_before(SquareMap<false>(out.symmetry));
    out.index = i;
    out.group = static_cast<std::uint8_t>(g);
    return out;
}

template <int N, bool KINGS_ONLY>
std::uint64_t TableIndex::index_rest(const Prefix& prefix, const Position& q) const {
    const SquareMap<KINGS_ONLY> map(prefix.symmetry);
    std::uint64_t i = prefix.index;
    Bitboard occupied = prefix.occupied;
#pragma GCC unroll 4
    for (int g = 1; g < N; ++g)
        if (g >= prefix.group)
            add_group(groups_[g], set_of(g, q.men(WHITE), q.kings(WHITE), q.men(BLACK), q.kings(BLACK)),
                      map, i, occupied);
    return i;
}

void KingMoveIndex::make_ready(const Position& p) {
    seen_ = READY;
    binomials_ = &BINOMIALS[0][0];
    // The prefix of the positions after the moves, from p turned around before any: the groups
    // before Black's kings are the same.
    const TableIndex& after = *after_;
    const TableIndex::Prefix prefix = after.prefix(p.flipped(), BLACK, true);
    cheap_ = prefix.group != 0 && prefix.group == after.group_count_ - 1;
    if (!cheap_) return;
    const TableIndex::Group& last = after.groups_[prefix.group];
    free_ = last.domain & ~prefix.occupied;
    prefix_ = prefix.index * last.placements;
    // Under symmetry s a square is transposed (for a table of kings only), then its file and rank
    // mirrored; turning the board around mirrors the ranks first, which is a mirror of the files
    // after a transpose.
    const int s = prefix.symmetry;
    transpose_ = after.symmetry_count_ == 8 && (s & TRANSPOSE) ? 63 : 0;
    flip_ = ((s & MIRROR_FILES) ? 7 : 0) ^ ((s & MIRROR_RANKS) ? 56 : 0) ^ (transpose_ ? 7 : 56);
    for (Bitboard k = p.kings(WHITE); k;) kings_ |= Bitboard{1} << place(pop_lsb(k));
}

bool KingMoveIndex::lone_king_run(const Position& p, std::uint64_t& first) {
    const Bitboard kings = p.kings(p.side_to_move());
    if (popcount(kings) != 1) return false;
    if (seen_ != READY) make_ready(p);
    if (!cheap_) return false;
    // No other king: the moved king's part of the colex rank is C(x, 1) = x for its place x.
    if (lsb(kings) != from_) start_from(lsb(kings));
    first = base_[0];
    return true;
}

void KingMoveIndex::start_from(int from) {
    from_ = from;
    others_ = kings_ & ~(Bitboard{1} << place(from));
    // The other kings' part of the colex rank with i of them below the moved king's place: those
    // below count as the j-th of the group (C(r, j + 1)), those above as the (j + 1)-th.
    int r[16], n = 0;
    for (Bitboard o = others_; o;) r[n++] = pop_lsb(o);
    std::uint64_t above = 0;
    for (int j = 0; j < n; ++j) above += BINOMIALS[j + 2][r[j]];
    std::uint64_t below = 0;
    for (int i = 0; i <= n; ++i) {
        base_[i] = prefix_ + below + above;
        if (i < n) {
            below += BINOMIALS[i + 1][r[i]];
            above -= BINOMIALS[i + 2][r[i]];
        }
    }
}

TableIndex::IndexFunction TableIndex::index_function(int groups, bool kings_only) {
    switch (groups * 2 + kings_only) {
    case 2: return &TableIndex::index_with<1, false>;
    case 3: return &TableIndex::index_with<1, true>;
    case 4: return &TableIndex::index_with<2, false>;
    case 5: return &TableIndex::index_with<2, true>;
    case 6: return &TableIndex::index_with<3, false>;
    case 8: return &TableIndex::index_with<4, false>;
    default: throw std::logic_error("TableIndex: no index function for this material");
    }
}

std::uint64_t TableIndex::canonical(std::uint64_t i) const {
    // Only a lead placement that is its own image under a symmetry other than the
    // identity lets position(i) have an image with a smaller index.
    if (!lead_is_own_image_[i / later_placements_]) return i;
    return index(position(i));
}

// Not vectorised: the compiler would store the position as one 256-bit value, and the
// caller's loads of single bitboards from it would wait for the store to complete.
template <int N>
__attribute__((optimize("no-tree-slp-vectorize"))) Position
TableIndex::position_with(std::uint64_t i) const {
    std::uint64_t ranks[N];
    for (int g = N - 1; g > 0; --g) {
        ranks[g] = i % groups_[g].placements;
        i /= groups_[g].placements;
    }
    Bitboard sets[2][2] = {{0, 0}, {0, 0}}; // [color][kings]
    auto put = [&](const Group& g, Bitboard set) {
        if (g.color == WHITE)
            (g.kings ? sets[WHITE][1] : sets[WHITE][0]) = set;
        else
            (g.kings ? sets[BLACK][1] : sets[BLACK][0]) = set;
    };
    Bitboard occupied = lead_sets_[i];
    put(groups_[0], occupied);
#pragma GCC unroll 4
    for (int g = 1; g < N; ++g) {
        const Group& group = groups_[g];
        const Bitboard free = group.domain & ~occupied;
        const Bitboard set = group.count == 1 ? expand(Bitboard{1} << ranks[g], free)
                                              : colex_unrank(ranks[g], group.count, free);
        put(group, set);
        occupied |= set;
    }
    return Position::from_valid(sets[WHITE][0], sets[WHITE][1], sets[BLACK][0], sets[BLACK][1],
                                WHITE);
}

TableIndex::PositionFunction TableIndex::position_function(int groups) {
    switch (groups) {
    case 1: return &TableIndex::position_with<1>;
    case 2: return &TableIndex::position_with<2>;
    case 3: return &TableIndex::position_with<3>;
    case 4: return &TableIndex::position_with<4>;
    default: throw std::logic_error("TableIndex: no position function for this material");
    }
}

} // namespace damatb::core
