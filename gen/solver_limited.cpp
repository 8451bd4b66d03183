// The game under the king-move limit (docs/generator.md, "What is solved", "Rounds", "Work
// lists and threads"): rounds of zeroing moves, levels of king moves within a round.
#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/record.h"
#include "gen/solver_state.h"
#include "gen/solver_work_lists.h"

namespace damatb::gen::solving {

using namespace core;

namespace {

// How long a scan's list may be against the positions that changed (scan_or_walk_back), for
// each step; docs/generator.md ("Work lists and threads") says why these, and
// docs/performance.md what they were chosen by.
// The positions that may be lost at level k, against those just won: an evaluation mostly
// stops at its first move, which escapes, where walking back from a won position computes the
// index of each of its predecessors (a king has up to 14 moves back).
constexpr ScanLimit LOSS_SCAN_LIMIT{4, 1};
// The positions that may be won by a king move at level k, against those just lost: looking
// forwards at one costs about as much as walking back from one.
constexpr ScanLimit KING_WIN_SCAN_LIMIT{3, 2};
// The positions that may be won by a man move at a round's start, against those the round
// before lost: a man has at most 3 moves back, a king up to 14.
constexpr ScanLimit MAN_WIN_SCAN_LIMIT{1, 1};

// What a round starts from, besides the games over: the positions with a zeroing move
// into one lost in the round before (won at level 1) and those with one into a position
// won in it, which may be lost now (evaluated at level 1).
struct Seeds {
    NodeList wins, candidates;
};

struct Evaluation {
    Label label;
    int level;
};

// The nodes found lost before their level came, by that level: a Collector for each level that
// has any, made when first needed (a round has up to 254 levels without the limit) and dropped
// once its level is done: most of a class's losses can be found before their level, so a
// level's are a bit a position once many.
class PutOff {
public:
    explicit PutOff(SolverState& solver) : solver_(solver), levels_(std::size_t(solver.limit) + 2), owned_(levels_.size()) {}

    void add(int level, Node c) {
        Collector* at = levels_[std::size_t(level)].load(std::memory_order_acquire);
        if (!at) {
            std::lock_guard<std::mutex> lock(mutex_);
            auto& own = owned_[std::size_t(level)];
            if (!own) {
                own = std::make_unique<Collector>(solver_.table_sizes(), solver_.active_positions(), std::size_t(solver_.threads),
                                                  false, solver_.options.lists);
                levels_[std::size_t(level)].store(own.get(), std::memory_order_release);
            }
            at = own.get();
        }
        at->add(c, thread());
    }
    // The nodes put off to level k, which is done with afterwards.
    NodeList take(int k) {
        Collector* at = levels_[std::size_t(k)].exchange(nullptr);
        NodeList out = at ? at->take() : NodeList();
        owned_[std::size_t(k)].reset();
        return out;
    }
    // Whether no node is put off to a level after k.
    bool none_after(int k) const {
        for (std::size_t l = std::size_t(k) + 1; l < levels_.size(); ++l)
            if (const Collector* at = levels_[l].load(); at && !at->empty()) return false;
        return true;
    }

private:
    SolverState& solver_;
    std::vector<std::atomic<Collector*>> levels_;
    std::vector<std::unique_ptr<Collector>> owned_;
    std::mutex mutex_;
};

// A candidate for a loss and the move to look at first: the one that escaped last time
// (Table::escape), else the first that stays in the class, if any. The successor's index
// is known and its record fetched while another candidate is evaluated. The moves are
// generated only when needed: for the first move, or when the probe no longer escapes;
// or at once (`eager`), with the successors after every move and their records fetched (a lone
// king's as one run: `lone`), where the probe mostly no longer escapes (the candidates at the
// start of a round: their escape is mostly the very man move that now loses).
struct Candidate {
    int t;
    std::uint64_t i;
    bool has_probe;
    std::uint64_t probe_j;
    bool probe_zeroing;
    std::uint8_t probe_code; // its escape_code
    int probe_move; // the probe's number among moves, -1 if it came from Table::escape
    bool expanded;  // moves made (p and the index after king moves are, always)
    bool eager;     // and succ
    Position p;
    MoveList moves;
    // The indices after p's king moves: in a class with men, where the kings that move are never
    // the lead of the table they move into, from the moved king's square (king_moves_after);
    // else through a shared prefix (kings_after), as most evaluations there stop at their first
    // move or two (performance.md, "What each change to the generator gained").
    bool by_square;
    SharedIndex kings;
    KingMoveIndex king_moves;
    std::uint64_t succ[MoveList::CAPACITY]; // the successor after each move in the class
    // Where the side to move has one king and no capture, in a class with men: the successors
    // by its moves lie in one run of the other table's indices from `run`
    // (KingMoveIndex::lone_king_run), a line or two of levels read together, not through succ.
    // Found where the evaluation looks past its probe: by prepare when eager, else by
    // evaluate_limited.
    bool lone;
    std::uint64_t run;
    int looks;      // the successors its evaluation looked at (StepTimes::looked)

    // Whether the successors by the king's moves lie in one run (sets lone and run), the run's
    // levels asked for if so. The value it keeps beside the level (Table::packs) is all a look
    // by a king move reads there.
    bool find_run(SolverState& solver) {
        const Table& after = solver.table(solver.other(t));
        lone = by_square && after.packs && !(solver.table(t).info(i) & CAPTURE) && king_moves.lone_king_run(p, run);
        if (lone) {
            after.prefetch_standing(run);
            after.prefetch_standing(run + std::uint64_t(king_moves.run_length()) - 1);
        }
        return lone;
    }

    std::uint64_t successor(SolverState& solver, const Move& m) {
        return by_square ? solver.successor(t, p, m, king_moves) : solver.successor(t, p, m, kings);
    }
};
inline NodeList run_round(SolverState& solver, int r, NodeList frontier, Seeds seeds, bool next_round);
inline bool men_move(const SolverState& solver);
inline void import_seeds(SolverState& solver, int r, Seeds& seeds, unsigned wins_scanned, unsigned candidates_scanned);
inline NodeList commit_direct(SolverState& solver, int r);
inline bool commit(SolverState& solver, Node c, Label label, int level, int r);
inline void king_move_wins(SolverState& solver, const NodeList& frontier, const SolverState::LabelCounts& counts, int k, int r);
inline NodeList loss_candidates(SolverState& solver, const NodeList& frontier, const SolverState::LabelCounts& counts, int k);
inline NodeList round_candidates(SolverState& solver, const NodeList& labelled, const SolverState::LabelCounts& counts, int r,
                                 unsigned& scanned);
inline NodeList round_wins(SolverState& solver, const NodeList& labelled, const SolverState::LabelCounts& counts, int r,
                           unsigned& scanned);
inline NodeList select_escaping_into_won(SolverState& solver, int t, int won_in);
inline NodeList may_be_lost(SolverState& solver, const NodeList& from, RetroKind kind);
inline Label exit_label(const Table& after, std::uint64_t j, int r);
inline void expand(SolverState& solver, Candidate& a);
inline void prepare(SolverState& solver, Node c, Candidate& out, bool eager);
inline Evaluation evaluate_limited(SolverState& solver, Candidate& a, int r);
template <typename F>
inline bool has_move_into(SolverState& solver, int t, std::uint64_t i, bool zeroing, F&& lost);
template <typename Wanted, typename After, typename Look>
inline bool look_in_batches(const MoveList& moves, Wanted&& wanted, After&& successor_of, Look&& look);

// The moves inside the class of one kind (a man's if `zeroing`, else a king's) of position i of
// table t, not over, and the successors after the first FIRST of them, their records asked for
// (start); then whether one of them leads into a node j of the other table for which lost(j)
// holds (into). Started ahead (gen/solver_nodes.h, `ahead`), while the positions before are
// looked at, a position's first wait on memory is spent with theirs.
struct Steps {
    static constexpr std::size_t FIRST = 2;
    int t;
    Position p;
    MoveList moves;
    KingMoveIndex kings;
    std::uint64_t succ[FIRST];
    std::size_t first, rest; // the successors in succ, and the number of the first move after them

    void start(SolverState& solver, int table, std::uint64_t i, bool zeroing) {
        t = table;
        p = solver.table(t).index.position(i);
        // Only the moves of that kind, which capture nothing: a capture leaves the class. The
        // positions looked at have a move inside the class (INTERNAL), so none has a capture.
        generate_quiet_steps(p, zeroing, moves);
        kings = solver.king_moves_after(t);
        const Table& after = solver.table(solver.other(t));
        first = 0;
        for (rest = 0; rest < moves.size() && first < FIRST; ++rest) {
            if (!moves[rest].keeps_material()) continue;
            succ[first] = solver.successor(t, p, moves[rest], kings);
            after.prefetch_look(succ[first++], zeroing);
        }
    }
    template <typename F>
    bool into(SolverState& solver, F&& lost) {
        for (std::size_t q = 0; q < first; ++q)
            if (lost(succ[q])) return true;
        const Table& after = solver.table(solver.other(t));
        return look_in_batches(moves,
            [this](std::size_t m) { return m >= rest; },
            [&](std::size_t m) {
                const std::uint64_t j = solver.successor(t, p, moves[m], kings);
                after.prefetch_look(j, moves[m].is_zeroing());
                return j;
            },
            [&](std::size_t, std::uint64_t j) { return lost(j); });
    }
};

} // namespace

void solve_limited(SolverState& solver) {
    // Round 1 starts from the games already over (their own level 0) and what
    // the first look found (commit_direct).
    NodeList over = solver.select([](Table& here, std::uint64_t i) {
        return (here.info(i) & TERMINAL) && here.under_limit(i) != UNKNOWN;
    });
    // What the next round starts from: the man moves into positions labelled in the
    // round before, and, solving in slices, into positions of the slices solved before that
    // were labelled in the round before (import_seeds).
    NodeList labelled = std::move(over);
    // Only a man move leads to the next round: a class without men has one.
    const bool next_round = men_move(solver);
    for (int r = 1;; ++r) {
        unsigned wins_scanned = 0, candidates_scanned = 0;
        StepTimes::Watch step(solver.times, Step::ROUND_SEEDS);
        const SolverState::LabelCounts counts = solver.count_labels(labelled);
        Seeds seeds{round_wins(solver, labelled, counts, r, wins_scanned),
                    round_candidates(solver, labelled, counts, r, candidates_scanned)};
        import_seeds(solver, r, seeds, wins_scanned, candidates_scanned);
        step.stop();
        if (r > 1 && seeds.wins.empty() && seeds.candidates.empty()) {
            if (r - 1 >= solver.last_imported_round()) break;
            labelled = NodeList(); // nothing to do in this round; a later one imports more
            continue;
        }
        if (r > MAX_PROGRESS_ROUND)
            throw std::runtime_error("more than " + std::to_string(MAX_PROGRESS_ROUND) + " rounds");
        // What the round before labelled is the first round's level 0, and else done with.
        NodeList level_0 = std::exchange(labelled, NodeList());
        if (r > 1) level_0 = NodeList();
        labelled = run_round(solver, r, std::move(level_0), std::move(seeds), next_round);
        if (solver.contradiction) throw std::logic_error("a position both won and lost");
        solver.say("round " + std::to_string(r) + ": " +
                   (next_round ? std::to_string(labelled.size()) + " positions won or lost"
                               : std::string("done (no man moves, no other round)")));
        step.switch_to(Step::HISTORIES);
        record_history(solver, r);
    }
}

namespace {

// One round: levels 1 to the limit, each from the one before. `frontier` holds the nodes
// of level 0. Returns the nodes labelled for the first time, which the next round starts from
// (none when there is no next round, `next_round` false: a class without men).
inline NodeList run_round(SolverState& solver, int r, NodeList frontier, Seeds seeds, bool next_round) {
    // Nodes found lost before their level came, by that level, committed when it comes.
    // They stay lost, and if their level falls meanwhile (the successor's after their dearest
    // move did), the step that lowers it evaluates them again (may_be_lost) and puts them off
    // anew.
    PutOff lost_later(solver);
    // Commits each node of the list at level k, with the label label_of(node) gives.
    auto commit_all = [&](const NodeList& list, int k, auto&& label_of) {
        list.for_each(solver.threads, [&](Node c) {
            if (commit(solver, c, label_of(c), k, r)) solver.collector->add(c, thread());
        });
    };
    auto lost = [](Node) { return LOST; };
    auto won = [](Node) { return WON; };
    // The nodes the round labelled for the first time, returned at the end: found among
    // those its steps committed (the frontiers, listed while they are few), else read off
    // the table. A pass over the table is dear in a class with many rounds, where most label
    // few; a list of the first round's would take 8 bytes for most positions of the class, at
    // its peak (docs/generator.md, "Work lists and threads").
    std::uint64_t listed_at_most = 0;
    for (int t = 0; t < solver.table_count(); ++t) listed_at_most += solver.table(t).active_size / 128;
    std::vector<Node> committed;
    bool listing = next_round;
    const bool counting = counts_losses(solver); // a class of kings only: no next round to list for
    std::uint64_t unlabelled = solver.active_positions(); // at most, while counting (losses_counted)
    for (int k = 1; k <= solver.limit; ++k) {
        StepTimes::Watch step(solver.times, Step::KING_MOVE_WINS);
        const SolverState::LabelCounts counts = solver.count_labels(frontier);
        king_move_wins(solver, frontier, counts, k, r);
        step.stop();
        commit_all(lost_later.take(k), k, lost);
        if (k == 1) commit_all(seeds.wins, 1, won);
        NodeList decided = solver.collector->take();
        if (k == 1 && r == 1) decided.add(commit_direct(solver, r), solver.threads);

        // Evaluated for a loss: at level 1 the seeds, then positions with a king move
        // into one just won; in a class of kings only of equal armies, the losses are counted
        // instead, and committed here (no candidates).
        step.switch_to(Step::LOSS_CANDIDATES);
        NodeList found;
        if (counting)
            commit_all(losses_counted(solver, frontier, counts, k, unlabelled), k, lost);
        else if (k > 1)
            found = loss_candidates(solver, frontier, counts, k);
        const NodeList& candidates = k == 1 ? seeds.candidates : found;
        frontier = NodeList(); // done with: the lists of a step are given back as soon as they are
        if (k == 1) seeds.wins = NodeList();
        // A position's own record and escape are fetched 16 evaluations ahead: the lists are
        // sparse in tables of 10^8 positions, so each is a cache miss. A candidate is prepared
        // (the record after its escape fetched) while the 4 before it are evaluated.
        step.switch_to(Step::EVALUATIONS);
        solver.times.evaluated(candidates.size());
        constexpr std::size_t AHEAD = 16, CANDIDATES_AHEAD = 4;
        candidates.for_blocks(solver.threads, [&](const Node* nodes, std::size_t n) {
            std::uint64_t looks = 0, by_losses = 0;
            auto prepare_ahead = [&](std::size_t s, Candidate& a) {
                if (s + AHEAD < n) {
                    const Table& here = solver.table_of_node(nodes[s + AHEAD]);
                    const std::uint64_t i = index_of(nodes[s + AHEAD]);
                    __builtin_prefetch(here.record(i), 1);
                    __builtin_prefetch(&here.levels[i], 1);
                    __builtin_prefetch(&here.escape[i], 1);
                }
                prepare(solver, nodes[s], a, k == 1);
            };
            ahead<Candidate, CANDIDATES_AHEAD>(0, n, prepare_ahead, [&](std::size_t s, Candidate& a) {
                const Evaluation ev = evaluate_limited(solver, a, r);
                looks += std::uint64_t(a.looks);
                if (ev.label == LOST) by_losses += std::uint64_t(a.looks);
                if (ev.label == UNKNOWN) return;
                const Node c = nodes[s];
                if (ev.level > k)
                    lost_later.add(ev.level, c);
                else if (commit(solver, c, ev.label, ev.level, r))
                    solver.collector->add(c, thread());
            });
            solver.times.looked(looks, by_losses);
        });

        step.stop();
        if (k == 1) seeds.candidates = NodeList();
        found = NodeList();
        frontier = solver.collector->take();
        frontier.add(std::move(decided), solver.threads);
        if (listing && committed.size() + frontier.size() > listed_at_most) {
            listing = false;
            std::vector<Node>().swap(committed);
        }
        if (listing) {
            const std::vector<Node> nodes = frontier.nodes(solver.threads);
            committed.insert(committed.end(), nodes.begin(), nodes.end());
        }
        if (frontier.empty() && lost_later.none_after(k)) break;
    }
    if (!next_round) return {};
    // Both looked at, without a branch between them (select_in_runs).
    auto first_labelled = [r](const Table& here, std::uint64_t i) {
        return (here.under_limit(i) != UNKNOWN) & (here.round[i] == r);
    };
    if (!listing) return solver.select(first_labelled);
    sort_in_parallel(committed, solver.threads);
    committed.erase(std::unique(committed.begin(), committed.end()), committed.end());
    return solver.select_from(NodeList(std::move(committed)), first_labelled);
}

// Whether a side to move of the class has men (a man move leads to the next round).
inline bool men_move(const SolverState& solver) {
    for (int t = 0; t < solver.table_count(); ++t)
        if (solver.has_moves(t, RetroKind::MAN_MOVES)) return true;
    return false;
}

// Solving in slices, adds to the seeds of round r those of the positions of the slices solved
// before that were labelled in round r - 1 (SolverState::for_each_imported), walking back by a
// man's step forward, a share of them at a time (a man has at most one step back into this
// slice); then lists each seed once, as the seeds from this slice's own positions are.
inline void import_seeds(SolverState& solver, int r, Seeds& seeds, unsigned wins_scanned, unsigned candidates_scanned) {
    // The positions whose predecessors lie in a table scanned for the step (scan_or_walk_back)
    // were looked at from there already.
    auto walked_back = [&](const NodeList& nodes, unsigned scanned) {
        return nodes.filtered(solver.threads, [&](Node c) { return !((scanned >> solver.other(table_of(c))) & 1); });
    };
    bool needed = false;
    for (int t = 0; t < solver.table_count(); ++t) {
        const int u = solver.other(t); // the table of the positions whose predecessors lie in t
        needed = needed || (!((wins_scanned >> t) & 1) && solver.imported(u, r - 1, LOST)) ||
                 (!((candidates_scanned >> t) & 1) && solver.imported(u, r - 1, WON));
    }
    if (!needed) return;
    bool any = false;
    solver.for_each_imported(r - 1, [&](const NodeList& nodes) {
        any = true;
        seeds.wins.add(solver.predecessors(walked_back(solver.with_label(nodes, LabelOf::UNDER_LIMIT, LOST), wins_scanned),
                                           RetroKind::MAN_MOVES),
                       solver.threads);
        seeds.candidates.add(
            may_be_lost(solver, walked_back(solver.with_label(nodes, LabelOf::UNDER_LIMIT, WON), candidates_scanned),
                        RetroKind::MAN_MOVES),
            solver.threads);
    });
    if (!any) return;
    seeds.wins.make_unique(solver.threads);
    seeds.candidates.make_unique(solver.threads);
}

// The first round's level 1 as the first look found it: a move out of the class that wins, or
// no move inside the class and none out of it that escapes (a loss). Committed in a pass over the
// tables, not through the threads' lists: where one side wins nearly everywhere these are
// most of the class, and gathering them in the threads' lists and joining those to the level's
// other lists costs more than the pass (docs/generator.md, "Work lists and threads"). Returns
// the nodes it labelled (those not labelled at level 1 already), in order.
inline NodeList commit_direct(SolverState& solver, int r) {
    NodeList out;
    for (int t = 0; t < solver.table_count(); ++t)
        out.add(solver.select_in(t, [&solver, t, r](const Table& here, std::uint64_t i) {
            const std::uint8_t info = here.info(i);
            if ((info & TERMINAL) || !((info & EXT_WIN) || (!(info & INTERNAL) && !(info & EXT_ESC)))) return false;
            return commit(solver, node(t, i), (info & EXT_WIN) ? WON : LOST, 1, r);
        }), solver.threads);
    return out;
}

// Sets node c to `label` at `level` in round r if that is news; true if it was.
inline bool commit(SolverState& solver, Node c, Label label, int level, int r) {
    Table& here = solver.table_of_node(c);
    const std::uint64_t i = index_of(c);
    // Its value and level read first, which a position labelled already needs alone.
    const Table::Standing before = here.standing(i);
    const Label old = before.value;
    if (old != UNKNOWN && old != label) {
        solver.contradiction = true;
        return false;
    }
    if (old != UNKNOWN && before.level <= level) return false;
    // Only a loss's history is kept (core/record.h): the probe ranks a winning move by the
    // history of the position it leads to.
    if (old == LOST && load(here.round[i]) < r)
        solver.lowered_losses->add(thread(), lowered_loss(c, here.level(i)));
    here.set_level(i, level);
    if (old == UNKNOWN) {
        store(here.round[i], r);
        here.set_under_limit(i, label);
    }
    return true;
}

// The step that finds the wins at level k of round r: a king move into a position lost at
// level k - 1 (in the frontier) wins at level k. Commits them and lists them for the
// collector. Walks back from the lost positions (a king has up to 14 moves back, most into
// positions won already), or looks forwards from each position that may still be won at
// level k (not over, with a move inside the class, not won at level k or lower), stopping at
// its first winning move.
inline void king_move_wins(SolverState& solver, const NodeList& frontier, const SolverState::LabelCounts& counts, int k, int r) {
    scan_or_walk_back(solver, frontier, counts, LOST, RetroKind::KING_MOVES,
        KING_WIN_SCAN_LIMIT,
        [&](int t) {
            return solver.select_in(t, [k](const Table& here, std::uint64_t i) {
                const std::uint8_t info = here.info(i);
                if ((info & TERMINAL) || !(info & INTERNAL)) return false;
                const Label value = here.under_limit(i);
                return value == UNKNOWN || (value == WON && here.level(i) > k);
            });
        },
        [&](int t, NodeList&& open) {
            // A king move into a position lost at level k - 1 (or lower: those have been looked
            // at before, and the position would be won already). Each position's first
            // successors asked for while those of the positions before it are read.
            const Table& after = solver.table(solver.other(t));
            auto lost_before = [&after, k](std::uint64_t j) {
                const Table::Standing s = after.standing(j);
                return s.value == LOST && s.level < k;
            };
            constexpr std::size_t STEPS_AHEAD = 4;
            open.for_blocks(solver.threads, [&](const Node* nodes, std::size_t n) {
                ahead<Steps, STEPS_AHEAD>(0, n, [&](std::size_t s, Steps& a) { a.start(solver, t, index_of(nodes[s]), false); },
                    [&](std::size_t s, Steps& a) {
                        if (a.into(solver, lost_before) && commit(solver, nodes[s], WON, k, r))
                            solver.collector->add(nodes[s], thread());
                    });
            });
        },
        [&](const NodeList& lost) {
            // Most predecessors are won at level k or lower already, which their level's byte
            // tells (commit's first test): only the others' records and marks are asked for.
            auto open = [&](Node c) {
                const Table::Standing s = solver.table_of_node(c).standing(index_of(c));
                return s.value != WON || s.level > k;
            };
            solver.for_predecessors(lost, RetroKind::KING_MOVES, STANDING, open, COMMITTED | SEEN, [&](Node c) {
                if (commit(solver, c, WON, k, r)) solver.collector->add(c, thread());
            });
        });
}

// The positions with a king move into one of the frontier's won positions (won at level
// k - 1), which may be lost at level k: may_be_lost's, found by walking back from the won
// positions, or those of a scan: every position that may still be lost at level k or lower
// (not over, no escape out of the class, not won, not lost at level k or lower, no man move
// as its escape). The extra positions are harmless: evaluate_limited finds again what they
// were given.
inline NodeList loss_candidates(SolverState& solver, const NodeList& frontier, const SolverState::LabelCounts& counts, int k) {
    NodeList out;
    scan_or_walk_back(solver, frontier, counts, WON, RetroKind::KING_MOVES,
        LOSS_SCAN_LIMIT,
        [&](int t) {
            return solver.select_in(t, [k](const Table& here, std::uint64_t i) {
                if (here.info(i) & (TERMINAL | EXT_WIN | EXT_ESC)) return false;
                const Label value = here.under_limit(i);
                // Not one whose escape is a man move: its cost changes only between rounds.
                if (value == UNKNOWN) return !escape_is_man_move(here.escape[i]);
                return value == LOST && here.level(i) > k;
            });
        },
        [&](int, NodeList&& open) { out.add(std::move(open), solver.threads); },
        [&](const NodeList& won) { out.add(may_be_lost(solver, won, RetroKind::KING_MOVES), solver.threads); });
    return out;
}

// The positions with a man move into a won one of `labelled` (the positions labelled in round
// r - 1), which may be lost in round r: may_be_lost's. A scan of the table their predecessors
// lie in finds them too: the positions not labelled (and not over, with no move out of the class
// that escapes) whose escape (Table::escape) is a man move into a position won in round r - 1, or
// that have none. Any other such position still escapes: its escape is a king move (which
// stops escaping only within a round, when the position it leads to is won or its level
// falls, and the step that does so looks at the position again), or a man move into a
// position not labelled in round r - 1 (not labelled at all: the move escapes; labelled
// before: the position was evaluated again in that round, and its escape is newer). A
// position lost already never has a man move into a position won in round r - 1: that move
// escaped in every round up to r - 1.
inline NodeList round_candidates(SolverState& solver, const NodeList& labelled, const SolverState::LabelCounts& counts, int r,
                                 unsigned& scanned) {
    NodeList out;
    std::array<std::uint64_t, 2> imported{};
    for (int t = 0; t < solver.table_count(); ++t) imported[std::size_t(t)] = solver.imported(solver.other(t), r - 1, WON);
    scanned = scan_or_walk_back(solver, labelled, counts, WON, RetroKind::MAN_MOVES, ANY_LENGTH,
        [&](int t) { return select_escaping_into_won(solver, t, r - 1); },
        [&](int, NodeList&& open) { out.add(std::move(open), solver.threads); },
        [&](const NodeList& from) { out.add(may_be_lost(solver, from, RetroKind::MAN_MOVES), solver.threads); },
        imported);
    return out;
}

// The positions with a man move into a lost one of `labelled` (the positions labelled in round
// r - 1), which are won at level 1 in round r: those not over, not won at level 1 already.
// Found by walking back from the lost positions, or by looking forwards from each position that
// may be so won (not over, with a move inside the class, not lost, not won at level 1). Where one
// side wins nearly everywhere, a round's lost positions are tens of millions and most of their
// predecessors are won at level 1 already.
inline NodeList round_wins(SolverState& solver, const NodeList& labelled, const SolverState::LabelCounts& counts, int r,
                           unsigned& scanned) {
    NodeList out;
    std::array<std::uint64_t, 2> imported{};
    for (int t = 0; t < solver.table_count(); ++t) imported[std::size_t(t)] = solver.imported(solver.other(t), r - 1, LOST);
    scanned = scan_or_walk_back(solver, labelled, counts, LOST, RetroKind::MAN_MOVES, MAN_WIN_SCAN_LIMIT,
        [&](int t) {
            return solver.select_in(t, [](const Table& here, std::uint64_t i) {
                const std::uint8_t info = here.info(i);
                if ((info & TERMINAL) || !(info & INTERNAL)) return false;
                const Label value = here.under_limit(i);
                return value == UNKNOWN || (value == WON && here.level(i) > 1);
            });
        },
        [&](int t, NodeList&& open) {
            const Table& after = solver.table(solver.other(t));
            out.add(solver.select_from(open, [&](const Table&, std::uint64_t i) {
                return has_move_into(solver, t, i, true, [&after, r](std::uint64_t j) {
                    return after.under_limit(j) == LOST && after.round[j] == r - 1;
                });
            }), solver.threads);
        },
        [&](const NodeList& from) { out.add(solver.predecessors(from, RetroKind::MAN_MOVES), solver.threads); },
        imported);
    return out;
}

// round_candidates' scan of table t: the nodes not labelled whose escape is a man move into a
// position won in round `won_in`, or that have none. A word's positions at a time: the records
// after their escapes asked for first, then read (each is a wait on memory).
inline NodeList select_escaping_into_won(SolverState& solver, int t, int won_in) {
    const Table& after = solver.table(solver.other(t));
    return solver.select_words_in(t, [&after, won_in](const Table& here, std::uint64_t b, std::uint64_t e) {
        std::uint64_t word = 0;
        std::uint64_t succ[64];
        int bit[64];
        int n = 0;
        for (std::uint64_t i = b; i < e; ++i) {
            if ((here.info(i) & (TERMINAL | EXT_WIN | EXT_ESC)) || here.under_limit(i) != UNKNOWN) continue;
            const std::uint8_t escape = here.escape[i];
            if (escape == NO_ESCAPE) word |= std::uint64_t{1} << (i % 64);
            if (!escape_is_man_move(escape)) continue;
            const Position p = here.index.position(i);
            succ[n] = after.index.index(as_white_to_move(p.after(escape_move(p, escape))));
            after.prefetch_look(succ[n], true);
            bit[n++] = int(i % 64);
        }
        for (int k = 0; k < n; ++k)
            if (after.under_limit(succ[k]) == WON && after.round[succ[k]] == won_in) word |= std::uint64_t{1} << bit[k];
        return word;
    });
}


// The predecessors (by `kind` of move) that may be lost: neither over nor won yet, and
// with no move out of the class that escapes (evaluate_limited finds nothing in the others).
// Nor one whose byte in Table::escape names another move than the one walked back:
//   - a position not labelled whose escape is another move still escapes, and its evaluation
//     would find it again. By king moves, from positions just won: a man move's cost changes
//     only between rounds, a king move's into another position has not changed. By man moves,
//     from positions won in the round before (round_candidates, whose scan leaves them out
//     too): a king move still escapes at a round's start, and a man move into another position
//     won in that round is walked back from as well;
//   - a position lost (or found lost and put off) whose dearest move leads elsewhere: its level
//     is that move's cost, which has not fallen.
// The byte is told from the move walked back, under every symmetry the index folds
// (MoveBack::may_be): a byte that matches an image keeps the position.
// Most predecessors are won already or escape out of the class: their records are read
// first, and the escape bytes and the collector's marks asked for only for the others.
inline NodeList may_be_lost(SolverState& solver, const NodeList& from, RetroKind kind) {
    auto open = [&](Node n) {
        const Table& here = solver.table_of_node(n);
        const std::uint64_t i = index_of(n);
        return !(here.info(i) & (TERMINAL | EXT_WIN | EXT_ESC)) && here.under_limit(i) != WON;
    };
    solver.for_predecessors(from, kind, INFO_UNDER_LIMIT, open, SEEN | ESCAPE, [&](Node n, const MoveBack& move) {
        const Table& here = solver.table_of_node(n);
        const std::uint64_t i = index_of(n);
        if (here.escape[i] != NO_ESCAPE && !move.may_be(here.escape[i], here.index.symmetries())) return;
        solver.collector->add(n, thread());
    });
    return solver.collector->take();
}


// What a man move into the other table's node j is worth at counter 0 in
// round r: the labels set in earlier rounds.
inline Label exit_label(const Table& after, std::uint64_t j, int r) {
    const std::uint8_t value = after.under_limit_acquire(j);
    return (value != UNKNOWN && load(after.round[j]) < r) ? Label(value) : UNKNOWN;
}

inline void expand(SolverState& solver, Candidate& a) {
    // The first look marked the positions with a capture: the others' moves without the test.
    if (solver.table(a.t).info(a.i) & CAPTURE)
        generate_moves(a.p, solver.rules.promotion, a.moves);
    else
        generate_quiet_moves(a.p, a.moves);
    a.expanded = true;
}

inline void prepare(SolverState& solver, Node c, Candidate& out, bool eager) {
    out.t = table_of(c);
    out.i = index_of(c);
    out.expanded = false;
    out.eager = eager;
    out.looks = 0;
    out.probe_move = -1;
    out.lone = false;
    out.p = solver.table(out.t).index.position(out.i);
    out.by_square = solver.table(out.t).index.material().men() > 0;
    if (out.by_square)
        out.king_moves = solver.king_moves_after(out.t);
    else
        out.kings = solver.kings_after(out.t);
    const std::uint8_t e = solver.table(out.t).escape[out.i];
    if (e != NO_ESCAPE) {
        const Move m = escape_move(out.p, e);
        out.has_probe = true;
        out.probe_j = out.successor(solver, m);
        out.probe_zeroing = m.is_zeroing();
        out.probe_code = e;
    } else {
        expand(solver, out);
        // The probe: the first move that stays in the class after which the opponent cannot
        // capture, else the first that stays in the class. The positions won at level 1 are
        // mostly those with a capture that wins, so such a move mostly escapes. The moves are
        // tested four at a time (captures_after_steps4).
        int first = -1;
        for (std::size_t k = 0; out.probe_move < 0 && k < out.moves.size();) {
            int number[4];
            Move batch[4];
            std::size_t n = 0;
            for (; k < out.moves.size() && n < 4; ++k)
                if (out.moves[k].keeps_material()) {
                    number[n] = static_cast<int>(k);
                    batch[n++] = out.moves[k];
                }
            if (n == 0) break;
            if (first < 0) first = number[0];
            const unsigned safe = ~captures_after_steps4(out.p, batch, n) & ((1u << n) - 1);
            if (safe) out.probe_move = number[__builtin_ctz(safe)];
        }
        if (out.probe_move < 0) out.probe_move = first;
        out.has_probe = out.probe_move >= 0;
        if (!out.has_probe) return;
        const Move& m = out.moves[static_cast<std::size_t>(out.probe_move)];
        out.probe_j = out.successor(solver, m);
        out.probe_zeroing = m.is_zeroing();
        out.probe_code = escape_code(out.p, m);
    }
    const Table& after = solver.table(solver.other(out.t));
    after.prefetch_look(out.probe_j, out.probe_zeroing);
    if (!eager) return;
    if (!out.expanded) expand(solver, out);
    out.find_run(solver);
    for (std::size_t k = 0; k < out.moves.size(); ++k) {
        if (!out.moves[k].keeps_material() || int(k) == out.probe_move) continue;
        if (out.lone && out.moves[k].mover_is_king()) continue;
        out.succ[k] = out.successor(solver, out.moves[k]);
        after.prefetch_look(out.succ[k], out.moves[k].is_zeroing());
    }
}

// Whether every move of a candidate (may_be_lost: not over, and no move out of the class
// that wins or escapes) loses in round r, and the loss's level (its dearest move) if so;
// a win found on the way (a zeroing move into a position lost in an earlier round) is
// returned too. The probe first, whose successor's record was asked for ahead.
inline Evaluation evaluate_limited(SolverState& solver, Candidate& a, int r) {
    constexpr Evaluation NOTHING{UNKNOWN, NO_LEVEL};
    Table& here = solver.table(a.t);
    const Table& after = solver.table(solver.other(a.t));
    // The cost of a move into node j of the other table for the loser: 0 if it escapes, -1 if it wins at
    // level 1 (it escapes too).
    auto cost = [&](bool zeroing, std::uint64_t j) {
        ++a.looks;
        if (zeroing) {
            const Label exit = exit_label(after, j, r);
            return exit == WON ? 1 : exit == LOST ? -1 : 0;
        }
        const Table::Standing s = after.standing(j);
        return (s.value == WON && s.level + 1 <= solver.limit) ? s.level + 1 : 0;
    };
    auto escapes = [&](std::uint8_t e) {
        if (here.escape[a.i] != e) here.escape[a.i] = e;
        return NOTHING;
    };
    int longest = (here.info(a.i) & EXT_ANY) ? 1 : 0;
    // The move whose cost is the loss's level, kept in Table::escape once every move loses.
    std::uint8_t dearest = NO_ESCAPE;
    if (a.has_probe) {
        const int c = cost(a.probe_zeroing, a.probe_j);
        if (c <= 0) return escapes(a.probe_code);
        // A loss whose dearest move costs its level still: the level stands.
        if (a.probe_move < 0 && here.under_limit(a.i) == LOST && c >= here.level(a.i)) return NOTHING;
        if (c > longest) {
            longest = c;
            dearest = a.probe_code;
        }
    }
    if (!a.expanded) expand(solver, a);
    // Then the other moves, in the order generated (a probe from Table::escape among them, its
    // successor's record in the cache already). Once the probe no longer escapes, the successors
    // after all of them are found and asked for at once (an eager candidate's were, by prepare):
    // most such candidates are lost, and every move of a loss is looked at. A lone king's are read
    // from their run (a line or two of levels), with no index computed for them.
    if (!a.eager) {
        a.find_run(solver);
        for (std::size_t m = 0; m < a.moves.size(); ++m) {
            const Move& move = a.moves[m];
            if (!move.keeps_material() || int(m) == a.probe_move || (a.lone && move.mover_is_king())) continue;
            a.succ[m] = a.successor(solver, move);
            after.prefetch_look(a.succ[m], move.is_zeroing());
        }
    }
    for (std::size_t m = 0; m < a.moves.size(); ++m) {
        const Move& move = a.moves[m];
        if (!move.keeps_material() || int(m) == a.probe_move) continue;
        const bool by_run = a.lone && move.mover_is_king();
        const int c = cost(move.is_zeroing(), by_run ? a.run + std::uint64_t(a.king_moves.place_in_run(move.to)) : a.succ[m]);
        if (c < 0) return {WON, 1};
        if (c == 0) return escapes(escape_code(a.p, move));
        if (c > longest) {
            longest = c;
            dearest = escape_code(a.p, move);
        }
    }
    // A loss keeps its dearest move where an escape would be: its level can fall only when that
    // move's cost does, so that may_be_lost evaluates it again only then (and whenever it has
    // none kept).
    if (here.escape[a.i] != dearest) here.escape[a.i] = dearest;
    return {LOST, longest};
}

// Looks at the moves that stay in the class and that wanted(m) takes, m their number in
// `moves`, in batches of 2, 4, 8 and so on: the successors after a batch's moves are found
// together (successor_of(m), which asks for their records), then look(m, j) sees each in turn, j the
// successor after move m. Returns true, looking no further, as soon as a look does. Few
// indices are computed in vain when an early move decides, few waits are spent when many
// moves must be looked at.
template <typename Wanted, typename After, typename Look>
inline bool look_in_batches(const MoveList& moves, Wanted&& wanted, After&& successor_of, Look&& look) {
    std::size_t batch[MoveList::CAPACITY];
    std::uint64_t succ[MoveList::CAPACITY];
    for (std::size_t next = 0, size = 2; next < moves.size(); size *= 2) {
        std::size_t n = 0;
        for (; next < moves.size() && n < size; ++next) {
            if (!moves[next].keeps_material() || !wanted(next)) continue;
            batch[n] = next;
            succ[n++] = successor_of(next);
        }
        for (std::size_t q = 0; q < n; ++q)
            if (look(batch[q], succ[q])) return true;
    }
    return false;
}

// Whether position i of table t, not over, has a move inside the class of the kind asked
// for (a man move if `zeroing`, else a king move) into a node j of the other table for
// which lost(j) holds.
template <typename F>
inline bool has_move_into(SolverState& solver, int t, std::uint64_t i, bool zeroing, F&& lost) {
    Steps steps;
    steps.start(solver, t, i, zeroing);
    return steps.into(solver, lost);
}

} // namespace

} // namespace damatb::gen::solving
