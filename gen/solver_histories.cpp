// Progress histories (docs/generator.md, "Making progress"; core/record.h): the (round, level)
// steps of the losses whose level fell in a later round than their first.
#include <algorithm>
#include <string>

#include "gen/solver_state.h"

namespace damatb::gen::solving {

namespace {

// The entries written between two moves to the scratch file: 8 MiB, whole pages.
constexpr std::size_t MOVE_IN_ENTRIES = std::size_t{1} << 20;

} // namespace

// Adds a step (r, level at the end of round r) to the history of each node whose level
// fell in round r, preceded, the first time, by its first step (its first round, and the
// level it had until this round): a run of entries, one for each such node, made in place of
// the round's lowered losses.
void record_history(SolverState& solver, int r) {
    const std::uint64_t falls = solver.lowered_losses->size();
    if (!falls) return;
    // Written as the lowered losses are read in order, a node's entries one after another: the
    // last of them has the largest level, its level before. In an array of their own, read only
    // by the results; solving a slice under a read cache, they go to the scratch file of the
    // slices kept as they are written, and count in the process's memory only as far as the
    // read cache allows (KeptPagesWatch).
    HistoryRun run{r, MappedArray<std::uint64_t>(falls, false)};
    std::uint64_t* const out = run.entries.data();
    std::size_t moved = 0; // entries [0, moved) are in the scratch file
    auto move_in = [&](std::size_t to) {
        if (solver.kept && to > moved) solver.kept->move_in(out + moved, (to - moved) * sizeof(std::uint64_t));
        moved = to / MOVE_IN_ENTRIES * MOVE_IN_ENTRIES; // the whole pages: the rest goes with the next
    };
    std::uint64_t pending = 0;
    bool any = false;
    auto write = [&](std::uint64_t fall) {
        const int t = int((fall >> 8) & 1);
        const std::uint64_t i = fall >> 9;
        const bool first = !solver.has_history[t][i];
        solver.has_history[t].set(i);
        out[run.count++] = history_entry(t, i, first, first ? int(fall & 0xFF) : 0, solver.table(t).level(i));
        if (run.count - moved >= MOVE_IN_ENTRIES) move_in(run.count);
    };
    solver.lowered_losses->drain([&](std::uint64_t fall) {
        if (any && (fall >> 8) != (pending >> 8)) write(pending);
        pending = fall;
        any = true;
    });
    write(pending);
    move_in(run.count);
    solver.say("round " + std::to_string(r) + ": the levels of " + std::to_string(run.count) + " losses fell (" +
               std::to_string(falls) + " falls)");
    solver.history.push_back(std::move(run));
}

} // namespace damatb::gen::solving

