// How a step of the limited game finds its work (docs/generator.md, "Work lists and threads"):
// by walking back from the positions that changed, or by scanning the table their
// predecessors lie in, whichever costs less.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "gen/solver_state.h"

namespace damatb::gen::solving {

// A scan is weighed against the walk back when the positions that changed are more than
// 1 / SCAN_FROM of the table their predecessors lie in: walking back from one position
// computes the index of each of its predecessors, a scan looks once at every position.
constexpr std::uint64_t SCAN_FROM = 32;

// How long a scan's list may be, NUM / DEN times the positions that changed, for the scan to
// be used; a walk back from them otherwise. DEN 0: any length.
struct ScanLimit {
    std::uint64_t num, den;
};
constexpr ScanLimit ANY_LENGTH{1, 0};

// Whether a step that looks for moves of `kind` into `changed` positions, whose predecessors lie
// in table t, weighs a scan of t against the walk back: never if t's side to move makes no
// such move (has_moves; the walk back skips those positions at once); with Search::SCAN
// always; with Search::AUTO when those positions are more than 1 / SCAN_FROM of t.
inline bool may_scan(const SolverState& solver, int t, RetroKind kind, std::size_t changed) {
    return solver.has_moves(t, kind) &&
           (solver.options.search == Search::SCAN ||
            (solver.options.search == Search::AUTO && changed * SCAN_FROM > solver.table(t).active_size));
}

// The work of a step whose candidates are the positions with a move of `kind` into a changed
// position: one of `from` labelled `label` under the limit (`counts`: from's labels counted,
// count_labels). For each table t those lie in (with changed positions in the other table):
// where a scan may pay (may_scan), list_open(t) lists the positions of t that the step could
// change, and if they are no more than `limit` allows (or the search is Search::SCAN),
// forwards(t, std::move(list)) is called with them. The changed positions of the tables not scanned are walked back from:
// backwards(nodes) is called once with all of them, if there are any, after the scans.
// Solving in slices, `imported[t]` counts the changed positions of the slices imported (solved
// before) whose predecessors lie in table t: a scan of t finds the positions with a move into
// those too, a walk back from the changed positions does not (the caller walks back from
// them). They count in the weighing; the tables scanned are returned (bit t), whose imported
// positions need no walk back.
template <typename ListOpen, typename Forwards, typename Backwards>
unsigned scan_or_walk_back(SolverState& solver, const NodeList& from, const SolverState::LabelCounts& counts,
                           Label label, RetroKind kind, ScanLimit limit, ListOpen&& list_open, Forwards&& forwards,
                           Backwards&& backwards, const std::array<std::uint64_t, 2>& imported = {0, 0}) {
    // The changed positions by the table their predecessors lie in: counted, not listed (they
    // may be most of the class, where one side wins nearly everywhere, and a scan needs only
    // their count), and listed only for a walk back.
    const std::array<std::uint64_t, 2>& labelled = counts[label];
    std::array<std::uint64_t, 2> changed_in{};
    for (int t = 0; t < solver.table_count(); ++t) changed_in[std::size_t(solver.other(t))] += labelled[std::size_t(t)];
    unsigned scanned = 0, walked = 0;
    for (int t = 0; t < solver.table_count(); ++t) {
        const std::uint64_t count = changed_in[static_cast<std::size_t>(t)] + imported[static_cast<std::size_t>(t)];
        if (count == 0) continue;
        if (may_scan(solver, t, kind, count)) {
            NodeList open = list_open(t);
            if (solver.options.search == Search::SCAN || open.size() * limit.den <= count * limit.num) {
                forwards(t, std::move(open));
                scanned |= 1u << t;
                continue;
            }
        }
        if (changed_in[static_cast<std::size_t>(t)]) walked |= 1u << t;
    }
    if (walked == 0) return scanned;
    backwards(solver.select_from(from, [&](const Table& here, std::uint64_t i) {
        const int t = &here == &solver.table(0) ? 0 : 1; // the table of node i
        return here.under_limit(i) == label && ((walked >> solver.other(t)) & 1);
    }));
    return scanned;
}

} // namespace damatb::gen::solving
