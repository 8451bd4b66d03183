#include "support/generated.h"

#include <map>
#include <mutex>
#include <tuple>

#include "gen/solver.h"

namespace damatb::test {

const gen::SolvedTables& solved_up_to(int pieces, const core::Ruleset& rules) {
    static std::mutex mutex;
    static std::map<std::tuple<int, std::string>, gen::SolvedTables> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto key = std::make_tuple(pieces, rules.name());
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    gen::SolvedTables& tables = cache[key];
    gen::SolveOptions options;
    options.rules = rules;
    options.threads = 2;
    for (const core::ClassPlan& c : core::plan_classes(pieces))
        for (auto& t : gen::solve_class(c.material, tables, options)) tables.add(t);
    return tables;
}

core::TableValue stored_value(const gen::SolvedTables& tables, const core::Position& pos) {
    core::Position w = core::as_white_to_move(pos);
    const gen::SolvedTable* t = tables.find(core::material_of(w));
    const std::uint64_t i = t->index.index(w);
    return {t->wdl[i], t->dtz[i]};
}

} // namespace damatb::test
