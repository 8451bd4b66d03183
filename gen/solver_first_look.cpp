// The first look at every position of a table (docs/generator.md): whether the game is over,
// and what the moves that leave the class lead to, looked up in the classes solved before.
#include "core/game.h"
#include "core/movegen.h"
#include "gen/solver_state.h"

namespace damatb::gen::solving {

namespace {

// What the first look finds of position i of table `here`.
void look(SolverState& solver, Table& here, std::uint64_t i) {
    Position p = here.index.position(i);
    MoveList exits;
    Outcome over = lone_pieces_outcome(p, solver.rules.lone_pieces);
    const bool internal = over == Outcome::NONE && generate_material_changes(p, solver.rules.promotion, exits);
    if (over == Outcome::NONE && !internal && exits.empty()) over = Outcome::LOSS; // no move
    if (over != Outcome::NONE) {
        here.info[i] = TERMINAL;
        int label = over == Outcome::WIN ? WON : over == Outcome::LOSS ? LOST : UNKNOWN;
        here.under_limit[i] = static_cast<std::uint8_t>(label);
        here.level[i] = label == UNKNOWN ? NO_LEVEL : 0;
        return;
    }
    std::uint8_t info = internal ? INTERNAL : 0;
    if (!exits.empty() && exits[0].is_capture()) info |= CAPTURE; // captures are compulsory
    for (const Move& m : exits) {
        Wdl5 v = solver.solved.wdl(as_white_to_move(p.after(m))); // the opponent's value
        info |= EXT_ANY;
        if (v == Wdl5::LOSS) info |= EXT_WIN;
        if (v != Wdl5::WIN) info |= EXT_ESC;
        if (loses_without_limit(v)) info |= EXT_WIN_U;
        if (!wins_without_limit(v)) info |= EXT_ESC_U;
    }
    here.info[i] = info;
}

} // namespace

// Terminal positions and the facts about moves that leave the class, for the positions being
// solved.
void first_look(SolverState& solver, int t) {
    Table& here = solver.table(t);
    for_each_of_chunks(chunks_of(here.active), solver.threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
        for (std::uint64_t i = b; i < e; ++i) look(solver, here, i);
    });
}

} // namespace damatb::gen::solving
