// Losses counted (docs/generator.md, "Losses counted"): in a class of kings only, which has one
// round and no move out of the class but captures, a position without a capture is lost at
// level k exactly when the last of its moves to lead into a won position leads into one won at
// level k - 1 (the wins come level by level). So each such position keeps, in its escape's byte,
// the number of its moves not yet known to lead into a won position, and the walk back from
// each position won takes one off each predecessor's: the one it brings to 0 is lost, at the
// level after the won one's. No position is evaluated.
//
// An index of kings only folds the 8 symmetries of the board, so a move is counted once for
// each class of moves that its position's own symmetries map onto one another, and a walk back
// from a position with symmetries of its own takes one predecessor of each such class: a
// position's moves into the images of one position, and the walks back that find them, then
// agree in number.
#include <vector>

#include "core/movegen.h"
#include "core/symmetry.h"
#include "gen/retro.h"
#include "gen/solver_state.h"

namespace damatb::gen::solving {

using namespace core;

namespace {

// The symmetries among the first `symmetries` that map both sets of squares onto themselves, a
// bit each (the identity's always).
unsigned fixing(Bitboard a, Bitboard b, int symmetries) {
    unsigned fixed = 1;
    for (int s = 1; s < symmetries; ++s)
        if (transform(a, s) == a && transform(b, s) == b) fixed |= 1u << s;
    return fixed;
}

// Whether the move from `from` to `to` comes first among its images under the symmetries of
// `fixed`.
bool first_of_images(int from, int to, unsigned fixed) {
    for (unsigned rest = fixed & ~1u; rest; rest &= rest - 1) {
        const int s = __builtin_ctz(rest);
        if (TRANSFORMED[s][from] * SQUARE_NB + TRANSFORMED[s][to] < from * SQUARE_NB + to) return false;
    }
    return true;
}

// The moves of p (White to move, kings only, no capture on) counted once for each class of
// moves that p's own symmetries map onto one another.
int moves_to_count(const Position& p, const Ruleset& rules, int symmetries) {
    const unsigned fixed = fixing(p.kings(WHITE), p.kings(BLACK), symmetries);
    if (fixed == 1) return static_cast<int>(count_moves(p, rules.promotion));
    MoveList moves;
    generate_steps(p, false, moves);
    int n = 0;
    for (const Move& m : moves) n += first_of_images(m.from, m.to, fixed);
    return n;
}

} // namespace

bool counts_losses(const SolverState& solver) {
    const Losses how = solver.options.losses;
    if (how == Losses::EVALUATED || solver.slices) return false;
    for (int t = 0; t < solver.table_count(); ++t) {
        const Material& m = solver.table(t).index.material();
        if (m.mover.men || m.other.men) return false;
    }
    // Where one army is the stronger, most candidates are lost, and an evaluation reads each of
    // their moves as the count does, without the count's pass over every position first.
    return how == Losses::COUNTED || solver.table_count() == 1;
}

void count_moves_left(SolverState& solver) {
    solver.for_each_active([&solver](Table& here, std::uint64_t i) {
        const std::uint8_t info = here.info(i);
        if ((info & (TERMINAL | CAPTURE)) || !(info & INTERNAL)) return;
        here.escape[i] =
            static_cast<std::uint8_t>(moves_to_count(here.index.position(i), solver.rules, here.index.symmetries()));
    });
}

namespace {

// The positions being solved that losses_by_recount counts anew: counted (a move, none a capture,
// the game not over), not labelled, and named by their own index (core/index.h, canonical: a
// walk back never reaches the others, whose count is never read).
bool recounted(const Table& here, std::uint64_t i) {
    const std::uint8_t info = here.info(i);
    return !(info & (TERMINAL | CAPTURE)) && (info & INTERNAL) && here.under_limit(i) == UNKNOWN &&
           here.index.canonical(i) == i;
}

// The count of every position recounted, made anew at level k from its moves forwards: those not
// into a position won at a level below k, which is what the walks back from the positions won at
// levels 0 to k - 1 leave (each class of moves that the position's symmetries map onto one
// another once, as moves_to_count counts them). Returns those with none, lost at level k.
NodeList losses_by_recount(SolverState& solver, int k) {
    struct Forward {
        bool counted;
        std::uint64_t j[MAX_PREDECESSORS]; // the successors, their bits asked for
        std::size_t count;
    };
    std::vector<MappedArray<std::uint64_t>> won_below;
    for (int t = 0; t < solver.table_count(); ++t) won_below.push_back(solver.labelled_below(t, WON, k));
    NodeList lost;
    for (int t = 0; t < solver.table_count(); ++t) {
        const MappedArray<std::uint64_t>& after = won_below[std::size_t(solver.other(t))];
        lost.add(solver.select_words_in(t, [&](Table& here, std::uint64_t b, std::uint64_t e) {
            std::uint64_t word = 0;
            auto forwards = [&](std::uint64_t i, Forward& out) {
                out.counted = recounted(here, i);
                out.count = 0;
                if (!out.counted) return;
                const Position p = here.index.position(i);
                const unsigned fixed = fixing(p.kings(WHITE), p.kings(BLACK), here.index.symmetries());
                MoveList moves;
                generate_quiet_steps(p, false, moves); // recounted: no capture on
                KingMoveIndex kings = solver.king_moves_after(t);
                for (const Move& m : moves) {
                    if (fixed != 1 && !first_of_images(m.from, m.to, fixed)) continue;
                    out.j[out.count] = solver.successor(t, p, m, kings);
                    __builtin_prefetch(&after[out.j[out.count++] / 64]);
                }
            };
            auto count = [&](std::uint64_t i, const Forward& in) {
                if (!in.counted) return;
                int left = 0;
                for (std::size_t q = 0; q < in.count; ++q) left += !((after[in.j[q] / 64] >> (in.j[q] % 64)) & 1);
                here.escape[i] = std::uint8_t(left);
                if (left == 0) word |= std::uint64_t{1} << (i % 64);
            };
            ahead<Forward, 4>(b, e, forwards, count);
            return word;
        }), solver.threads);
    }
    return lost;
}

} // namespace

NodeList losses_counted(SolverState& solver, const NodeList& frontier, const SolverState::LabelCounts& counts, int k,
                        std::uint64_t& unlabelled) {
    // A walk back computes the index of each predecessor of each position won, a count anew that
    // of each successor of each position counted: the count anew where the positions won are
    // more than those not labelled, which the counted are among (with Search::SCAN always,
    // with Search::PREDECESSORS never). Those not labelled are the positions being solved less
    // every frontier's, each labelled once.
    unlabelled -= std::min(unlabelled, frontier.size());
    const std::uint64_t won = counts[WON][0] + counts[WON][1];
    const bool recount = solver.options.search == Search::SCAN ||
                         (solver.options.search == Search::AUTO && unlabelled < won);
    return recount ? losses_by_recount(solver, k) : losses_by_count(solver, frontier);
}

NodeList losses_by_count(SolverState& solver, const NodeList& frontier) {
    struct Found {
        int t;
        std::uint64_t j[MAX_PREDECESSORS];
        std::size_t count;
    };
    frontier.for_blocks(solver.threads, [&](const Node* nodes, std::size_t n) {
        // The predecessors of the won positions of the frontier, asked for 4 positions ahead.
        auto find = [&](std::size_t s, Found& out) {
            out.count = 0;
            const Node c = nodes[s];
            const Table& here = solver.table_of_node(c);
            if (here.standing(index_of(c)).value != WON) return;
            // An index that names an image of a position another index names (core/index.h,
            // TableIndex::canonical) is no position's successor: the moves lead to the other.
            if (here.index.canonical(index_of(c)) != index_of(c)) return;
            out.t = solver.other(table_of(c));
            Table& before = solver.table(out.t);
            const Position q = here.index.position(index_of(c));
            SharedIndex kings(before.index, WHITE, true); // the king moved back is the mover's there
            bool seen = false;
            unsigned fixed = 1; // q's symmetries, in its predecessors' frame
            for_each_predecessor(q, RetroKind::KING_MOVES, solver.rules.lone_pieces,
                                 [&](const Position& p, bool, Bitboard moved) {
                if (!seen) {
                    seen = true;
                    fixed = fixing(p.kings(WHITE) ^ moved, p.kings(BLACK), before.index.symmetries());
                }
                if (fixed != 1) {
                    const int from = lsb(moved & p.kings(WHITE));
                    if (!first_of_images(from, lsb(moved ^ square_bb(from)), fixed)) return;
                }
                const std::uint64_t j = kings(p);
                __builtin_prefetch(&before.escape[j], 1);
                out.j[out.count++] = j;
            });
        };
        auto take_off = [&](std::size_t, const Found& found) {
            if (!found.count) return;
            Table& before = solver.table(found.t);
            for (std::size_t k = 0; k < found.count; ++k) {
                // A position won already is taken off too, and left alone if brought to 0: only
                // the one byte is read.
                const std::uint64_t j = found.j[k];
                if (__atomic_sub_fetch(&before.escape[j], 1, __ATOMIC_RELAXED) == 0 && before.standing(j).value != WON)
                    solver.collector->add(node(found.t, j), thread());
            }
        };
        ahead<Found, 4>(0, n, find, take_off);
    });
    return solver.collector->take();
}

} // namespace damatb::gen::solving
