// The first look at every position of a table (docs/generator.md): whether the game is over,
// and what the moves that leave the class lead to, looked up in the classes solved before.
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "gen/read_cache.h"
#include "gen/solver_state.h"

namespace damatb::gen::solving {

using namespace core;

namespace {

// What the first look finds of a position before it reads the values of the positions its moves
// out of the class lead to: where those values lie, asked for from memory (a table of the
// classes solved before, read at random) while the 3 positions before are finished.
struct Look {
    Outcome over = Outcome::NONE;
    bool internal = false, capture = false;
    std::vector<const Wdl5*> exits;
};

void start_look(SolverState& solver, const Table& here, std::uint64_t i, Look& out) {
    Position p = here.index.position(i);
    MoveList exits;
    out.exits.clear();
    out.over = lone_pieces_outcome(p, solver.rules.lone_pieces);
    out.internal = out.over == Outcome::NONE && generate_material_changes(p, solver.rules.promotion, exits);
    if (out.over == Outcome::NONE && !out.internal && exits.empty()) out.over = Outcome::LOSS; // no move
    if (out.over != Outcome::NONE) return;
    out.capture = !exits.empty() && exits[0].is_capture(); // captures are compulsory
    // The opponent's value after each move. Moves that differ only in where the moving piece
    // ends (a king's landing squares after the same captures) lead into one table, to positions
    // that differ only in that piece: their indices share the rest (SharedIndex).
    const SolvedTable* table = nullptr;
    SharedIndex shared;
    for (std::size_t k = 0; k < exits.size(); ++k) {
        const Move& m = exits[k];
        const Position q = as_white_to_move(p.after(m));
        const bool same_rest =
            k > 0 && m.from == exits[k - 1].from && m.captured == exits[k - 1].captured && m.flags == exits[k - 1].flags;
        if (!same_rest) {
            table = solver.solved.table_for(q);
            if (table) shared = SharedIndex(table->index, BLACK, m.ends_as_king()); // the mover is Black in q
        }
        const Wdl5* v = table ? table->wdl_address(shared(q)) : &SolvedTables::NO_PIECES;
        __builtin_prefetch(v);
        out.exits.push_back(v);
    }
}

void finish_look(Table& here, std::uint64_t i, const Look& look) {
    if (look.over != Outcome::NONE) {
        here.set_info(i, TERMINAL);
        const Label label = look.over == Outcome::WIN ? WON : look.over == Outcome::LOSS ? LOST : UNKNOWN;
        here.set_under_limit(i, label);
        here.set_level(i, label == UNKNOWN ? NO_LEVEL : 0);
        return;
    }
    std::uint8_t info = look.internal ? INTERNAL : 0;
    if (look.capture) info |= CAPTURE;
    for (const Wdl5* at : look.exits) {
        const Wdl5 v = *at;
        info |= EXT_ANY;
        if (v == Wdl5::LOSS) info |= EXT_WIN;
        if (v != Wdl5::WIN) info |= EXT_ESC;
        if (loses_without_limit(v)) info |= EXT_WIN_U;
        if (!wins_without_limit(v)) info |= EXT_ESC_U;
    }
    here.set_info(i, info);
}

} // namespace

// Terminal positions and the facts about moves that leave the class, for the positions being
// solved, the classes read held within the read cache.
void first_look(SolverState& solver, int t) {
    Table& here = solver.table(t);
    ReadCache cache(solver.solved, solver.options.read_cache);
    const std::uint64_t every = cache.bounded() ? ReadCache::LOOK_EVERY : CHUNK_SIZE;
    for_each_of_chunks(chunks_of(here.active), solver.threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
        for (std::uint64_t from = b; from < e; from += every) {
            ahead<Look, 3>(from, std::min(e, from + every), [&](std::uint64_t i, Look& look) { start_look(solver, here, i, look); },
                            [&](std::uint64_t i, const Look& look) { finish_look(here, i, look); });
            cache.looked();
        }
    });
    if (cache.releases() && solver.options.read_cache_released) solver.options.read_cache_released(cache.releases());
}

} // namespace damatb::gen::solving
