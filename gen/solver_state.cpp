#include "gen/solver_state.h"

#include <algorithm>
#include <cstdio>

namespace damatb::gen::solving {

SolverState::SolverState(const Material& cls, const SolvedTables& solved_tables, const SolveOptions& solve_options)
    : solved(solved_tables), options(solve_options), rules(solve_options.rules),
      limit(rules.king_move_limit ? rules.king_move_limit : UNLIMITED_LEVELS),
      threads(std::max(1, solve_options.threads)) {
    for (const Material& m : tables_of(cls)) tables.push_back(std::make_unique<Table>(m));
    const auto thread_slots = static_cast<std::size_t>(threads);
    collector = std::make_unique<Collector>(table(0).size, table(table_count() - 1).size, thread_slots);
    lowered_losses.resize(thread_slots);
    for (int t = 0; t < table_count(); ++t) has_history[t].assign(table(t).size, false);
}

void SolverState::say(const std::string& line) const {
    if (!options.progress) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char when[32];
    std::snprintf(when, sizeof when, " (%.2f s)", seconds);
    options.progress(table(0).index.material().class_name() + ": " + line + when);
}

} // namespace damatb::gen::solving
