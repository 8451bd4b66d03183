// Progress histories (docs/generator.md, "Making progress"; core/record.h): the (round, level)
// steps of the losses whose level fell in a later round than their first.
#include <algorithm>
#include <string>

#include "gen/solver_state.h"

namespace damatb::gen::solving {

// Adds a step (r, level at the end of round r) to the history of each node whose level
// fell in round r, preceded, the first time, by its first step (its first round, and the
// level it had until this round): a run of entries, one for each such node, made in place of
// the round's lowered losses.
void record_history(SolverState& solver, int r) {
    std::vector<std::uint64_t> all = join(solver.lowered_losses); // their memory given back: a round can lower tens of millions
    sort_in_parallel(all, solver.threads);
    std::size_t written = 0; // entry w is written where a lowered loss at s >= w was read
    for (std::size_t s = 0; s < all.size(); ++s) {
        if (s + 1 < all.size() && (all[s + 1] >> 8) == (all[s] >> 8))
            continue; // the last of a node's entries has the largest level: its level before
        const int t = int((all[s] >> 8) & 1);
        const std::uint64_t i = all[s] >> 9;
        const bool first = !solver.has_history[t][i];
        solver.has_history[t].set(i);
        all[written++] = history_entry(t, i, first, first ? int(all[s] & 0xFF) : 0, solver.table(t).level[i]);
    }
    if (all.empty()) return;
    solver.say("round " + std::to_string(r) + ": the levels of " + std::to_string(written) + " losses fell (" +
               std::to_string(all.size()) + " falls)");
    // In an array of their own, then out of the process's memory when a slice is solved under a
    // read cache: read only by the results, they go to the scratch file of the slices kept, and
    // count in the process's memory only as far as the read cache allows (KeptPagesWatch).
    HistoryRun run{r, MappedArray<std::uint64_t>(written, false)};
    std::copy(all.begin(), all.begin() + std::ptrdiff_t(written), run.entries.data());
    std::vector<std::uint64_t>().swap(all);
    if (solver.kept) solver.kept->move_in(run.entries.data(), run.bytes());
    solver.history.push_back(std::move(run));
}

} // namespace damatb::gen::solving

