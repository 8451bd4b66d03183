#include "gen/solved.h"

#include <stdexcept>

namespace damatb::gen {

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

core::Wdl5 SolvedTables::wdl(const core::Position& pos) const {
    core::Material m = core::material_of(pos);
    if (m.mover.pieces() == 0) return core::Wdl5::LOSS;
    const SolvedTable* t = find(m);
    if (!t) throw std::out_of_range("no solved table " + m.table_name());
    return t->wdl_at(t->index.index(pos));
}

} // namespace damatb::gen
