#include "support/simple_index.h"

#include <algorithm>
#include <array>

using namespace damatb::core;

namespace simple {

namespace {

// C(n, k) for n <= 64, k <= 16, by Pascal's triangle.
std::uint64_t choose(int n, int k) {
    static const auto triangle = [] {
        std::array<std::array<std::uint64_t, 17>, 65> c{};
        for (int m = 0; m <= 64; ++m) {
            c[std::size_t(m)][0] = 1;
            for (std::size_t j = 1; j <= 16 && m > 0; ++j)
                c[std::size_t(m)][j] = c[std::size_t(m - 1)][j - 1] + c[std::size_t(m - 1)][j];
        }
        return c;
    }();
    return (k < 0 || n < k) ? 0 : triangle[std::size_t(n)][std::size_t(k)];
}

// The square sq under symmetry s (symmetry.h): transpose, then mirror files, then ranks.
int image(int sq, int s) {
    int f = sq % 8, r = sq / 8;
    if (s & 4) std::swap(f, r);
    if (s & 1) f = 7 - f;
    if (s & 2) r = 7 - r;
    return r * 8 + f;
}

std::vector<int> squares_of(Bitboard b) {
    std::vector<int> out;
    for (int sq = 0; sq < 64; ++sq)
        if ((b >> sq) & 1) out.push_back(sq);
    return out;
}

// The squares of the men's domain (ranks 2 to 7) or of the whole board.
const std::vector<int>& domain(bool men_domain) {
    static const std::array<std::vector<int>, 2> domains = [] {
        std::vector<int> men, all;
        for (int sq = 0; sq < 64; ++sq) {
            all.push_back(sq);
            if (sq >= 8 && sq < 56) men.push_back(sq);
        }
        return std::array<std::vector<int>, 2>{all, men};
    }();
    return domains[men_domain];
}

// The colex rank of `squares` among `free` (both ascending; squares within free).
std::uint64_t colex_rank(std::vector<int> squares, const std::vector<int>& free) {
    std::sort(squares.begin(), squares.end());
    std::uint64_t rank = 0;
    for (std::size_t j = 0; j < squares.size(); ++j) {
        int position = int(std::find(free.begin(), free.end(), squares[j]) - free.begin());
        rank += choose(position, int(j) + 1);
    }
    return rank;
}

// The k squares of `free` with colex rank `rank`.
std::vector<int> colex_unrank(std::uint64_t rank, int k, const std::vector<int>& free) {
    std::vector<int> out;
    for (int j = k; j >= 1; --j) {
        int p = j - 1;
        while (choose(p + 1, j) <= rank) ++p;
        rank -= choose(p, j);
        out.push_back(free[std::size_t(p)]);
    }
    return out;
}

Bitboard slot_of(const Position& pos, int slot) {
    Color c = slot < 2 ? WHITE : BLACK;
    return slot % 2 ? pos.kings(c) : pos.men(c);
}

} // namespace

SimpleIndex::SimpleIndex(const Material& m) {
    if (m.men() > 0) {
        symmetries_ = 2;
        if (m.mover.men) groups_.push_back({0, m.mover.men, true, 0});
        if (m.other.men) groups_.push_back({2, m.other.men, true, 0});
        if (m.mover.kings) groups_.push_back({1, m.mover.kings, false, 0});
        if (m.other.kings) groups_.push_back({3, m.other.kings, false, 0});
    } else {
        symmetries_ = 8;
        if (m.other.kings < m.mover.kings) {
            groups_.push_back({3, m.other.kings, false, 0});
            groups_.push_back({1, m.mover.kings, false, 0});
        } else {
            groups_.push_back({1, m.mover.kings, false, 0});
            if (m.other.kings) groups_.push_back({3, m.other.kings, false, 0});
        }
    }
    const Group& lead = groups_.front();
    const std::vector<int>& lead_domain = domain(lead.men_domain);
    const std::uint64_t all = choose(int(lead_domain.size()), lead.count);
    for (std::uint64_t r = 0; r < all; ++r) {
        std::vector<int> set = colex_unrank(r, lead.count, lead_domain);
        bool least = true;
        for (int s = 1; s < symmetries_; ++s) {
            std::vector<int> moved;
            for (int sq : set) moved.push_back(image(sq, s));
            least = least && colex_rank(moved, lead_domain) >= r;
        }
        if (least) lead_ranks_.push_back(r);
    }
    size_ = lead_ranks_.size();
    int placed = lead.count, placed_men = lead.men_domain ? lead.count : 0;
    for (std::size_t g = 1; g < groups_.size(); ++g) {
        Group& group = groups_[g];
        group.placements = choose(group.men_domain ? 48 - placed_men : 64 - placed, group.count);
        size_ *= group.placements;
        placed += group.count;
        if (group.men_domain) placed_men += group.count;
    }
}

std::uint64_t SimpleIndex::index(const Position& pos) const {
    const Group& lead = groups_.front();
    const std::vector<int>& lead_domain = domain(lead.men_domain);
    auto moved = [&](int slot, int s) {
        std::vector<int> out;
        for (int sq : squares_of(slot_of(pos, slot))) out.push_back(image(sq, s));
        return out;
    };
    std::uint64_t least_rank = UINT64_MAX;
    for (int s = 0; s < symmetries_; ++s)
        least_rank = std::min(least_rank, colex_rank(moved(lead.slot, s), lead_domain));
    const std::uint64_t lead_number = std::uint64_t(
        std::lower_bound(lead_ranks_.begin(), lead_ranks_.end(), least_rank) - lead_ranks_.begin());
    std::uint64_t best = UINT64_MAX;
    for (int s = 0; s < symmetries_; ++s) {
        if (colex_rank(moved(lead.slot, s), lead_domain) != least_rank) continue;
        std::vector<int> taken = moved(lead.slot, s);
        std::uint64_t i = lead_number;
        for (std::size_t g = 1; g < groups_.size(); ++g) {
            std::vector<int> free;
            for (int sq : domain(groups_[g].men_domain))
                if (std::find(taken.begin(), taken.end(), sq) == taken.end()) free.push_back(sq);
            std::vector<int> set = moved(groups_[g].slot, s);
            i = i * groups_[g].placements + colex_rank(set, free);
            taken.insert(taken.end(), set.begin(), set.end());
        }
        best = std::min(best, i);
    }
    return best;
}

Position SimpleIndex::position(std::uint64_t i) const {
    std::vector<std::uint64_t> ranks(groups_.size());
    for (std::size_t g = groups_.size(); g-- > 1;) {
        ranks[g] = i % groups_[g].placements;
        i /= groups_[g].placements;
    }
    Bitboard slots[4] = {0, 0, 0, 0};
    std::vector<int> taken =
        colex_unrank(lead_ranks_[i], groups_[0].count, domain(groups_[0].men_domain));
    for (int sq : taken) slots[groups_[0].slot] |= Bitboard{1} << sq;
    for (std::size_t g = 1; g < groups_.size(); ++g) {
        std::vector<int> free;
        for (int sq : domain(groups_[g].men_domain))
            if (std::find(taken.begin(), taken.end(), sq) == taken.end()) free.push_back(sq);
        for (int sq : colex_unrank(ranks[g], groups_[g].count, free)) {
            slots[groups_[g].slot] |= Bitboard{1} << sq;
            taken.push_back(sq);
        }
    }
    return Position::from_valid(slots[0], slots[1], slots[2], slots[3], WHITE);
}

} // namespace simple
