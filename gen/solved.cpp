#include "gen/solved.h"

#include <stdexcept>

namespace damatb::gen {

void SolvedTables::add(std::shared_ptr<const SolvedTable> table) {
    tables_[table->index.material()] = std::move(table);
}

void SolvedTables::remove(const core::Material& m) { tables_.erase(m); }

const SolvedTable* SolvedTables::find(const core::Material& m) const {
    auto it = tables_.find(m);
    return it == tables_.end() ? nullptr : it->second.get();
}

core::Wdl5 SolvedTables::wdl(const core::Position& pos) const {
    core::Material m = core::material_of(pos);
    if (m.mover.pieces() == 0) return core::Wdl5::LOSS;
    const SolvedTable* t = find(m);
    if (!t) throw std::out_of_range("no solved table " + m.table_name());
    return t->wdl[t->index.index(pos)];
}

} // namespace damatb::gen
