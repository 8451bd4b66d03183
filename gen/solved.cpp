#include "gen/solved.h"

#include <algorithm>
#include <stdexcept>

namespace damatb::gen {

std::vector<SolvedTable::Step> SolvedTable::steps_in(std::uint64_t b, std::uint64_t e) const {
    auto from = [](const std::vector<Step>& run, std::uint64_t i) {
        return std::lower_bound(run.begin(), run.end(), i, [](const Step& s, std::uint64_t x) { return s.index < x; });
    };
    std::vector<Step> out;
    for (const std::vector<Step>& run : history) out.insert(out.end(), from(run, b), from(run, e));
    // Stable: an index's steps, from one run, stay in round order.
    if (history.size() > 1)
        std::stable_sort(out.begin(), out.end(), [](const Step& x, const Step& y) { return x.index < y.index; });
    return out;
}

void SolvedTables::add(std::shared_ptr<const SolvedTable> table) {
    const core::Material m = table->index.material();
    by_key_.at(key(m)) = table.get();
    tables_[m] = std::move(table);
}

void SolvedTables::remove(const core::Material& m) {
    if (tables_.erase(m)) by_key_[key(m)] = nullptr;
}

const SolvedTable* SolvedTables::find(const core::Material& m) const {
    const std::size_t k = key(m);
    return k < by_key_.size() ? by_key_[k] : nullptr;
}

const SolvedTable* SolvedTables::table_for(const core::Position& pos) const {
    core::Material m = core::material_of(pos);
    if (m.mover.pieces() == 0) return nullptr;
    const SolvedTable* t = find(m);
    if (!t) throw std::out_of_range("no solved table " + m.table_name());
    return t;
}

const core::Wdl5* SolvedTables::wdl_address(const core::Position& pos) const {
    const SolvedTable* t = table_for(pos);
    return t ? t->wdl_address(t->index.index(pos)) : &NO_PIECES;
}

} // namespace damatb::gen
