#include "core/index.h"

#include <algorithm>
#include <array>

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/symmetry.h"

namespace damatb::core {

namespace {

constexpr int MAX_K = 16;

constexpr auto BINOMIALS = [] {
    std::array<std::array<std::uint64_t, MAX_K + 1>, SQUARE_NB + 1> c{};
    for (int n = 0; n <= SQUARE_NB; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= MAX_K; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
    return c;
}();

constexpr Bitboard MEN_DOMAIN = ~(RANK_1_BB | RANK_8_BB);
constexpr Bitboard KING_DOMAIN = ~Bitboard{0};

// The number of squares of `free` below sq.
inline int position_in(Bitboard free, int sq) { return popcount(free & (square_bb(sq) - 1)); }

// The colex rank of the squares of b among the squares of `free` (b within free).
std::uint64_t colex_rank(Bitboard b, Bitboard free) {
    std::uint64_t rank = 0;
    for (int j = 1; b; ++j) rank += BINOMIALS[position_in(free, pop_lsb(b))][j];
    return rank;
}

// The square of `free` at position p.
inline int select_square(Bitboard free, int p) {
#ifdef __BMI2__
    return lsb(_pdep_u64(Bitboard{1} << p, free));
#else
    int base = 0;
    for (int c = popcount(free & 0xFF); p >= c; c = popcount(free & 0xFF)) {
        p -= c;
        free >>= 8;
        base += 8;
    }
    for (int i = 0; i < p; ++i) free &= free - 1;
    return base + lsb(free);
#endif
}

// The k squares of `free` whose colex rank is `rank`.
Bitboard colex_unrank(std::uint64_t rank, int k, Bitboard free) {
    Bitboard b = 0;
    int p = popcount(free);
    for (int j = k; j >= 2; --j) {
        // The largest p with C(p, j) <= rank, by bisection over [j - 1, p).
        int lo = j - 1, hi = p - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (BINOMIALS[mid][j] <= rank)
                lo = mid;
            else
                hi = mid - 1;
        }
        p = lo;
        rank -= BINOMIALS[p][j];
        b |= square_bb(select_square(free, p));
    }
    if (k >= 1) b |= square_bb(select_square(free, static_cast<int>(rank)));
    return b;
}

} // namespace

std::uint64_t binomial(int n, int k) {
    return (n < 0 || k < 0 || k > MAX_K || n > SQUARE_NB) ? 0 : BINOMIALS[n][k];
}

TableIndex::TableIndex(const Material& material) : material_(material) {
    const Army& w = material.mover;
    const Army& b = material.other;
    if (w.men + b.men > 0) {
        symmetry_count_ = 2;
        if (w.men) groups_.push_back({WHITE, false, w.men, MEN_DOMAIN, 0});
        if (b.men) groups_.push_back({BLACK, false, b.men, MEN_DOMAIN, 0});
        if (w.kings) groups_.push_back({WHITE, true, w.kings, KING_DOMAIN, 0});
        if (b.kings) groups_.push_back({BLACK, true, b.kings, KING_DOMAIN, 0});
    } else {
        symmetry_count_ = 8;
        Group white{WHITE, true, w.kings, KING_DOMAIN, 0};
        Group black{BLACK, true, b.kings, KING_DOMAIN, 0};
        if (b.kings < w.kings) std::swap(white, black);
        if (white.count) groups_.push_back(white);
        if (black.count) groups_.push_back(black);
    }

    // Lead placements: those that are the least of their orbit.
    const Group& lead = groups_.front();
    const int domain_size = popcount(lead.domain);
    const std::uint64_t all = BINOMIALS[domain_size][lead.count];
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
        }
    }
    for (std::uint64_t r = 0; r < all; ++r) lead_of_rank_[r] = lead_of_rank_[least[r]];

    size_ = lead_sets_.size();
    int placed_in_men_domain = lead.domain == MEN_DOMAIN ? lead.count : 0;
    int placed = lead.count;
    for (std::size_t g = 1; g < groups_.size(); ++g) {
        Group& group = groups_[g];
        int free = group.domain == MEN_DOMAIN ? 48 - placed_in_men_domain : 64 - placed;
        group.placements = BINOMIALS[free][group.count];
        size_ *= group.placements;
        placed += group.count;
        if (group.domain == MEN_DOMAIN) placed_in_men_domain += group.count;
    }
}

Bitboard TableIndex::pieces_of(const Position& pos, const Group& g) const {
    return g.kings ? pos.kings(g.color) : pos.men(g.color);
}

std::uint64_t TableIndex::index_under(const Position& pos, std::uint64_t lead_index,
                                      Bitboard lead_set, int s) const {
    std::uint64_t i = lead_index;
    Bitboard occupied = transform(lead_set, s);
    for (std::size_t g = 1; g < groups_.size(); ++g) {
        const Group& group = groups_[g];
        Bitboard set = transform(pieces_of(pos, group), s);
        i = i * group.placements + colex_rank(set, group.domain & ~occupied);
        occupied |= set;
    }
    return i;
}

std::uint64_t TableIndex::index(const Position& pos) const {
    const Group& lead = groups_.front();
    const Bitboard lead_set = pieces_of(pos, lead);
    const std::uint64_t r = colex_rank(lead_set, lead.domain);
    const std::uint64_t lead_index = lead_of_rank_[r];
    unsigned symmetries = symmetries_of_rank_[r];
    std::uint64_t best = index_under(pos, lead_index, lead_set, lsb(symmetries));
    for (symmetries &= symmetries - 1; symmetries; symmetries &= symmetries - 1)
        best = std::min(best, index_under(pos, lead_index, lead_set, lsb(symmetries)));
    return best;
}

Position TableIndex::position(std::uint64_t i) const {
    std::uint64_t ranks[8];
    for (std::size_t g = groups_.size(); g-- > 1;) {
        ranks[g] = i % groups_[g].placements;
        i /= groups_[g].placements;
    }
    Bitboard sets[2][2] = {{0, 0}, {0, 0}}; // [color][kings]
    Bitboard occupied = lead_sets_[i];
    sets[groups_[0].color][groups_[0].kings] = occupied;
    for (std::size_t g = 1; g < groups_.size(); ++g) {
        const Group& group = groups_[g];
        Bitboard set = colex_unrank(ranks[g], group.count, group.domain & ~occupied);
        sets[group.color][group.kings] = set;
        occupied |= set;
    }
    return Position::from_valid(sets[WHITE][0], sets[WHITE][1], sets[BLACK][0], sets[BLACK][1],
                                WHITE);
}

} // namespace damatb::core
