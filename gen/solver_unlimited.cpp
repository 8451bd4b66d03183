// The game without the king-move limit (docs/generator.md, "What is solved"): the plain game,
// repetition a draw, solved after the limited one from the draws it left.
#include <string>

#include "gen/solver_state.h"

namespace damatb::gen::solving {

using namespace core;

namespace {

// What an evaluation looks for: anything, or only whether every move loses.
enum class Want { ANY, LOSS };

// The label of a position from its successors' labels. With Want::LOSS it
// looks only for a loss, trying the move that escaped last time first.
Label evaluate_unlimited(SolverState& solver, int t, std::uint64_t i, Want want) {
    Table& here = solver.table(t);
    const std::uint8_t info = here.info(i);
    if (info & TERMINAL) return here.without_limit(i);
    if (info & EXT_WIN_U) return WON;
    if (want == Want::LOSS && (info & EXT_ESC_U)) return UNKNOWN;
    Position p = here.index.position(i);
    MoveList moves;
    generate_moves(p, solver.rules.promotion, moves);
    Table& after = solver.table(solver.other(t));
    SharedIndex kings = solver.kings_after(t);
    const std::uint8_t w = here.escape_without_limit[i];
    if (want == Want::LOSS && w < moves.size() &&
        after.without_limit(solver.successor(t, p, moves[w], kings)) != WON)
        return UNKNOWN;
    // Every successor's index first and its label asked for, then the labels read: one wait
    // on memory rather than one per move (a draw looks at every move).
    std::uint64_t succ[MoveList::CAPACITY];
    for (std::size_t k = 0; k < moves.size(); ++k) {
        if (!moves[k].keeps_material()) continue;
        succ[k] = solver.successor(t, p, moves[k], kings);
        after.prefetch_standing(succ[k]);
    }
    bool all_won = !(info & EXT_ESC_U);
    for (std::size_t k = 0; k < moves.size(); ++k) {
        if (!moves[k].keeps_material()) continue;
        const Label label = after.without_limit(succ[k]);
        if (label == LOST) return WON;
        if (label != WON) {
            all_won = false;
            here.escape_without_limit[i] = static_cast<std::uint8_t>(k);
            if (want == Want::LOSS) return UNKNOWN;
        }
    }
    return all_won ? LOST : UNKNOWN;
}

} // namespace

// Runs after solve_limited: what is won or lost under the limit is won or lost
// without it too, so only the rest (draws under the limit) is looked at afresh,
// then the plain retrograde goes on from what that decides.
void solve_unlimited(SolverState& solver) {
    solver.release_active([&solver](int t) -> auto& { return solver.table(t).escape; });
    solver.for_each_active([](Table& here, std::uint64_t i) { here.escape_without_limit[i] = NO_ESCAPE_MOVE; });
    // The draws under the limit that may be decided without it (docs/generator.md, "What is
    // solved"): a move out of the class into a blessed loss (it wins) or a cursed win (the
    // one escape, when all else loses), or a king move into a position won or lost at the
    // limit's own level (too dear under the limit). Any other draw has a move that escapes
    // both ways, or the limited solution would have labelled it. Search::SCAN looks at
    // every draw instead; the tests compare the two.
    const bool every_draw = solver.options.search == Search::SCAN;
    NodeList open = solver.select([every_draw](Table& here, std::uint64_t i) {
        const std::uint8_t info = here.info(i);
        return here.without_limit(i) == UNKNOWN && !(info & TERMINAL) &&
               (every_draw || (info & EXT_WIN_U) || ((info & EXT_ESC) && !(info & EXT_ESC_U)));
    });
    if (!every_draw) {
        const int limit = solver.limit;
        const NodeList at_limit = solver.select([limit](const Table& here, std::uint64_t i) {
            return here.under_limit(i) != UNKNOWN && here.level(i) == limit;
        });
        solver.for_predecessors(at_limit, RetroKind::KING_MOVES, INFO_UNDER_LIMIT | SEEN, [&](Node c) {
            const Table& here = solver.table_of_node(c);
            const std::uint64_t i = index_of(c);
            if (here.under_limit(i) == UNKNOWN && !(here.info(i) & TERMINAL)) solver.collector->add(c, thread());
        });
        open.for_each(solver.threads, [&](Node c) { solver.collector->add(c, thread()); });
        open = solver.collector->take();
    }
    open.for_each(solver.threads, [&](Node c) {
        Label l = evaluate_unlimited(solver, table_of(c), index_of(c), Want::ANY);
        if (l == UNKNOWN) return;
        solver.table_of_node(c).set_without_limit(index_of(c), l);
        solver.collector->add(c, thread());
    });
    NodeList decided = solver.collector->take();
    std::uint64_t total = decided.size();
    // Solving in slices, the positions of the slices solved before that a man's step forward
    // leads into and that were decided here (draws under the limit): the walk back goes on from
    // them as from those decided in this slice.
    for (int t = 0; t < solver.table_count(); ++t)
        decided.add(solver.select_in_runs(t, solver.imports[t], [](const Table& here, std::uint64_t i) {
            return here.under_limit(i) == UNKNOWN && !(here.info(i) & TERMINAL) && here.without_limit(i) != UNKNOWN;
        }), solver.threads);
    while (!decided.empty()) {
        // A move into a lost position wins; a move into a won one may lose, if all do.
        solver.for_predecessors(solver.with_label(decided, LabelOf::WITHOUT_LIMIT, LOST), RetroKind::ALL,
                           STANDING | SEEN, [&](Node c) {
            Table& here = solver.table_of_node(c);
            if (here.without_limit(index_of(c)) != UNKNOWN) return;
            here.set_without_limit(index_of(c), WON);
            solver.collector->add(c, thread());
        });
        NodeList next = solver.collector->take();
        const NodeList candidates =
            solver.predecessors(solver.with_label(decided, LabelOf::WITHOUT_LIMIT, WON), RetroKind::ALL);
        candidates.for_each(solver.threads, [&](Node c) {
            Table& here = solver.table_of_node(c);
            const std::uint64_t i = index_of(c);
            if (here.without_limit(i) != UNKNOWN) return;
            if (evaluate_unlimited(solver, table_of(c), i, Want::LOSS) == LOST) {
                here.set_without_limit(i, LOST);
                solver.collector->add(c, thread());
            }
        });
        decided = solver.collector->take();
        decided.add(std::move(next), solver.threads);
        total += decided.size();
    }
    solver.say("without the limit: " + std::to_string(total) + " more positions won or lost");
}

} // namespace damatb::gen::solving
