#include "gen/men_slices.h"

#include <algorithm>
#include <map>

namespace damatb::gen {

using namespace core;

namespace {

constexpr int ADVANCEMENTS = 6; // a man stands on its 2nd to 7th rank
constexpr int ARMY_SHIFT = 4 * ADVANCEMENTS;

std::uint64_t men_bits(Bitboard men, bool white, int army) {
    std::uint64_t profile = 0;
    for (; men; men &= men - 1) {
        const int row = __builtin_ctzll(men) / 8;
        const int advancement = white ? row : 7 - row;
        profile += std::uint64_t{1} << (4 * (ADVANCEMENTS * army + advancement - 1));
    }
    return profile;
}

std::uint64_t swap_armies(std::uint64_t profile) {
    const std::uint64_t mask = (std::uint64_t{1} << ARMY_SHIFT) - 1;
    return (profile & mask) << ARMY_SHIFT | profile >> ARMY_SHIFT;
}

int advancement_sum(std::uint64_t profile) {
    int sum = 0;
    for (int k = 0; k < 2 * ADVANCEMENTS; ++k) sum += int((profile >> (4 * k)) & 15) * (k % ADVANCEMENTS + 1);
    return sum;
}

// The profiles of `men` men of army `army` (bits as in Slice::profile), each with its counts
// of men by advancement.
void army_profiles(int army, int men, int from, std::uint64_t profile, std::vector<std::uint64_t>& out) {
    if (men == 0) return out.push_back(profile);
    for (int d = from; d <= ADVANCEMENTS; ++d)
        army_profiles(army, men - 1, d, profile + (std::uint64_t{1} << (4 * (ADVANCEMENTS * army + d - 1))), out);
}

int count_at(std::uint64_t profile, int army, int advancement) {
    return int((profile >> (4 * (ADVANCEMENTS * army + advancement - 1))) & 15);
}

// The ways of placing men with this profile, the first army White (advancing up the board) and
// the other Black, no symmetry folded: on each rank, the first army's men there and the other's.
double placements(std::uint64_t profile) {
    double ways = 1;
    for (int row = 1; row <= ADVANCEMENTS; ++row) {
        const int white = count_at(profile, 0, row), black = count_at(profile, 1, 7 - row);
        if (white + black > 8) return 0;
        ways *= double(binomial(8, white)) * double(binomial(8 - white, black));
    }
    return ways;
}

} // namespace

std::vector<MenSlices::Slice> MenSlices::estimate(const Material& cls) {
    std::uint64_t positions = 0;
    for (const Material& m : tables_of(cls)) positions += TableIndex(m).size();
    const bool equal_armies = tables_of(cls).size() == 1;
    std::vector<std::uint64_t> first, second;
    army_profiles(0, cls.mover.men, 1, 0, first);
    army_profiles(1, cls.other.men, 1, 0, second);
    std::map<std::uint64_t, double> ways;
    double all = 0;
    for (std::uint64_t a : first)
        for (std::uint64_t b : second) {
            const double w = placements(a | b);
            if (w == 0) continue;
            ways[equal_armies ? std::min(a | b, swap_armies(a | b)) : a | b] += w;
            all += w;
        }
    std::vector<Slice> out;
    for (const auto& [profile, w] : ways)
        out.push_back({profile, advancement_sum(profile), static_cast<std::uint64_t>(double(positions) * w / all)});
    std::stable_sort(out.begin(), out.end(), [](const Slice& a, const Slice& b) { return a.advancement > b.advancement; });
    return out;
}

std::uint64_t MenSlices::profile_of(int t, const Position& p) const {
    const int white_army = tables_[t].mover_first ? 0 : 1;
    return men_bits(p.men(WHITE), true, white_army) | men_bits(p.men(BLACK), false, 1 - white_army);
}

MenSlices::MenSlices(const Material& cls) {
    const bool equal_armies = equal_armies_ = tables_of(cls).size() == 1;
    for (const Material& m : tables_of(cls)) {
        Table& t = tables_.emplace_back(m);
        t.mover_first = m == cls;
        const int men = m.mover.men + m.other.men;
        t.block_size =
            men ? binomial(64 - men, m.mover.kings) * binomial(64 - men - m.mover.kings, m.other.kings)
                : t.index.size();
    }
    // Every block's profile, then the slices in the order they are solved.
    std::map<std::uint64_t, int> slice_of_profile;
    std::vector<std::vector<std::uint64_t>> profiles(tables_.size());
    for (int t = 0; t < table_count(); ++t) {
        Table& table = tables_[t];
        const std::uint64_t count = table.index.size() / table.block_size;
        for (std::uint64_t b = 0; b < count; ++b) {
            std::uint64_t profile = profile_of(t, table.index.position(b * table.block_size));
            if (equal_armies) profile = std::min(profile, swap_armies(profile));
            profiles[t].push_back(profile);
            slice_of_profile[profile] = 0;
        }
    }
    for (const auto& [profile, slice] : slice_of_profile)
        slices_.push_back({profile, advancement_sum(profile), 0});
    std::stable_sort(slices_.begin(), slices_.end(),
                     [](const Slice& a, const Slice& b) { return a.advancement > b.advancement; });
    for (int s = 0; s < slice_count(); ++s) slice_of_profile[slices_[s].profile] = s;
    for (int t = 0; t < table_count(); ++t) {
        Table& table = tables_[t];
        table.blocks.resize(slices_.size());
        for (std::uint64_t b = 0; b < profiles[t].size(); ++b) {
            const int s = slice_of_profile[profiles[t][b]];
            table.slice_of_block.push_back(s);
            table.rank_of_block.push_back(table.blocks[s].size());
            table.blocks[s].push_back(b);
            slices_[s].positions += table.block_size;
        }
    }
}

std::vector<int> MenSlices::leads_into(int s) const { return leads_into(slices_, s, equal_armies_); }

std::vector<int> MenSlices::leads_into(const std::vector<Slice>& slices, int s, bool equal_armies) {
    const std::uint64_t profile = slices[std::size_t(s)].profile;
    std::vector<std::uint64_t> after;
    // A class of equal armies lists the smaller of a slice's two ways round: a step may be
    // made in either.
    for (std::uint64_t way : {profile, swap_armies(profile)}) {
        for (int k = 0; k < 2 * ADVANCEMENTS; ++k) {
            if (k % ADVANCEMENTS == ADVANCEMENTS - 1 || ((way >> (4 * k)) & 15) == 0) continue; // it would crown
            std::uint64_t next = way - (std::uint64_t{1} << (4 * k)) + (std::uint64_t{1} << (4 * (k + 1)));
            after.push_back(equal_armies ? std::min(next, swap_armies(next)) : next);
        }
        if (!equal_armies) break;
    }
    std::vector<int> out;
    for (std::size_t n = 0; n < slices.size(); ++n)
        if (std::find(after.begin(), after.end(), slices[n].profile) != after.end()) out.push_back(int(n));
    return out;
}

} // namespace damatb::gen
