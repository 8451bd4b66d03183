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

} // namespace

std::uint64_t MenSlices::profile_of(int t, const Position& p) const {
    const int white_army = tables_[t].mover_first ? 0 : 1;
    return men_bits(p.men(WHITE), true, white_army) | men_bits(p.men(BLACK), false, 1 - white_army);
}

MenSlices::MenSlices(const Material& cls) {
    const bool equal_armies = tables_of(cls).size() == 1;
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

} // namespace damatb::gen
