// Progress histories (docs/generator.md, "Making progress"; core/record.h): the (round, level)
// steps of the losses whose level fell in a later round than their first.
#include <algorithm>

#include "gen/solver_state.h"

namespace damatb::gen::solving {

// Adds a step (r, level at the end of round r) to the history of each node whose level
// fell in round r, preceded, the first time, by its first step (its first round, and the
// level it had until this round).
void record_history(SolverState& solver, int r) {
    std::vector<std::uint64_t> all = join(solver.lowered_losses); // their memory given back: a round can lower tens of millions
    sort_in_parallel(all, solver.threads);
    // Room for the round's steps made at once: grown a step at a time, the history would be
    // copied whole into one twice its size.
    std::size_t steps = 0;
    for (std::size_t s = 0; s < all.size(); ++s) {
        if (s + 1 < all.size() && (all[s + 1] >> 8) == (all[s] >> 8)) continue;
        steps += solver.has_history[(all[s] >> 8) & 1][all[s] >> 9] ? 1 : 2;
    }
    if (solver.history.capacity() < solver.history.size() + steps)
        solver.history.reserve(std::max(solver.history.size() + steps, solver.history.size() / 4 * 5));
    for (std::size_t s = 0; s < all.size(); ++s) {
        if (s + 1 < all.size() && (all[s + 1] >> 8) == (all[s] >> 8))
            continue; // the last of a node's entries has the largest level: its level before
        const int t = int((all[s] >> 8) & 1);
        const std::uint64_t i = all[s] >> 9;
        const Table& here = solver.table(t);
        if (!solver.has_history[t][i]) {
            solver.has_history[t][i] = true;
            solver.history.push_back(history_step(t, i, here.round[i], int(all[s] & 0xFF)));
        }
        solver.history.push_back(history_step(t, i, r, here.level[i]));
    }
}

} // namespace damatb::gen::solving

