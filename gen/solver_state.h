// The state of the solver of one class (gen/solver.cpp has the map of its phases): the class's
// tables, the lists of nodes its steps hand on, the progress histories being gathered, and
// the passes over tables and lists that every phase uses.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "core/game.h"
#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"
#include "gen/chunks.h"
#include "gen/lowered_losses.h"
#include "gen/men_slices.h"
#include "gen/retro.h"
#include "gen/scratch_pages.h"
#include "gen/solver.h"
#include "gen/solver_nodes.h"
#include "gen/solver_table.h"
#include "gen/step_times.h"

namespace damatb::gen::solving {

// Which label a list of nodes is filtered by (SolverState::with_label): the value under the
// limit or without it.
enum class LabelOf { UNDER_LIMIT, WITHOUT_LIMIT };

// What a pass over predecessors reads of each: fetched from memory for all the
// predecessors of a node at once, before f sees the first. STANDING: what Table::standing and
// Table::without_limit read; INFO_UNDER_LIMIT: the record; COMMITTED: what a commit of a new
// value reads and writes (the level's byte and the record).
enum Touches { SEEN = 1, STANDING = 2, INFO_UNDER_LIMIT = 4, ESCAPE = 8, COMMITTED = 16 };

struct SolverState {
    SolverState(const core::Material& cls, const SolvedTables& solved, const SolveOptions& options);

    int table_count() const { return static_cast<int>(tables.size()); }
    int other(int t) const { return table_count() == 1 ? 0 : 1 - t; }
    Table& table(int t) { return *tables[static_cast<std::size_t>(t)]; }
    const Table& table(int t) const { return *tables[static_cast<std::size_t>(t)]; }
    Table& table_of_node(Node c) { return table(table_of(c)); }

    // Hands a line on what the solver is doing to options.progress, if set.
    void say(const std::string& line) const;

    // The index, in the other table, of the position after an in-class move of p; after a king
    // move by `kings` (kings_after(t)), which the successors of p by its king moves share.
    std::uint64_t successor(int t, const core::Position& p, const core::Move& m, core::SharedIndex& kings) {
        const core::Position q = as_white_to_move(p.after(m));
        return m.mover_is_king() ? kings(q) : table(other(t)).index.index(q);
    }
    // The index of the positions after the king moves of one position of table t: the king
    // moved is Black's once the board is turned around.
    core::SharedIndex kings_after(int t) const { return core::SharedIndex(table(other(t)).index, core::BLACK, true); }
    // The same through a KingMoveIndex, for a look at many of one position's king moves: the
    // count anew, the looks forwards for a win by a king move, and the evaluations of a class
    // with men (in a class of kings only, whose evaluations mostly stop at the first move or
    // two, they keep kings_after: performance.md).
    std::uint64_t successor(int t, const core::Position& p, const core::Move& m,
                            core::KingMoveIndex& kings) {
        return m.mover_is_king() ? kings(p, m)
                                 : table(other(t)).index.index(as_white_to_move(p.after(m)));
    }
    core::KingMoveIndex king_moves_after(int t) const {
        return core::KingMoveIndex(table(other(t)).index);
    }

    // The positions the solver works on (those of the slice being solved), in all tables.
    std::uint64_t active_positions() const {
        std::uint64_t n = 0;
        for (const auto& t : tables) n += t->active_size;
        return n;
    }
    // The sizes of the tables, by table (the one table twice in a class of one).
    std::array<std::uint64_t, 2> table_sizes() const { return {table(0).size, table(table_count() - 1).size}; }
    // An empty set of nodes over the class's tables.
    std::unique_ptr<NodeBits> new_bits() const { return std::make_unique<NodeBits>(table_sizes(), huge); }
    // A list made as a bit set, as a vector when that is smaller (NodeList::compacted).
    NodeList compacted(NodeList&& list) const {
        return std::move(list).compacted(active_positions(), options.lists, threads);
    }

    // The positions of table t labelled `label` under the limit at a level below k, a bit each,
    // made by a pass over its levels: for a look forwards at many positions' successors by king
    // moves, which lie within a few kilobytes of these bits against tens of kilobytes of levels.
    MappedArray<std::uint64_t> labelled_below(int t, Label label, int k) const;

    // ---- Slices (gen/solver_slices.cpp; docs/six-pieces.md, "Slices by the men's ranks").

    // Whether index i of table t is in the slice being solved (always, solving the class whole).
    bool in_slice(int t, std::uint64_t i) const { return !slices || slices->slice_of(t, i) == slice; }
    // Makes slice s (0 when the class is solved whole) the positions the solver works on: sets
    // every table's `active` runs and `imports`, makes their positions' state fresh, and gives
    // back the memory of the slices no longer read.
    void begin_slice(int s);
    // Moves the records of the slice being solved, done, to the scratch file of the slices
    // kept (`kept`), when there is one and a slice still to come reads it.
    void keep_slice();
    // Drops the runs of the histories' steps (`history`), their memory and their space in the
    // scratch file of the slices kept given back.
    void forget_history();
    // No escape yet for the positions being solved (Table::escape). Made after the first look,
    // which does not read them: its peak holds the classes read, not the escapes too.
    void fresh_escapes();
    // Calls f(nodes) with the nodes of the slices the current one's forward steps lead into
    // that were labelled in round r (under the limit), a share of those slices at a time: as
    // many as a slice's positions, they would take 8 bytes each in one list.
    void for_each_imported(int r, const std::function<void(const NodeList&)>& f);
    // The largest round in which a position of those slices was labelled, -1 if none.
    int last_imported_round() const {
        int last = -1;
        for (const auto& counts : import_counts)
            for (std::size_t r = 0; r < counts.size(); ++r)
                if (counts[r][WON] + counts[r][LOST]) last = std::max(last, int(r));
        return last;
    }
    // The positions of those slices in table t labelled `label` (WON or LOST) in round r.
    std::uint64_t imported(int t, int r, Label label) const {
        const auto& counts = import_counts[t];
        return r >= 0 && std::size_t(r) < counts.size() ? counts[std::size_t(r)][label] : 0;
    }

    // Calls f(table, index) for every position being solved, on the solver's threads: a fresh
    // field, before a phase that reads it.
    template <typename F>
    void for_each_active(F&& f) {
        for (int t = 0; t < table_count(); ++t) {
            Table& here = table(t);
            for_each_of_chunks(chunks_of(here.active), threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
                for (std::uint64_t i = b; i < e; ++i) f(here, i);
            });
        }
    }
    // Gives back the memory of of(t), an array over table t's indices, at the positions being
    // solved, for every table t: a field no longer read.
    template <typename Of>
    void release_active(Of&& of) {
        for (int t = 0; t < table_count(); ++t)
            for (const Range& r : table(t).active) of(t).release(r.begin, r.end);
    }

    // Every node of table t for which keep(table, index) holds among those being solved, in
    // order.
    template <typename F>
    NodeList select_in(int t, F&& keep) {
        return select_in_runs(t, table(t).active, keep);
    }
    // The same among the indices of the runs.
    template <typename F>
    NodeList select_in_runs(int t, const std::vector<Range>& runs, F&& keep) {
        return select_words_in_runs(t, runs, [&keep](Table& here, std::uint64_t b, std::uint64_t e) {
            // Each position's bit or'ed in without a branch: which positions are kept is hard to
            // predict.
            std::uint64_t word = 0;
            for (std::uint64_t i = b; i < e; ++i) word |= std::uint64_t(bool(keep(here, i))) << (i % 64);
            return word;
        });
    }
    // The nodes of table t being solved that word_of(table, b, e) keeps, asked for the positions
    // [b, e) of one word of bits at a time, their bits at i % 64: a test that looks at the
    // positions of a word together (asking memory for what each needs before reading any).
    template <typename F>
    NodeList select_words_in(int t, F&& word_of) {
        return select_words_in_runs(t, table(t).active, word_of);
    }
    // The same among the indices of the runs: a bit set, made in one pass, that chunks of the
    // runs write a word at a time, as a vector if that is smaller.
    template <typename F>
    NodeList select_words_in_runs(int t, const std::vector<Range>& runs, F&& word_of) {
        Table& here = table(t);
        std::unique_ptr<NodeBits> bits = new_bits();
        const std::vector<Range> chunks = chunks_of(runs);
        std::vector<std::uint64_t> counts(chunks.size());
        for_each_of_chunks(chunks, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            for (std::uint64_t i = b; i < e;) {
                const std::uint64_t w = i / 64, end = std::min(e, (w + 1) * 64);
                counts[c] += bits->add_word(t, w, word_of(here, i, end));
                i = end;
            }
        });
        std::uint64_t total = 0;
        for (std::uint64_t n : counts) total += n;
        return compacted(NodeList(std::move(bits), total));
    }

    // Every node being solved for which keep(table, index) holds.
    template <typename F>
    NodeList select(F&& keep) {
        NodeList out;
        for (int t = 0; t < table_count(); ++t) out.add(select_in(t, keep), threads);
        return out;
    }

    // The nodes of `from` for which keep(table, index) holds, in the order of `from`. On several
    // threads: a round's first list is tens of millions of nodes, and each look-up a cache miss.
    template <typename F>
    NodeList select_from(const NodeList& from, F&& keep) {
        NodeList out = from.filtered(threads, [&](Node c) { return keep(table_of_node(c), index_of(c)); });
        return out.is_bits() ? compacted(std::move(out)) : std::move(out);
    }

    // The nodes of `from` whose label is `label`, under the limit or without it.
    NodeList with_label(const NodeList& from, LabelOf field, Label label) {
        return select_from(from, [field, label](const Table& here, std::uint64_t i) {
            return (field == LabelOf::UNDER_LIMIT ? here.under_limit(i) : here.without_limit(i)) == label;
        });
    }

    // How many nodes of `from` have each label under the limit, by table ([label][table]): one
    // pass for the steps that walk back from its lost positions and from its won ones.
    using LabelCounts = std::array<std::array<std::uint64_t, 2>, 3>;
    LabelCounts count_labels(const NodeList& from) {
        std::vector<LabelCounts> counts(static_cast<std::size_t>(threads));
        from.for_each(threads, [&](Node c) {
            ++counts[thread()][table_of_node(c).under_limit(index_of(c))][std::size_t(table_of(c))];
        });
        LabelCounts total{};
        for (const auto& c : counts)
            for (std::size_t l = 0; l < total.size(); ++l) total[l][0] += c[l][0], total[l][1] += c[l][1];
        return total;
    }

    void prefetch(Node c, int touches) const {
        const Table& here = table(table_of(c));
        const std::uint64_t i = index_of(c);
        if (touches & SEEN) collector->prefetch(c);
        if (touches & STANDING) here.prefetch_standing<1>(i);
        if (touches & COMMITTED) {
            __builtin_prefetch(&here.levels[i], 1);
            __builtin_prefetch(here.record(i), 1);
        }
        if (touches & INFO_UNDER_LIMIT) __builtin_prefetch(here.record(i));
        if (touches & ESCAPE) __builtin_prefetch(&here.escape[i]);
    }

    // Whether the side to move in table t has pieces that make moves of `kind`: if not, no
    // position of t has one, and neither a walk back into t nor a scan of t finds any.
    bool has_moves(int t, RetroKind kind) const {
        const core::Army& a = table(t).index.material().mover;
        return (kind != RetroKind::KING_MOVES && a.men) || (kind != RetroKind::MAN_MOVES && a.kings);
    }

    // Calls f(node) for each in-class predecessor of the nodes in `from`, in parallel, or
    // f(node, move) with its move into the node of `from` it precedes (MoveBack).
    // The predecessors of one node are found (and their records fetched) while f sees
    // those of the 3 nodes before: f would otherwise wait for the memory at each.
    template <typename F>
    void for_predecessors(const NodeList& from, RetroKind kind, int touches, F&& f) {
        walk_back<false>(from, kind, touches, [](Node) { return true; }, 0, f);
    }

    // As for_predecessors, for the predecessors that keep(node) takes alone, keep reading only
    // what `touches` asks for: the predecessors of one node are found 6 nodes ahead, sifted by
    // keep 3 nodes ahead, and only then is what `kept_touches` names asked for, for those kept.
    // Where keep leaves out most, the memory's waits go to those that f looks at further.
    template <typename Keep, typename F>
    void for_predecessors(const NodeList& from, RetroKind kind, int touches, Keep&& keep, int kept_touches, F&& f) {
        walk_back<true>(from, kind, touches, keep, kept_touches, f);
    }

    // Both for_predecessors: with SIFT, keep and kept_touches as the second says.
    template <bool SIFT, typename Keep, typename F>
    void walk_back(const NodeList& from, RetroKind kind, int touches, Keep&& keep, int kept_touches, F&& f) {
        constexpr bool with_moves = std::is_invocable_v<F&, Node, const MoveBack&>;
        struct Found {
            Node nodes[MAX_PREDECESSORS];
            MoveBack moves[with_moves ? MAX_PREDECESSORS : 1];
            std::size_t count;
        };
        // The pieces that move back: those of the side to move in the other table.
        bool moves_back[2];
        for (int t = 0; t < table_count(); ++t) moves_back[t] = has_moves(other(t), kind);
        auto find = [&](Node c, Found& out) {
            const int t = table_of(c);
            out.count = 0;
            if (!moves_back[t]) return;
            const int pt = other(t);
            const Table& before = table(pt);
            core::Position q = table(t).index.position(index_of(c));
            core::SharedIndex kings(before.index, core::WHITE, true); // the king moved back is the mover's there
            for_each_predecessor(q, kind, rules.lone_pieces, [&](const core::Position& p, bool by_king, core::Bitboard moved) {
                const std::uint64_t j = by_king ? kings(p) : before.index.index(p);
                if (!in_slice(pt, j)) return; // a man's step back: a slice solved later
                if constexpr (with_moves) out.moves[out.count] = MoveBack::of(p, by_king, moved);
                out.nodes[out.count] = node(pt, j);
                prefetch(out.nodes[out.count++], touches);
            });
        };
        auto sift = [&](std::size_t, Found& out) {
            std::size_t left = 0;
            for (std::size_t k = 0; k < out.count; ++k) {
                if (!keep(out.nodes[k])) continue;
                if constexpr (with_moves) out.moves[left] = out.moves[k];
                out.nodes[left] = out.nodes[k];
                prefetch(out.nodes[left++], kept_touches);
            }
            out.count = left;
        };
        auto use = [&](std::size_t, const Found& found) {
            for (std::size_t k = 0; k < found.count; ++k) {
                if constexpr (with_moves)
                    f(found.nodes[k], found.moves[k]);
                else
                    f(found.nodes[k]);
            }
        };
        from.for_blocks(threads, [&](const Node* nodes, std::size_t n) {
            auto find_at = [&](std::size_t s, Found& out) { find(nodes[s], out); };
            if constexpr (SIFT)
                ahead_in_two<Found, 6, 3>(0, n, find_at, sift, use);
            else
                ahead<Found, 3>(0, n, find_at, use);
        });
    }

    NodeList predecessors(const NodeList& from, RetroKind kind) {
        for_predecessors(from, kind, SEEN, [&](Node n) { collector->add(n, thread()); });
        return collector->take();
    }

    const SolvedTables& solved;
    const SolveOptions& options;
    const core::Ruleset rules;
    const int limit;
    const int threads;
    bool huge = true; // the arrays and bit sets on huge pages (gen/solver_state.cpp)
    std::vector<std::unique_ptr<Table>> tables;
    std::unique_ptr<Collector> collector; // nodes found by several threads, each once
    // The nodes lost in an earlier round whose level fell in this one, each with the level it
    // had (lowered_loss packs them), added by each thread.
    std::unique_ptr<LoweredLosses> lowered_losses;
    // The steps of the losses' histories of more than one step: a run for each round that
    // lowered a level (record_history), in the order of the rounds.
    std::vector<HistoryRun> history;
    std::vector<HistoryMarks> has_history; // by table
    // The class's slices when it is solved slice by slice (SolveOptions::slices), else null;
    // the slice being solved; the runs of indices, by table, of the slices its forward steps lead
    // into, only the blocks those steps may reach (MenSlices::reached_from); which slices done
    // have given their memory back.
    std::unique_ptr<MenSlices> slices;
    int slice = 0;
    std::vector<Range> imports[2];
    std::vector<std::array<std::uint64_t, 3>> import_counts[2]; // by table, round and label
    // By table, for each chunk of `imports` (chunks_of, in order): the rounds in which any of its
    // positions was labelled, a bit each, so that a round's look at them skips the chunks with
    // none (for_each_imported).
    std::vector<std::array<std::uint64_t, 2>> import_rounds[2];
    std::vector<bool> slice_released;
    // Solving in slices under a read cache (SolveOptions::read_cache): the records of the slices
    // done that slices still to come read, moved out of the process's memory (keep_slice);
    // else null, and they stay where they are.
    std::unique_ptr<ScratchPages> kept;
    std::atomic<bool> contradiction{false};
    const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    StepTimes times; // of the class or slice being solved, said at its end (`generate --verbose`)
};

// ---- The phases, each in a file of its own (gen/solver.cpp has their map).

// The first look: the games over and the facts about the moves of table t that leave the class
// (gen/solver_first_look.cpp).
void first_look(SolverState& s, int t);
// The values under the king-move limit, round by round (gen/solver_limited.cpp).
void solve_limited(SolverState& s);
// The values without the limit (gen/solver_unlimited.cpp).
void solve_unlimited(SolverState& s);

// ---- Losses counted, in a class of kings only (gen/solver_counts.cpp).

// Whether the class's losses under the limit are found by counting: a class of kings only,
// solved whole, of two equal armies (SolveOptions::losses).
bool counts_losses(const SolverState& s);
// Sets the escape's byte of each position being solved that has moves, none a capture, to the
// number of its moves (once for each class of them its own symmetries map onto one another).
void count_moves_left(SolverState& s);
// Takes one off that number for each move into a position won in the frontier, walking back
// from those; returns the positions it brings to 0, which are lost at the frontier's level + 1.
NodeList losses_by_count(SolverState& s, const NodeList& frontier);
// The positions lost at level k, the frontier holding those won or lost at level k - 1 (`counts`,
// count_labels): by losses_by_count, or, where the positions won are more than those counted,
// by counting each counted position's moves anew, forwards (docs/generator.md, "Losses counted").
// `unlabelled`: at most how many positions are not labelled yet, kept from level to level (at
// first those being solved; each call takes off the frontier's).
NodeList losses_counted(SolverState& s, const NodeList& frontier, const SolverState::LabelCounts& counts, int k,
                        std::uint64_t& unlabelled);

// ---- Progress histories (gen/solver_histories.cpp).

// A node and a level, packed so that sorting groups a node's entries.
inline std::uint64_t lowered_loss(Node c, int level) {
    return (index_of(c) << 9) | (std::uint64_t(table_of(c)) << 8) | std::uint64_t(level);
}
// A node whose level fell in a round, and its level at the round's end: the step of its
// history that the round adds. The first time, it also holds the level it had until then, its
// history's first step, whose round is the node's own (Table::round). Sorting puts the node
// first (history_node), as a lowered_loss does.
inline std::uint64_t history_entry(int t, std::uint64_t i, bool first, int first_level, int level) {
    return (i << 18) | (std::uint64_t(t) << 17) | (std::uint64_t(first) << 16) | (std::uint64_t(first_level) << 8) |
           std::uint64_t(level);
}
inline std::uint64_t history_node(int t, std::uint64_t i) { return (i << 1) | std::uint64_t(t); }
inline std::uint64_t history_node_of(std::uint64_t entry) { return entry >> 17; }
// Adds the steps of round r to the histories of the nodes whose level fell in it.
void record_history(SolverState& s, int r);

// ---- The results (gen/solver.cpp).

// The history steps of the positions of table t being solved, by index, then round, from the
// runs of the rounds (SolverState::history), `batch` chunks of positions (gen/chunks.h) at a
// time, all of them by default: a batch's steps are counted, written at place(count), then
// handed on by placed(), batch after batch in order.
void slice_steps(SolverState& s, int t, const std::function<SolvedTable::Step*(std::uint64_t count)>& place,
                 const std::function<void()>& placed = [] {}, std::size_t batch = ~std::size_t{0});

// The results of the indices b to e - 1 of table t, all of the slice being solved, once it is
// solved: what the table files will hold. On the solver's threads, or `threads`.
Results slice_results(const SolverState& s, int t, std::uint64_t b, std::uint64_t e, int threads = 0);

} // namespace damatb::gen::solving
