#include "gen/work_units.h"

#include <map>

#include "gen/memory_budget.h"
#include "gen/men_slices.h"

namespace damatb::gen {

std::string slice_unit_name(const core::Material& cls, int slice) {
    return cls.class_name() + ".slice-" + std::to_string(slice);
}

std::vector<WorkUnit> work_units(const std::vector<core::ClassPlan>& plan, std::uint64_t budget,
                                 bool all_slices, std::uint64_t cache) {
    std::vector<WorkUnit> units;
    std::map<core::Material, std::size_t> unit_of_class;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        const core::Material& cls = plan[k].material;
        std::vector<std::size_t> class_needs;
        for (const core::Material& n : plan[k].needs) class_needs.push_back(unit_of_class.at(n));
        const bool in_slices = has_men(cls) && (all_slices || (budget && memory_estimate(plan, k, {}, 0, cache) > budget));
        const int count = !in_slices    ? 0
                          : all_slices ? MenSlices::profile_count(cls)
                                       : slices_to_fit(plan, k, budget, {}, cache);
        std::vector<std::size_t> own_slices;
        if (in_slices) {
            const std::vector<MenSlices::Slice> slices = MenSlices::estimate(cls, count);
            const std::vector<std::vector<int>> leads = MenSlices::estimate_leads_into(cls, count);
            const std::vector<std::uint64_t> bytes = slice_estimates(plan, k, count, cache);
            const std::size_t first = units.size();
            for (int s = 0; s < int(slices.size()); ++s) {
                WorkUnit u{slice_unit_name(cls, s), cls, s, slices[std::size_t(s)].positions, class_needs,
                           bytes[std::size_t(s)], false, k, count};
                for (int into : leads[std::size_t(s)]) u.needs.push_back(first + std::size_t(into));
                own_slices.push_back(units.size());
                units.push_back(std::move(u));
            }
        }
        // A class in slices is written from its slices' files: it holds what its dearest slice does.
        WorkUnit u{cls.class_name(), cls, -1, class_positions(cls), class_needs, memory_estimate(plan, k, {}, count, cache),
                   in_slices, k};
        u.slice_count = count;
        u.needs.insert(u.needs.end(), own_slices.begin(), own_slices.end());
        unit_of_class[cls] = units.size();
        units.push_back(std::move(u));
    }
    return units;
}

} // namespace damatb::gen

namespace damatb::gen {

UnitQueue::UnitQueue(const std::vector<WorkUnit>& units, const std::vector<bool>& done)
    : units_(units), state_(units.size(), WAITING) {
    for (std::size_t u = 0; u < units.size(); ++u)
        if (u < done.size() && done[u]) state_[u] = DONE, ++done_;
}

long UnitQueue::take() {
    while (first_waiting_ < units_.size() && state_[first_waiting_] != WAITING) ++first_waiting_;
    for (std::size_t u = first_waiting_; u < units_.size(); ++u) {
        if (state_[u] != WAITING) continue;
        bool ready = true;
        for (std::size_t n : units_[u].needs) ready = ready && state_[n] == DONE;
        if (!ready) continue;
        state_[u] = OUT;
        return long(u);
    }
    return -1;
}

void UnitQueue::finish(std::size_t unit) {
    if (state_[unit] != DONE) ++done_;
    state_[unit] = DONE;
}

} // namespace damatb::gen
