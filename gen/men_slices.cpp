#include "gen/men_slices.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

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

namespace {

// The profiles of class cls in the order they are solved, their positions estimated (MenSlices::
// estimate with one slice per profile).
std::vector<MenSlices::Slice> profiles_of(const Material& cls) {
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
    std::vector<MenSlices::Slice> out;
    for (const auto& [profile, w] : ways)
        out.push_back({profile, advancement_sum(profile), static_cast<std::uint64_t>(double(positions) * w / all)});
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.advancement > b.advancement; });
    return out;
}

// The slice of each profile (in the order of `profiles`) when they are cut into `count` runs
// as even in positions as they allow: each run takes profiles while its positions stay within
// half a profile of an even share of those left, and leaves at least one profile to each run
// after it.
std::vector<int> runs_of_profiles(const std::vector<MenSlices::Slice>& profiles, int count) {
    const std::size_t n = profiles.size();
    std::vector<int> out(n);
    if (count <= 0 || std::size_t(count) >= n) {
        for (std::size_t p = 0; p < n; ++p) out[p] = int(p);
        return out;
    }
    std::uint64_t left = 0;
    for (const auto& p : profiles) left += p.positions;
    std::size_t next = 0;
    for (int run = 0; run < count; ++run) {
        const std::size_t runs_after = std::size_t(count - run - 1);
        const std::uint64_t share = left / std::uint64_t(count - run);
        std::uint64_t size = 0;
        do {
            size += profiles[next].positions;
            out[next++] = run;
        } while (n - next > runs_after && (runs_after == 0 || size + profiles[next].positions / 2 <= share));
        left -= size;
    }
    return out;
}

// The profiles a man's step forward (one that does not crown) from `profile` leads into.
std::vector<std::uint64_t> profiles_after(std::uint64_t profile, bool equal_armies) {
    std::vector<std::uint64_t> after;
    // A class of equal armies lists the smaller of a profile's two ways round: a step may be
    // made in either.
    for (std::uint64_t way : {profile, swap_armies(profile)}) {
        for (int k = 0; k < 2 * ADVANCEMENTS; ++k) {
            if (k % ADVANCEMENTS == ADVANCEMENTS - 1 || ((way >> (4 * k)) & 15) == 0) continue; // it would crown
            std::uint64_t next = way - (std::uint64_t{1} << (4 * k)) + (std::uint64_t{1} << (4 * (k + 1)));
            after.push_back(equal_armies ? std::min(next, swap_armies(next)) : next);
        }
        if (!equal_armies) break;
    }
    return after;
}

// For each slice, the slices other than itself that it leads into, in increasing order: the
// profiles in the order they are solved, the slice of each.
std::vector<std::vector<int>> leads_of(const std::vector<std::uint64_t>& profiles, const std::vector<int>& slice_of,
                                       bool equal_armies) {
    std::map<std::uint64_t, int> slice_of_profile;
    for (std::size_t p = 0; p < profiles.size(); ++p) slice_of_profile[profiles[p]] = slice_of[p];
    std::vector<std::vector<int>> out(slice_of.empty() ? 0 : std::size_t(slice_of.back()) + 1);
    for (std::size_t p = 0; p < profiles.size(); ++p) {
        std::vector<int>& into = out[std::size_t(slice_of[p])];
        for (std::uint64_t next : profiles_after(profiles[p], equal_armies))
            if (auto it = slice_of_profile.find(next); it != slice_of_profile.end() && it->second != slice_of[p])
                into.push_back(it->second);
    }
    for (std::vector<int>& into : out) {
        std::sort(into.begin(), into.end());
        into.erase(std::unique(into.begin(), into.end()), into.end());
    }
    return out;
}

std::vector<std::uint64_t> profile_values(const std::vector<MenSlices::Slice>& profiles) {
    std::vector<std::uint64_t> out;
    for (const auto& p : profiles) out.push_back(p.profile);
    return out;
}

} // namespace

std::vector<MenSlices::Slice> MenSlices::estimate(const Material& cls, int count) {
    return cut(profiles_of(cls), count);
}

std::vector<std::vector<int>> MenSlices::estimate_leads_into(const Material& cls, int count) {
    return cut_leads_into(profiles_of(cls), count, tables_of(cls).size() == 1);
}

std::vector<MenSlices::Slice> MenSlices::cut(const std::vector<Slice>& profiles, int count) {
    const std::vector<int> slice_of = runs_of_profiles(profiles, count);
    std::vector<Slice> out;
    for (std::size_t p = 0; p < profiles.size(); ++p) {
        if (out.size() == std::size_t(slice_of[p])) out.push_back({profiles[p].profile, profiles[p].advancement, 0});
        out.back().positions += profiles[p].positions;
    }
    return out;
}

std::vector<std::vector<int>> MenSlices::cut_leads_into(const std::vector<Slice>& profiles, int count,
                                                        bool equal_armies) {
    return leads_of(profile_values(profiles), runs_of_profiles(profiles, count), equal_armies);
}

std::uint64_t MenSlices::profile_of(int t, const Position& p) const {
    const int white_army = tables_[t].mover_first ? 0 : 1;
    return men_bits(p.men(WHITE), true, white_army) | men_bits(p.men(BLACK), false, 1 - white_army);
}

MenSlices::MenSlices(const Material& cls, int count) {
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
        const std::uint64_t blocks = table.index.size() / table.block_size;
        for (std::uint64_t b = 0; b < blocks; ++b) {
            std::uint64_t profile = profile_of(t, table.index.position(b * table.block_size));
            if (equal_armies) profile = std::min(profile, swap_armies(profile));
            profiles[t].push_back(profile);
            slice_of_profile[profile] = 0;
        }
    }
    // The profiles in the order they are solved (the estimate's: where they are cut into slices),
    // then the slice of each.
    const std::vector<Slice> estimated = profiles_of(cls);
    const std::vector<int> runs = runs_of_profiles(estimated, count);
    std::vector<std::uint64_t> in_order = profile_values(estimated);
    if (slice_of_profile.size() != in_order.size())
        throw std::logic_error("the profiles of " + cls.class_name() + " are not those estimated");
    std::map<std::uint64_t, std::uint32_t> number_of_profile;
    for (std::size_t p = 0; p < in_order.size(); ++p) {
        const auto it = slice_of_profile.find(in_order[p]);
        if (it == slice_of_profile.end())
            throw std::logic_error("the profiles of " + cls.class_name() + " are not those estimated");
        it->second = runs[p];
        number_of_profile[in_order[p]] = std::uint32_t(p);
        if (slices_.size() == std::size_t(runs[p])) slices_.push_back({in_order[p], estimated[p].advancement, 0});
    }
    leads_into_ = leads_of(in_order, runs, equal_armies);
    last_readers_ = last_readers(leads_into_);
    reached_from_.resize(in_order.size());
    for (std::size_t p = 0; p < in_order.size(); ++p)
        for (std::uint64_t next : profiles_after(in_order[p], equal_armies))
            if (auto it = number_of_profile.find(next); it != number_of_profile.end() && runs[it->second] != runs[p])
                reached_from_[it->second].push_back(runs[p]);
    for (std::vector<int>& from : reached_from_) {
        std::sort(from.begin(), from.end());
        from.erase(std::unique(from.begin(), from.end()), from.end());
    }
    for (int t = 0; t < table_count(); ++t) {
        Table& table = tables_[t];
        table.blocks.resize(slices_.size());
        for (std::uint64_t b = 0; b < profiles[t].size(); ++b) {
            const int s = slice_of_profile[profiles[t][b]];
            table.profile_of_block.push_back(number_of_profile[profiles[t][b]]);
            table.slice_of_block.push_back(s);
            table.rank_of_block.push_back(table.blocks[s].size());
            table.blocks[s].push_back(b);
            slices_[s].positions += table.block_size;
        }
    }
}

std::vector<int> MenSlices::last_readers(const std::vector<std::vector<int>>& leads) {
    std::vector<int> out(leads.size());
    for (std::size_t s = 0; s < leads.size(); ++s) {
        out[s] = int(s);
        for (int into : leads[s]) out[std::size_t(into)] = int(s); // the slices are in order
    }
    return out;
}

} // namespace damatb::gen
