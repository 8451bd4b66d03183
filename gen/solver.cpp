#include "gen/solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <type_traits>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "gen/chunks.h"
#include "gen/huge_pages.h"
#include "gen/retro.h"

namespace damatb::gen {

namespace {

using namespace core;

// Facts about a position's moves found once, before any propagation.
enum Info : std::uint8_t {
    TERMINAL = 1,   // the game is over here; its labels are set at once
    INTERNAL = 2,   // a move stays in the class (a quiet move that crowns no man)
    EXT_ANY = 4,    // a move leaves the class (a capture or a crowning)
    EXT_WIN = 8,    // ... and wins under the limit: the opponent has lost at counter 0
    EXT_ESC = 16,   // ... and does not lose under the limit: the opponent has not won
    EXT_WIN_U = 32, // the same without the limit
    EXT_ESC_U = 64,
    CAPTURE = 128,  // the side to move must capture (not over): a don't-care position
};

enum Label : std::uint8_t { UNKNOWN = 0, WON = 1, LOST = 2 };

// What an evaluation looks for: anything, or only whether every move loses.
enum class Want { ANY, LOSS };

constexpr int NO_LEVEL = 255;
constexpr int UNLIMITED_LEVELS = 254; // the phase length allowed when the limit is off
constexpr std::uint8_t NO_WITNESS = 255;
constexpr std::uint32_t NO_ESCAPE = 0xFFFFFFFF;

// A move into the other table's node j, a zeroing move or not, as Table::escape keeps it:
// j and the kind of move in 32 bits, or NO_ESCAPE when j does not fit (tables of 2^31 positions
// and more; their evaluations then always generate the moves).
inline std::uint32_t escape_record(std::uint64_t j, bool zeroing) {
    return j < (std::uint64_t{1} << 31) - 1 ? static_cast<std::uint32_t>((j << 1) | zeroing) : NO_ESCAPE;
}

// One byte of each position in an array of 4-byte records (Table::nodes).
template <int OFFSET>
class Field {
public:
    explicit Field(std::uint8_t* base) : base_(base) {}
    std::uint8_t& operator[](std::uint64_t i) const { return base_[4 * i + OFFSET]; }

private:
    std::uint8_t* base_;
};

// One table of the class under solution, one byte per position in each field:
//   info:      Info bits
//   u:         the value without the king-move limit (Label), made when the limited values
//              are done
//   type:      the value under the limit at counter 0 (Label), set once
//   level:     for type WON or LOST, the DTZ as known in the current round
//   round:     the round in which type was set (0 for a game already over)
//   witness_u: the number of a move last seen to escape a loss without the limit (made when
//              the limited values are done)
// and escape, 4 bytes: the move last seen to escape a loss under the limit, as the successor it
// leads to (escape_record), so that looking at it again needs neither the position nor its
// moves; dropped when the limited values are done.
// info, type, level and round, which a look-up of a successor or predecessor reads together,
// lie together in one 4-byte record per position (one cache line to wait for, not several).
struct Table {
    explicit Table(const Material& m)
        : index(m), size(index.size()), nodes(4 * size), escape(size, NO_ESCAPE) {
        for (std::uint64_t i = 0; i < size; ++i) level[i] = NO_LEVEL;
    }
    Table(const Table&) = delete; // the fields point into nodes
    Table& operator=(const Table&) = delete;
    TableIndex index;
    std::uint64_t size;
    HugeVector<std::uint8_t> nodes;
    Field<0> info{nodes.data()};
    Field<1> type{nodes.data()};
    Field<2> level{nodes.data()};
    Field<3> round{nodes.data()};
    HugeVector<std::uint8_t> u, witness_u;
    HugeVector<std::uint32_t> escape;
};

inline std::uint8_t load(const std::uint8_t& x) { return __atomic_load_n(&x, __ATOMIC_RELAXED); }
inline std::uint8_t load_acquire(const std::uint8_t& x) {
    return __atomic_load_n(&x, __ATOMIC_ACQUIRE);
}
inline void store(std::uint8_t& x, int v) {
    __atomic_store_n(&x, static_cast<std::uint8_t>(v), __ATOMIC_RELAXED);
}
inline void store_release(std::uint8_t& x, int v) {
    __atomic_store_n(&x, static_cast<std::uint8_t>(v), __ATOMIC_RELEASE);
}

// A position of the class: its table (0 or 1) in the top bit, its index below.
using Node = std::uint64_t;
constexpr Node TABLE_BIT = Node{1} << 63;
inline Node node(int t, std::uint64_t i) { return t ? (i | TABLE_BIT) : i; }
inline int table_of(Node n) { return (n & TABLE_BIT) ? 1 : 0; }
inline std::uint64_t index_of(Node n) { return n & ~TABLE_BIT; }

inline bool stays_in_class(const Move& m) { return !m.is_capture() && !m.is_promotion(); }

// Collects nodes from several threads, each node once: a bit per node marks
// those collected since the last take().
class Collector {
public:
    Collector(std::uint64_t size0, std::uint64_t size1, std::size_t threads)
        : seen_{HugeVector<std::atomic<std::uint64_t>>(size0 / 64 + 1),
                HugeVector<std::atomic<std::uint64_t>>(size1 / 64 + 1)},
          parts_(threads) {}

    void add(Node c, std::size_t thread) {
        const std::uint64_t i = index_of(c), bit = std::uint64_t{1} << (i % 64);
        auto& word = seen_[table_of(c)][i / 64];
        // A plain read first: a node listed already (often so) costs no locked instruction.
        if (word.load(std::memory_order_relaxed) & bit) return;
        if (!(word.fetch_or(bit, std::memory_order_relaxed) & bit)) parts_[thread].push_back(c);
    }
    // Brings c's mark into the cache ahead of add(c).
    void prefetch(Node c) const { __builtin_prefetch(&seen_[table_of(c)][index_of(c) / 64], 1); }

    // The nodes collected, in increasing order (which later passes walk memory in); clears the
    // marks. Few are sorted; many are read off the marks, which costs a bit per node.
    std::vector<Node> take() {
        std::size_t count = 0;
        for (const auto& p : parts_) count += p.size();
        if (count < (seen_[0].size() + seen_[1].size()) / 64) {
            std::vector<Node> all;
            append(all, parts_); // their memory kept for the next step's nodes
            for (Node c : all) seen_[table_of(c)][index_of(c) / 64].store(0, std::memory_order_relaxed);
            std::sort(all.begin(), all.end());
            return all;
        }
        for (auto& p : parts_) p.clear();
        std::vector<Node> all;
        all.reserve(count);
        for (int t = 0; t < 2; ++t) {
            auto& seen = seen_[t];
            std::vector<Part<Node>> found(chunk_count(seen.size()));
            for_each_chunk(seen.size(), int(parts_.size()), [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
                for (std::uint64_t w = b; w < e; ++w) {
                    std::uint64_t x = seen[w].load(std::memory_order_relaxed);
                    if (!x) continue;
                    seen[w].store(0, std::memory_order_relaxed);
                    for (; x; x &= x - 1) found[c].push_back(node(t, w * 64 + std::uint64_t(__builtin_ctzll(x))));
                }
            });
            append(all, found);
        }
        return all;
    }

private:
    HugeVector<std::atomic<std::uint64_t>> seen_[2];
    std::vector<Part<Node>> parts_; // per thread
};

int thread_count(const SolveOptions& o) { return std::max(1, o.threads); }

// The number of the calling thread in the current parallel region.
std::size_t thread() {
#ifdef _OPENMP
    return static_cast<std::size_t>(omp_get_thread_num());
#else
    return 0;
#endif
}

// A step looks at every position of a table that may be lost, instead of the predecessors
// of the positions just won, when these are more than 1 / SCAN_FROM of the table and the
// positions that may be lost no more than SCAN_RATIO times as many. Walking back from a won
// position computes the index of each of its predecessors (a king has up to 14 moves back);
// an evaluation mostly stops at the first move it looks at, which escapes.
constexpr std::uint64_t SCAN_FROM = 32;
constexpr std::uint64_t SCAN_RATIO = 4;
// Likewise for the wins by a king move (king_move_wins), if those that might be won are no
// more than WIN_SCAN_RATIO_NUM / WIN_SCAN_RATIO_DEN (3 / 2) times the positions lost. Timed
// both ways at each of the 217 steps of a 5-piece run where more than 300,000 positions were
// lost: a lost position walked back from took 190 ns (median of the steps with over a million),
// a position looked at forwards 180 ns; the second round of KKMvKM, at level 3, walked back
// from 11.5 million lost positions in 2.1 s and looked at the 21.6 million that might be won in
// 5.6 s. Over those steps the ratio 3 / 2 took 81 s, 2 took 88 s and 1 took 82 s.
constexpr std::uint64_t WIN_SCAN_RATIO_NUM = 3, WIN_SCAN_RATIO_DEN = 2;
// Likewise for the wins by a man move at a round's start (round_wins), if those that might be
// won are no more than the positions lost: a man has at most 3 moves back, a king up to 14.
// Timed both ways at the 11 steps of KKMMvK, KKKMvK, KMMvKM, KKMMvM and KKKMvM where the scan
// was considered: a position looked at forwards took 88 ns (median; 75 to 135), a lost
// position walked back from 80 ns (40 to 130); at 6 steps with from 0.44 to 0.68 times as many
// to look at as were lost, looking forwards took 10.7 s in all and walking back 15.0 s.
constexpr std::uint64_t MAN_WIN_SCAN_RATIO = 1;

// Calls prepare(s, slot) and then use(s, slot) for each s in [begin, end), preparing s + 1
// before using s: the memory that prepare asks for (__builtin_prefetch) arrives while use
// works on the item before, instead of use waiting for it.
template <typename Slot, typename Prepare, typename Use>
void one_ahead(std::size_t begin, std::size_t end, Prepare&& prepare, Use&& use) {
    Slot slot[2];
    for (std::size_t s = begin; s < end; ++s) {
        const std::size_t cur = (s - begin) & 1;
        if (s == begin) prepare(s, slot[cur]);
        if (s + 1 < end) prepare(s + 1, slot[cur ^ 1]);
        use(s, slot[cur]);
    }
}

// Loops below this many items run on one thread: starting threads costs more.
constexpr std::int64_t PARALLEL_FROM = 4096;

class ClassSolver {
public:
    ClassSolver(const Material& cls, const SolvedTables& solved, const SolveOptions& options)
        : solved_(solved), options_(options), rules_(options.rules),
          limit_(rules_.king_move_limit ? rules_.king_move_limit : UNLIMITED_LEVELS) {
        tables_.push_back(std::make_unique<Table>(cls));
        if (cls.swapped() != cls) tables_.push_back(std::make_unique<Table>(cls.swapped()));
        const auto threads = static_cast<std::size_t>(thread_count(options));
        collector_ = std::make_unique<Collector>(table(0).size, table(table_count() - 1).size, threads);
        fallen_.resize(threads);
        for (int t = 0; t < table_count(); ++t) has_history_[t].assign(table(t).size, false);
    }

    std::vector<std::shared_ptr<SolvedTable>> run() {
        for (int t = 0; t < table_count(); ++t) init(t);
        say("moves leaving the class looked up");
        solve_limited();
        solve_unlimited();
        std::vector<std::shared_ptr<SolvedTable>> out;
        sort_in_parallel(history_, thread_count(options_));
        for (int t = 0; t < table_count(); ++t) out.push_back(finish(t));
        return out;
    }

private:
    int table_count() const { return static_cast<int>(tables_.size()); }
    int other(int t) const { return table_count() == 1 ? 0 : 1 - t; }
    Table& table(int t) { return *tables_[static_cast<std::size_t>(t)]; }
    const Table& table(int t) const { return *tables_[static_cast<std::size_t>(t)]; }
    Table& table_of_node(Node c) { return table(table_of(c)); }

    void say(const std::string& line) const {
        if (!options_.progress) return;
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        char when[32];
        std::snprintf(when, sizeof when, " (%.2f s)", s);
        options_.progress(table(0).index.material().class_name() + ": " + line + when);
    }

    // The index, in the other table, of the position after an in-class move of p; after a king
    // move by `kings` (kings_after(t)), which the successors of p by its king moves share.
    std::uint64_t successor(int t, const Position& p, const Move& m, SharedIndex& kings) {
        const Position q = as_white_to_move(p.after(m));
        return m.mover_is_king() ? kings(q) : table(other(t)).index.index(q);
    }
    // The index of the positions after the king moves of one position of table t: the king
    // moved is Black's once the board is turned around.
    SharedIndex kings_after(int t) const { return SharedIndex(table(other(t)).index, BLACK, true); }

    // Runs f(begin, end) over blocks [begin, end) of [0, n) that threads take in turn, on
    // several threads when n is large.
    template <typename F>
    void parallel_blocks(std::int64_t n, F&& f) {
        constexpr std::int64_t BLOCK = 512;
#pragma omp parallel for schedule(dynamic, 1) num_threads(thread_count(options_)) if (n >= PARALLEL_FROM)
        for (std::int64_t b = 0; b < n; b += BLOCK)
            f(static_cast<std::size_t>(b), static_cast<std::size_t>(std::min(n, b + BLOCK)));
    }

    // Runs f(s) for s < n, on several threads when n is large.
    template <typename F>
    void parallel_for(std::int64_t n, F&& f) {
        parallel_blocks(n, [&](std::size_t b, std::size_t e) {
            for (std::size_t s = b; s < e; ++s) f(s);
        });
    }

    // Every node of table t for which keep(table, index) holds, in order, appended to out.
    template <typename F>
    void select_in(int t, F&& keep, std::vector<Node>& out) {
        Table& T = table(t);
        std::vector<Part<Node>> parts(chunk_count(T.size));
        for_each_chunk(T.size, thread_count(options_), [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            for (std::uint64_t i = b; i < e; ++i)
                if (keep(T, i)) parts[c].push_back(node(t, i));
        });
        append(out, parts);
    }

    // Every node of the class for which keep(table, index) holds, in order.
    template <typename F>
    std::vector<Node> select(F&& keep) {
        std::vector<Node> out;
        for (int t = 0; t < table_count(); ++t) select_in(t, keep, out);
        return out;
    }

    // The nodes of `from` for which keep(table, index) holds, in the order of `from`. On several
    // threads: a round's first list is tens of millions of nodes, not in order of index, and
    // each look-up a cache miss.
    template <typename F>
    std::vector<Node> kept(const std::vector<Node>& from, F&& keep) {
        std::vector<Part<Node>> parts(chunk_count(from.size()));
        for_each_chunk(from.size(), thread_count(options_), [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            for (std::uint64_t s = b; s < e; ++s)
                if (keep(table_of_node(from[s]), index_of(from[s]))) parts[c].push_back(from[s]);
        });
        return join(parts);
    }

    // The nodes of `from` whose label is `label`: type (under the limit), or u (without it).
    enum class LabelOf { TYPE, U };
    std::vector<Node> with_label(const std::vector<Node>& from, LabelOf field, Label label) {
        return kept(from, [field, label](const Table& T, std::uint64_t i) {
            return (field == LabelOf::TYPE ? T.type[i] : T.u[i]) == label;
        });
    }

    // What a pass over predecessors reads of each: fetched from memory for all the
    // predecessors of a node at once, before f sees the first.
    enum Touches { SEEN = 1, TYPE_LEVEL = 2, U = 4, INFO_TYPE = 8, ESCAPE = 16 };

    void prefetch(Node c, int touches) const {
        const Table& T = table(table_of(c));
        const std::uint64_t i = index_of(c);
        if (touches & SEEN) collector_->prefetch(c);
        if (touches & TYPE_LEVEL) __builtin_prefetch(&T.type[i], 1);
        if (touches & U) __builtin_prefetch(&T.u[i], 1);
        if (touches & INFO_TYPE) __builtin_prefetch(&T.info[i]);
        if (touches & ESCAPE) __builtin_prefetch(&T.escape[i]);
    }

    // Whether the side to move in table u has pieces that make moves of `kind`: if not, no
    // position of u has one, and neither a walk back into u nor a pass over u finds any.
    bool has_moves(int u, RetroKind kind) const {
        const Army& a = table(u).index.material().mover;
        return (kind != RetroKind::KING_MOVES && a.men) || (kind != RetroKind::MAN_MOVES && a.kings);
    }

    // The nodes of `from` by the table their predecessors lie in (the other table).
    std::array<std::vector<Node>, 2> by_predecessor_table(const std::vector<Node>& from) const {
        std::array<std::vector<Node>, 2> out;
        for (Node c : from) out[static_cast<std::size_t>(other(table_of(c)))].push_back(c);
        return out;
    }

    // Whether a step that looks for moves of `kind` into `from` nodes, whose predecessors lie
    // in table u, weighs a pass over u against the walk back: never if u's side to move makes
    // no such move (has_moves; the walk back skips those nodes at once); with Search::SCAN
    // always; with Search::AUTO when those nodes are more than 1 / SCAN_FROM of u.
    bool may_scan(int u, RetroKind kind, std::size_t from) const {
        return has_moves(u, kind) &&
               (options_.search == Search::SCAN ||
                (options_.search == Search::AUTO && from * SCAN_FROM > table(u).size));
    }

    // Calls f(node) for each in-class predecessor of the nodes in `from`, in parallel, or
    // f(node, successor) with the node of `from` it precedes.
    // The predecessors of one node are found (and their records fetched) while f sees
    // those of the node before: f would otherwise wait for the memory at each.
    template <typename F>
    void for_predecessors(const std::vector<Node>& from, RetroKind kind, int touches, F&& f) {
        struct Found {
            Node nodes[MAX_PREDECESSORS];
            std::size_t count;
        };
        // The pieces that move back: those of the side to move in the other table.
        bool moves_back[2];
        for (int t = 0; t < table_count(); ++t) moves_back[t] = has_moves(other(t), kind);
        auto find = [&](std::size_t s, Found& out) {
            const int t = table_of(from[s]);
            out.count = 0;
            if (!moves_back[t]) return;
            const int pt = other(t);
            const Table& P = table(pt);
            Position q = table(t).index.position(index_of(from[s]));
            SharedIndex kings(P.index, WHITE, true); // the king moved back is the mover's in P
            for_each_predecessor(q, kind, rules_.lone_pieces, [&](const Position& p, bool by_king) {
                out.nodes[out.count] = node(pt, by_king ? kings(p) : P.index.index(p));
                prefetch(out.nodes[out.count++], touches);
            });
        };
        parallel_blocks(static_cast<std::int64_t>(from.size()), [&](std::size_t b, std::size_t e) {
            one_ahead<Found>(b, e, find, [&](std::size_t s, const Found& found) {
                for (std::size_t k = 0; k < found.count; ++k) {
                    if constexpr (std::is_invocable_v<F&, Node, Node>)
                        f(found.nodes[k], from[s]);
                    else
                        f(found.nodes[k]);
                }
            });
        });
    }

    std::vector<Node> predecessors(const std::vector<Node>& from, RetroKind kind) {
        for_predecessors(from, kind, SEEN, [&](Node n) { collector_->add(n, thread()); });
        return collector_->take();
    }

    // The predecessors (by `kind` of move) that may be lost: neither over nor won yet, and
    // with no move out of the class that escapes (evaluate_limited finds nothing in the others).
    // By king moves, from positions just won, also not one whose escape (Table::escape) still
    // escapes: a position not labelled whose escape is a king move into another position than
    // the one just won, or a man move (its cost changes only between rounds), would find it
    // again when evaluated.
    std::vector<Node> may_be_lost(const std::vector<Node>& from, RetroKind kind) {
        const bool by_king_move = kind == RetroKind::KING_MOVES;
        for_predecessors(from, kind, INFO_TYPE | SEEN | (by_king_move ? ESCAPE : 0), [&](Node n, Node successor) {
            const Table& T = table_of_node(n);
            const std::uint64_t i = index_of(n);
            if ((T.info[i] & (TERMINAL | EXT_WIN | EXT_ESC)) || load(T.type[i]) == WON) return;
            if (by_king_move && load(T.type[i]) == UNKNOWN && T.escape[i] != NO_ESCAPE &&
                T.escape[i] != escape_record(index_of(successor), false))
                return;
            collector_->add(n, thread());
        });
        return collector_->take();
    }

    // Terminal positions and the facts about moves that leave the class.
    void init(int t) {
        Table& T = table(t);
        parallel_for(static_cast<std::int64_t>(T.size), [&](std::size_t i) {
            Position p = T.index.position(i);
            MoveList exits;
            Outcome over = lone_pieces_outcome(p, rules_.lone_pieces);
            const bool internal = over == Outcome::NONE && generate_material_changes(p, rules_.promotion, exits);
            if (over == Outcome::NONE && !internal && exits.empty()) over = Outcome::LOSS; // no move
            if (over != Outcome::NONE) {
                T.info[i] = TERMINAL;
                int label = over == Outcome::WIN ? WON : over == Outcome::LOSS ? LOST : UNKNOWN;
                T.type[i] = static_cast<std::uint8_t>(label);
                T.level[i] = label == UNKNOWN ? NO_LEVEL : 0;
                return;
            }
            std::uint8_t info = internal ? INTERNAL : 0;
            if (!exits.empty() && exits[0].is_capture()) info |= CAPTURE; // captures are compulsory
            for (const Move& m : exits) {
                Wdl5 v = solved_.wdl(as_white_to_move(p.after(m))); // the opponent's value
                info |= EXT_ANY;
                if (v == Wdl5::LOSS) info |= EXT_WIN;
                if (v != Wdl5::WIN) info |= EXT_ESC;
                if (loses_without_limit(v)) info |= EXT_WIN_U;
                if (!wins_without_limit(v)) info |= EXT_ESC_U;
            }
            T.info[i] = info;
        });
    }

    // ---- Without the limit: the plain game, repetition a draw.

    // The label of a position from its successors' labels. With Want::LOSS it
    // looks only for a loss, trying the move that escaped last time first.
    Label evaluate_unlimited(int t, std::uint64_t i, Want want) {
        Table& T = table(t);
        const std::uint8_t info = T.info[i];
        if (info & TERMINAL) return Label(T.u[i]);
        if (info & EXT_WIN_U) return WON;
        if (want == Want::LOSS && (info & EXT_ESC_U)) return UNKNOWN;
        Position p = T.index.position(i);
        MoveList moves;
        generate_moves(p, rules_.promotion, moves);
        Table& O = table(other(t));
        SharedIndex kings = kings_after(t);
        const std::uint8_t w = T.witness_u[i];
        if (want == Want::LOSS && w < moves.size() && load(O.u[successor(t, p, moves[w], kings)]) != WON)
            return UNKNOWN;
        // Every successor's index first and its label asked for, then the labels read: one wait
        // on memory rather than one per move (a draw looks at every move).
        std::uint64_t succ[MoveList::CAPACITY];
        for (std::size_t k = 0; k < moves.size(); ++k) {
            if (!stays_in_class(moves[k])) continue;
            succ[k] = successor(t, p, moves[k], kings);
            __builtin_prefetch(&O.u[succ[k]]);
        }
        bool all_won = !(info & EXT_ESC_U);
        for (std::size_t k = 0; k < moves.size(); ++k) {
            if (!stays_in_class(moves[k])) continue;
            std::uint8_t label = load(O.u[succ[k]]);
            if (label == LOST) return WON;
            if (label != WON) {
                all_won = false;
                T.witness_u[i] = static_cast<std::uint8_t>(k);
                if (want == Want::LOSS) return UNKNOWN;
            }
        }
        return all_won ? LOST : UNKNOWN;
    }

    // Runs after solve_limited: what is won or lost under the limit is won or lost
    // without it too, so only the rest (draws under the limit) is looked at afresh,
    // then the plain retrograde goes on from what that decides.
    void solve_unlimited() {
        for (int t = 0; t < table_count(); ++t) {
            HugeVector<std::uint32_t>().swap(table(t).escape);
            table(t).u.resize(table(t).size);
            table(t).witness_u.assign(table(t).size, NO_WITNESS);
        }
        // The draws under the limit that may be decided without it (docs/generator.md, "What is
        // solved"): a move out of the class into a blessed loss (it wins) or a cursed win (the
        // one escape, when all else loses), or a king move into a position won or lost at the
        // limit's own level (too dear under the limit). Any other draw has a move that escapes
        // both ways, or the limited solution would have labelled it. Search::SCAN looks at
        // every draw instead; the tests compare the two.
        const bool every_draw = options_.search == Search::SCAN;
        std::vector<Node> open = select([every_draw](Table& T, std::uint64_t i) {
            T.u[i] = T.type[i]; // a game over has the same value either way
            const std::uint8_t info = T.info[i];
            return T.u[i] == UNKNOWN && !(info & TERMINAL) &&
                   (every_draw || (info & EXT_WIN_U) || ((info & EXT_ESC) && !(info & EXT_ESC_U)));
        });
        if (!every_draw) {
            const int limit = limit_;
            const std::vector<Node> at_limit = select([limit](const Table& T, std::uint64_t i) {
                return T.type[i] != UNKNOWN && T.level[i] == limit;
            });
            for_predecessors(at_limit, RetroKind::KING_MOVES, INFO_TYPE | SEEN, [&](Node c) {
                const Table& T = table_of_node(c);
                const std::uint64_t i = index_of(c);
                if (T.type[i] == UNKNOWN && !(T.info[i] & TERMINAL)) collector_->add(c, thread());
            });
            for (Node c : open) collector_->add(c, 0);
            open = collector_->take();
        }
        parallel_for(static_cast<std::int64_t>(open.size()), [&](std::size_t s) {
            const Node c = open[s];
            Label l = evaluate_unlimited(table_of(c), index_of(c), Want::ANY);
            if (l == UNKNOWN) return;
            store(table_of_node(c).u[index_of(c)], l);
            collector_->add(c, thread());
        });
        std::vector<Node> decided = collector_->take();
        std::size_t total = decided.size();
        while (!decided.empty()) {
            // A move into a lost position wins; a move into a won one may lose, if all do.
            for_predecessors(with_label(decided, LabelOf::U, LOST), RetroKind::ALL, U | SEEN, [&](Node c) {
                Table& T = table_of_node(c);
                if (load(T.u[index_of(c)]) != UNKNOWN) return;
                store(T.u[index_of(c)], WON);
                collector_->add(c, thread());
            });
            std::vector<Node> next = collector_->take();
            std::vector<Node> candidates = predecessors(with_label(decided, LabelOf::U, WON), RetroKind::ALL);
            parallel_for(static_cast<std::int64_t>(candidates.size()), [&](std::size_t s) {
                const Node c = candidates[s];
                Table& T = table_of_node(c);
                const std::uint64_t i = index_of(c);
                if (load(T.u[i]) != UNKNOWN) return;
                if (evaluate_unlimited(table_of(c), i, Want::LOSS) == LOST) {
                    store(T.u[i], LOST);
                    collector_->add(c, thread());
                }
            });
            decided = collector_->take();
            decided.insert(decided.end(), next.begin(), next.end());
            total += decided.size();
        }
        say("without the limit: " + std::to_string(total) + " more positions won or lost");
    }

    // ---- Under the limit: rounds of phases, levels within a round (docs/generator.md).

    struct Evaluation {
        Label label;
        int level;
    };

    // What a man move into the other table's node j is worth at counter 0 in
    // round r: the labels set in earlier rounds.
    static Label exit_label(const Table& O, std::uint64_t j, int r) {
        std::uint8_t type = load_acquire(O.type[j]);
        return (type != UNKNOWN && load(O.round[j]) < r) ? Label(type) : UNKNOWN;
    }

    // A candidate for a loss and the move to look at first: the one that escaped last time
    // (Table::escape), else the first that stays in the class, if any. The successor's index
    // is known and its record fetched while another candidate is evaluated. The position and
    // its moves are made only when needed: for the first move, or when it no longer escapes;
    // or at once (`eager`), with the successors after every move and their records fetched, where
    // the probe mostly no longer escapes (the candidates at the start of a round: their escape is
    // mostly the very man move that now loses).
    struct Candidate {
        int t;
        std::uint64_t i;
        bool has_probe;
        std::uint64_t probe_j;
        bool probe_zeroing;
        int probe_move; // the probe's number among moves, -1 if it came from Table::escape
        bool expanded;  // p, moves and kings made
        bool eager;     // and succ
        Position p;
        MoveList moves;
        SharedIndex kings; // the index after p's king moves (kings_after)
        std::uint64_t succ[MoveList::CAPACITY]; // the successor after each move in the class
    };

    void expand(Candidate& a) {
        a.p = table(a.t).index.position(a.i);
        generate_moves(a.p, rules_.promotion, a.moves);
        a.kings = kings_after(a.t);
        a.expanded = true;
    }

    void prepare(Node c, Candidate& out, bool eager) {
        out.t = table_of(c);
        out.i = index_of(c);
        out.expanded = false;
        out.eager = eager;
        out.probe_move = -1;
        const std::uint32_t e = table(out.t).escape[out.i];
        if (e != NO_ESCAPE) {
            out.has_probe = true;
            out.probe_j = e >> 1;
            out.probe_zeroing = e & 1;
        } else {
            expand(out);
            for (std::size_t k = 0; out.probe_move < 0 && k < out.moves.size(); ++k)
                if (stays_in_class(out.moves[k])) out.probe_move = static_cast<int>(k);
            out.has_probe = out.probe_move >= 0;
            if (!out.has_probe) return;
            const Move& m = out.moves[static_cast<std::size_t>(out.probe_move)];
            out.probe_j = successor(out.t, out.p, m, out.kings);
            out.probe_zeroing = m.is_zeroing();
        }
        const Table& O = table(other(out.t));
        __builtin_prefetch(&O.type[out.probe_j]);
        if (!eager) return;
        if (!out.expanded) expand(out);
        for (std::size_t k = 0; k < out.moves.size(); ++k) {
            if (!stays_in_class(out.moves[k]) || int(k) == out.probe_move) continue;
            out.succ[k] = successor(out.t, out.p, out.moves[k], out.kings);
            __builtin_prefetch(&O.type[out.succ[k]]);
        }
    }

    // Whether every move of a candidate (may_be_lost: not over, and no move out of the class
    // that wins or escapes) loses in round r, and the loss's level (its dearest move) if so;
    // a win found on the way (a zeroing move into a position lost in an earlier round) is
    // returned too. The probe first, whose successor's record was asked for ahead.
    Evaluation evaluate_limited(Candidate& a, int r) {
        constexpr Evaluation NOTHING{UNKNOWN, NO_LEVEL};
        Table& T = table(a.t);
        const Table& O = table(other(a.t));
        // The cost of a move to O's node j for the loser: 0 if it escapes, -1 if it wins at
        // level 1 (it escapes too).
        auto cost = [&](bool zeroing, std::uint64_t j) {
            if (zeroing) {
                const Label exit = exit_label(O, j, r);
                return exit == WON ? 1 : exit == LOST ? -1 : 0;
            }
            const std::uint8_t type = load_acquire(O.type[j]);
            const int level = load(O.level[j]);
            return (type == WON && level + 1 <= limit_) ? level + 1 : 0;
        };
        auto escapes = [&](std::uint64_t j, bool zeroing) {
            const std::uint32_t e = escape_record(j, zeroing);
            if (T.escape[a.i] != e) T.escape[a.i] = e;
            return NOTHING;
        };
        int longest = (T.info[a.i] & EXT_ANY) ? 1 : 0;
        if (a.has_probe) {
            const int c = cost(a.probe_zeroing, a.probe_j);
            if (c <= 0) return escapes(a.probe_j, a.probe_zeroing);
            longest = std::max(longest, c);
        }
        if (!a.expanded) expand(a);
        // The other moves in batches of 2, 4, 8 and so on, the records after a batch's moves
        // asked for together: few indices computed in vain when an early move escapes, few
        // waits when many moves must be looked at. A probe from Table::escape is among them,
        // its successor's record in the cache already.
        std::size_t batch[MoveList::CAPACITY];
        std::uint64_t succ[MoveList::CAPACITY];
        for (std::size_t next = 0, size = 2; next < a.moves.size(); size *= 2) {
            std::size_t n = 0;
            for (; next < a.moves.size() && n < size; ++next) {
                if (!stays_in_class(a.moves[next]) || int(next) == a.probe_move) continue;
                batch[n] = next;
                if (a.eager) {
                    succ[n++] = a.succ[next];
                    continue;
                }
                succ[n] = successor(a.t, a.p, a.moves[next], a.kings);
                __builtin_prefetch(&O.type[succ[n++]]);
            }
            for (std::size_t q = 0; q < n; ++q) {
                const bool zeroing = a.moves[batch[q]].is_zeroing();
                const int c = cost(zeroing, succ[q]);
                if (c < 0) return {WON, 1};
                if (c == 0) return escapes(succ[q], zeroing);
                longest = std::max(longest, c);
            }
        }
        // No escape to look at first next time: a loss put off to a later level is evaluated
        // again whenever one of its moves' cost falls (may_be_lost).
        T.escape[a.i] = NO_ESCAPE;
        return {LOST, longest};
    }

    // Sets node c to `label` at `level` in round r if that is news; true if it was.
    bool commit(Node c, Label label, int level, int r) {
        Table& T = table_of_node(c);
        const std::uint64_t i = index_of(c);
        const std::uint8_t old = load(T.type[i]);
        if (old != UNKNOWN && old != label) {
            contradiction_ = true;
            return false;
        }
        if (old != UNKNOWN && load(T.level[i]) <= level) return false;
        // Only a loss's history is kept (core/record.h): the probe ranks a winning move by the
        // history of the position it leads to.
        if (old == LOST && load(T.round[i]) < r) fallen_[thread()].push_back(fallen(c, load(T.level[i])));
        store(T.level[i], level);
        if (old == UNKNOWN) {
            store(T.round[i], r);
            store_release(T.type[i], label);
        }
        return true;
    }

    void solve_limited() {
        // Round 1 starts from the games already over (their own level 0) and what
        // init found (commit_direct).
        std::vector<Node> over = select([](Table& T, std::uint64_t i) {
            return (T.info[i] & TERMINAL) && T.type[i] != UNKNOWN;
        });
        // What the next round starts from: the man moves into positions labelled in the
        // round before.
        std::vector<Node> labelled = std::move(over);
        for (int r = 1;; ++r) {
            Seeds seeds{round_wins(with_label(labelled, LabelOf::TYPE, LOST), r),
                        round_candidates(with_label(labelled, LabelOf::TYPE, WON), r)};
            if (r > 1 && seeds.wins.empty() && seeds.candidates.empty()) break;
            if (r > MAX_PROGRESS_ROUND)
                throw std::runtime_error("more than " + std::to_string(MAX_PROGRESS_ROUND) + " rounds");
            labelled = run_round(r, r == 1 ? labelled : std::vector<Node>{}, seeds);
            if (contradiction_) throw std::logic_error("a position both won and lost");
            say("round " + std::to_string(r) + ": " + std::to_string(labelled.size()) +
                " positions won or lost");
            record_history(r);
        }
    }

    // ---- Progress histories (core/record.h): the (round, level) steps of a position.

    // A node and a level, packed so that sorting groups a node's entries.
    static std::uint64_t fallen(Node c, int level) {
        return (index_of(c) << 9) | (std::uint64_t(table_of(c)) << 8) | std::uint64_t(level);
    }
    static std::uint64_t history_step(int t, std::uint64_t i, int round, int level) {
        return (i << 17) | (std::uint64_t(t) << 16) | (std::uint64_t(round) << 8) | std::uint64_t(level);
    }

    // Adds a step (r, level at the end of round r) to the history of each node whose level
    // fell in round r, preceded, the first time, by its first step (its first round, and the
    // level it had until this round).
    void record_history(int r) {
        std::vector<std::uint64_t> all;
        for (auto& part : fallen_) {
            all.insert(all.end(), part.begin(), part.end());
            part.clear();
        }
        sort_in_parallel(all, thread_count(options_));
        for (std::size_t s = 0; s < all.size(); ++s) {
            if (s + 1 < all.size() && (all[s + 1] >> 8) == (all[s] >> 8))
                continue; // the last of a node's entries has the largest level: its level before
            const int t = int((all[s] >> 8) & 1);
            const std::uint64_t i = all[s] >> 9;
            const Table& T = table(t);
            if (!has_history_[t][i]) {
                has_history_[t][i] = true;
                history_.push_back(history_step(t, i, T.round[i], int(all[s] & 0xFF)));
            }
            history_.push_back(history_step(t, i, r, T.level[i]));
        }
    }

    // The positions with a king move into one of the frontier's won positions (won at level
    // k - 1), which may be lost at level k: may_be_lost's. Where the won positions are many,
    // finding their predecessors costs more than looking at every position of the table they
    // lie in that may still be lost at level k or lower (not over, no escape out of the class,
    // not won, not lost at level k or lower, no man move as its escape), if those are no more
    // than SCAN_RATIO times the won positions.
    // The extra positions are harmless: evaluate_limited finds again what they were given.
    std::vector<Node> loss_candidates(const std::vector<Node>& frontier, int k) {
        const auto won = by_predecessor_table(with_label(frontier, LabelOf::TYPE, WON));
        std::vector<Node> out, backward;
        for (int u = 0; u < table_count(); ++u) {
            const Search search = options_.search;
            const std::vector<Node>& from = won[static_cast<std::size_t>(u)];
            if (may_scan(u, RetroKind::KING_MOVES, from.size())) {
                std::vector<Node> open;
                select_in(u, [k](const Table& T, std::uint64_t i) {
                    if (T.info[i] & (TERMINAL | EXT_WIN | EXT_ESC)) return false;
                    const std::uint8_t type = T.type[i];
                    // Not one whose escape is a man move: its cost changes only between rounds.
                    if (type == UNKNOWN) return T.escape[i] == NO_ESCAPE || !(T.escape[i] & 1);
                    return type == LOST && T.level[i] > k;
                }, open);
                if (search == Search::SCAN || open.size() <= from.size() * SCAN_RATIO) {
                    out.insert(out.end(), open.begin(), open.end());
                    continue;
                }
            }
            backward.insert(backward.end(), from.begin(), from.end());
        }
        if (!backward.empty()) {
            std::vector<Node> found = may_be_lost(backward, RetroKind::KING_MOVES);
            out.insert(out.end(), found.begin(), found.end());
        }
        return out;
    }

    // The positions with a man move into one of `won`, the positions won in round r - 1, which
    // may be lost in round r: may_be_lost's. Where those won are many, a pass over the table
    // their predecessors lie in finds them for less: the positions not labelled (and not over,
    // with no move out of the class that escapes) whose escape (Table::escape) is a man move
    // into a position won in round r - 1, or that have none. Any other such position still
    // escapes: its escape is a king move (which stops escaping only within a round, when the
    // position it leads to is won or its level falls, and the step that does so looks at the
    // position again), or a man move into a position not labelled in round r - 1 (not labelled
    // at all: the move escapes; labelled before: the position was evaluated again in that
    // round, and its escape is newer). A position lost already never has a man move into a
    // position won in round r - 1: that move escaped in every round up to r - 1.
    std::vector<Node> round_candidates(const std::vector<Node>& won, int r) {
        const auto preceding = by_predecessor_table(won);
        std::vector<Node> out, backward;
        for (int u = 0; u < table_count(); ++u) {
            const std::vector<Node>& from = preceding[static_cast<std::size_t>(u)];
            if (may_scan(u, RetroKind::MAN_MOVES, from.size()))
                select_escaping_into_won(u, r - 1, out);
            else
                backward.insert(backward.end(), from.begin(), from.end());
        }
        if (!backward.empty()) add_nodes(out, may_be_lost(backward, RetroKind::MAN_MOVES));
        return out;
    }

    // The positions with a man move into one of `lost`, the positions lost in round r - 1,
    // which are won at level 1 in round r: those not over, not won at level 1 already.
    // Where the lost positions are more than 1 / SCAN_FROM of the table their predecessors
    // lie in, looking forwards from each position of that table that may be so won (not over,
    // with a move inside the class, not lost, not won at level 1) can cost less than walking
    // back from each lost position: it does so if those are no more than the lost positions.
    // Where one side wins nearly everywhere, a round's lost positions are tens of millions and
    // most of their predecessors are won at level 1 already (KKMMvK's second round: 53 million
    // lost, 32 million to look at, 2.7 s forwards instead of 5.3 s back).
    std::vector<Node> round_wins(const std::vector<Node>& lost, int r) {
        const auto preceding = by_predecessor_table(lost);
        std::vector<Node> out, backward;
        for (int u = 0; u < table_count(); ++u) {
            const Search search = options_.search;
            const std::vector<Node>& from = preceding[static_cast<std::size_t>(u)];
            if (!from.empty() && may_scan(u, RetroKind::MAN_MOVES, from.size())) {
                std::vector<Node> open;
                select_in(u, [](const Table& T, std::uint64_t i) {
                    const std::uint8_t info = T.info[i];
                    if ((info & TERMINAL) || !(info & INTERNAL)) return false;
                    const std::uint8_t type = T.type[i];
                    return type == UNKNOWN || (type == WON && T.level[i] > 1);
                }, open);
                if (search == Search::SCAN || open.size() <= from.size() * MAN_WIN_SCAN_RATIO) {
                    const Table& O = table(other(u));
                    add_nodes(out, kept(open, [&](const Table&, std::uint64_t i) {
                        return has_move_into(u, i, true, [&O, r](std::uint64_t j) {
                            return O.type[j] == LOST && O.round[j] == r - 1;
                        });
                    }));
                    continue;
                }
            }
            backward.insert(backward.end(), from.begin(), from.end());
        }
        if (!backward.empty()) add_nodes(out, predecessors(backward, RetroKind::MAN_MOVES));
        return out;
    }

    // round_candidates' pass over table u: appends to out, in order, the nodes not labelled
    // whose escape is a man move into a position won in round `won_in`, or that have none.
    void select_escaping_into_won(int u, int won_in, std::vector<Node>& out) {
        const Table& O = table(other(u));
        // The record after an escape is fetched this many positions ahead: each is a cache miss.
        constexpr std::uint64_t AHEAD = 16;
        select_in(u, [&O, won_in](const Table& T, std::uint64_t i) {
            if (i + AHEAD < T.size) {
                const std::uint32_t ahead = T.escape[i + AHEAD];
                if (ahead != NO_ESCAPE && (ahead & 1)) __builtin_prefetch(&O.type[ahead >> 1]);
            }
            if ((T.info[i] & (TERMINAL | EXT_WIN | EXT_ESC)) || T.type[i] != UNKNOWN) return false;
            const std::uint32_t escape = T.escape[i];
            return escape == NO_ESCAPE ||
                   ((escape & 1) && O.type[escape >> 1] == WON && O.round[escape >> 1] == won_in);
        }, out);
    }

    // Whether position i of table t, not over, has a move inside the class of the kind asked
    // for (a man move if `zeroing`, else a king move) into a node j of the other table for
    // which lost(j) holds. The moves in batches of 2, 4, 8 and so on, as evaluate_limited.
    template <typename F>
    bool has_move_into(int t, std::uint64_t i, bool zeroing, F&& lost) {
        const Position p = table(t).index.position(i);
        MoveList moves;
        generate_moves(p, rules_.promotion, moves);
        const Table& O = table(other(t));
        SharedIndex kings = kings_after(t);
        std::uint64_t succ[MoveList::CAPACITY];
        for (std::size_t next = 0, size = 2; next < moves.size(); size *= 2) {
            std::size_t n = 0;
            for (; next < moves.size() && n < size; ++next) {
                if (!stays_in_class(moves[next]) || moves[next].is_zeroing() != zeroing) continue;
                succ[n] = successor(t, p, moves[next], kings);
                __builtin_prefetch(&O.type[succ[n++]]);
            }
            for (std::size_t q = 0; q < n; ++q)
                if (lost(succ[q])) return true;
        }
        return false;
    }

    // Whether position i of table t, not over, has a king move into a position lost at level
    // k - 1 (or lower: those have been looked at before, and i would be won already).
    bool wins_by_king_move(int t, std::uint64_t i, int k) {
        const Table& O = table(other(t));
        return has_move_into(t, i, false, [&O, k](std::uint64_t j) {
            return load(O.type[j]) == LOST && load(O.level[j]) < k;
        });
    }

    // The step that finds the wins at level k of round r: a king move into a position lost at
    // level k - 1 (in the frontier) wins at level k. Commits them and lists them for the
    // collector. Where the lost positions are more than 1 / SCAN_FROM of the table their
    // predecessors lie in, walking back from each (a king has up to 14 moves back, most into
    // positions won already) can cost more than looking forward from each position of that
    // table that may still be won at level k (not over, with a move inside the class, not won
    // at level k or lower): it does so if those are no more than 3 / 2 times the lost positions
    // (WIN_SCAN_RATIO_NUM / WIN_SCAN_RATIO_DEN). A position looked at stops at its first
    // winning move.
    void king_move_wins(const std::vector<Node>& frontier, int k, int r) {
        const auto preceding = by_predecessor_table(with_label(frontier, LabelOf::TYPE, LOST));
        std::vector<Node> backward;
        for (int u = 0; u < table_count(); ++u) {
            const Search search = options_.search;
            const std::vector<Node>& lost = preceding[static_cast<std::size_t>(u)];
            if (!lost.empty() && may_scan(u, RetroKind::KING_MOVES, lost.size())) {
                std::vector<Node> open;
                select_in(u, [k](const Table& T, std::uint64_t i) {
                    const std::uint8_t info = T.info[i];
                    if ((info & TERMINAL) || !(info & INTERNAL)) return false;
                    const std::uint8_t type = T.type[i];
                    return type == UNKNOWN || (type == WON && T.level[i] > k);
                }, open);
                if (search == Search::SCAN ||
                    open.size() * WIN_SCAN_RATIO_DEN <= lost.size() * WIN_SCAN_RATIO_NUM) {
                    parallel_for(static_cast<std::int64_t>(open.size()), [&](std::size_t s) {
                        if (wins_by_king_move(u, index_of(open[s]), k) && commit(open[s], WON, k, r))
                            collector_->add(open[s], thread());
                    });
                    continue;
                }
            }
            backward.insert(backward.end(), lost.begin(), lost.end());
        }
        for_predecessors(backward, RetroKind::KING_MOVES, TYPE_LEVEL | SEEN, [&](Node c) {
            if (commit(c, WON, k, r)) collector_->add(c, thread());
        });
    }

    // What a round starts from, besides the games over: the positions with a zeroing move
    // into one lost in the round before (won at level 1) and those with one into a position
    // won in it, which may be lost now (evaluated at level 1).
    struct Seeds {
        std::vector<Node> wins, candidates;
    };

    // The first round's level 1 as init found it: a move out of the class that wins, or no move
    // inside the class and none out of it that escapes (a loss). Committed in a pass over the
    // tables, not through the threads' lists: where one side wins nearly everywhere these are
    // most of the class (KKMvKM: 124 million of 256 million positions), and committing them
    // through the lists took 20 s there (docs/generator.md, "Work lists and threads"). Returns
    // the nodes it labelled (those not labelled at level 1 already), in order.
    std::vector<Node> commit_direct(int r) {
        std::vector<Node> out;
        for (int t = 0; t < table_count(); ++t) {
            Table& T = table(t);
            std::vector<Part<Node>> parts(chunk_count(T.size));
            for_each_chunk(T.size, thread_count(options_), [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
                for (std::uint64_t i = b; i < e; ++i) {
                    const std::uint8_t info = T.info[i];
                    if ((info & TERMINAL) || !((info & EXT_WIN) || (!(info & INTERNAL) && !(info & EXT_ESC))))
                        continue;
                    if (commit(node(t, i), (info & EXT_WIN) ? WON : LOST, 1, r)) parts[c].push_back(node(t, i));
                }
            });
            append(out, parts);
        }
        return out;
    }

    // `to` with the nodes of `more` added, in no particular order: the shorter list is copied.
    static void add_nodes(std::vector<Node>& to, std::vector<Node>&& more) {
        if (to.size() < more.size()) std::swap(to, more);
        to.insert(to.end(), more.begin(), more.end());
    }

    // One round: levels 1 to the limit, each from the one before. `frontier` holds the nodes
    // of level 0. Returns the nodes labelled for the first time.
    std::vector<Node> run_round(int r, std::vector<Node> frontier, const Seeds& seeds) {
        // Nodes found lost before their level came, by that level, committed when it comes.
        // They stay lost, and if their level falls meanwhile (a successor's did), the step that
        // lowers the successor's evaluates them again (may_be_lost) and puts them off anew.
        std::vector<std::vector<Node>> lost_later(static_cast<std::size_t>(limit_) + 2);
        std::vector<Part<std::pair<int, Node>>> later(fallen_.size());
        // Commits each node of the list at level k, with the label label_of(node) gives.
        auto commit_all = [&](const std::vector<Node>& list, int k, auto&& label_of) {
            parallel_for(static_cast<std::int64_t>(list.size()), [&](std::size_t s) {
                if (commit(list[s], label_of(list[s]), k, r)) collector_->add(list[s], thread());
            });
        };
        auto lost = [](Node) { return LOST; };
        auto won = [](Node) { return WON; };
        // The nodes the round labelled for the first time, returned at the end: found among
        // those its steps committed (the frontiers, listed while they are few), else read off
        // the table. A pass over the table costs 0.2 s in a class of 2 * 10^8 positions, in
        // each of its rounds (up to 44 in a class of 5 pieces); a list of the first round's
        // would take 8 bytes for most positions of the class, at its peak.
        std::uint64_t listed_at_most = 0;
        for (int t = 0; t < table_count(); ++t) listed_at_most += table(t).size / 128;
        std::vector<Node> committed;
        bool listing = true;
        for (int k = 1; k <= limit_; ++k) {
            king_move_wins(frontier, k, r);
            commit_all(std::exchange(lost_later[static_cast<std::size_t>(k)], {}), k, lost);
            if (k == 1) commit_all(seeds.wins, 1, won);
            std::vector<Node> decided = collector_->take();
            if (k == 1 && r == 1) add_nodes(decided, commit_direct(r));

            // Evaluated for a loss: at level 1 the seeds, then positions with a king move
            // into one just won.
            const std::vector<Node> candidates = k == 1 ? seeds.candidates : loss_candidates(frontier, k);
            // A position's own record and escape are fetched 16 evaluations ahead, and the record
            // after its escape 8 ahead: the lists are sparse in tables of 10^8 positions, so each
            // is a cache miss. One candidate is prepared while the one before is evaluated.
            constexpr std::size_t AHEAD = 16, ESCAPE_AHEAD = 8;
            auto prepare_ahead = [&](std::size_t s, Candidate& a) {
                if (s + AHEAD < candidates.size()) {
                    const Table& T = table_of_node(candidates[s + AHEAD]);
                    const std::uint64_t i = index_of(candidates[s + AHEAD]);
                    __builtin_prefetch(&T.info[i], 1);
                    __builtin_prefetch(&T.escape[i], 1);
                }
                if (s + ESCAPE_AHEAD < candidates.size()) {
                    const Node c = candidates[s + ESCAPE_AHEAD];
                    const std::uint32_t e = table_of_node(c).escape[index_of(c)];
                    if (e != NO_ESCAPE) __builtin_prefetch(&table(other(table_of(c))).type[e >> 1]);
                }
                prepare(candidates[s], a, k == 1);
            };
            parallel_blocks(static_cast<std::int64_t>(candidates.size()), [&](std::size_t b, std::size_t e) {
                one_ahead<Candidate>(b, e, prepare_ahead, [&](std::size_t s, Candidate& a) {
                    const Evaluation ev = evaluate_limited(a, r);
                    if (ev.label == UNKNOWN) return;
                    const Node c = candidates[s];
                    if (ev.level > k)
                        later[thread()].emplace_back(ev.level, c);
                    else if (commit(c, ev.label, ev.level, r))
                        collector_->add(c, thread());
                });
            });

            frontier = collector_->take();
            add_nodes(frontier, std::move(decided));
            if (listing && committed.size() + frontier.size() > listed_at_most) {
                listing = false;
                std::vector<Node>().swap(committed);
            }
            if (listing) committed.insert(committed.end(), frontier.begin(), frontier.end());
            for (auto& part : later) {
                for (auto [level, c] : part) lost_later[static_cast<std::size_t>(level)].push_back(c);
                part.clear();
            }
            if (frontier.empty() && std::all_of(lost_later.begin() + k + 1, lost_later.end(),
                                                 [](const auto& l) { return l.empty(); }))
                break;
        }
        auto first_labelled = [r](const Table& T, std::uint64_t i) { return T.type[i] != UNKNOWN && T.round[i] == r; };
        if (!listing) return select(first_labelled);
        sort_in_parallel(committed, thread_count(options_));
        committed.erase(std::unique(committed.begin(), committed.end()), committed.end());
        return kept(committed, first_labelled);
    }

    // ---- The result.

    // The WDL5 of node i of table t, from the solver's arrays.
    Wdl5 result(const Table& T, std::uint64_t i) const {
        Wdl5 v = Wdl5::DRAW;
        if (T.type[i] == WON)
            v = Wdl5::WIN;
        else if (T.type[i] == LOST)
            v = Wdl5::LOSS;
        else if (T.u[i] == WON)
            v = Wdl5::CURSED_WIN;
        else if (T.u[i] == LOST)
            v = Wdl5::BLESSED_LOSS;
        if ((v == Wdl5::WIN && T.u[i] != WON) || (v == Wdl5::LOSS && T.u[i] != LOST))
            throw std::logic_error("won or lost under the limit but not without it: " +
                                   to_fen(T.index.position(i)));
        if (rules_.king_move_limit == 0 && v != Wdl5::WIN && v != Wdl5::LOSS && v != Wdl5::DRAW)
            throw std::runtime_error("a phase longer than 254 plies without the limit: " +
                                     to_fen(T.index.position(i)));
        if ((v == Wdl5::WIN || v == Wdl5::LOSS) && T.round[i] > MAX_PROGRESS_ROUND)
            throw std::runtime_error("more than " + std::to_string(MAX_PROGRESS_ROUND) +
                                     " rounds: " + to_fen(T.index.position(i)));
        return v;
    }

    std::shared_ptr<SolvedTable> finish(int t) {
        const Table& T = table(t);
        auto out = std::make_shared<SolvedTable>(T.index.material());
        out->wdl.resize(T.size);
        out->dtz.assign(T.size, 0);
        out->round.assign(T.size, 0);
        out->must_capture.assign(T.size / 64 + 1, 0);
        // The history steps of table t's node j, then those of later nodes (history_ sorted:
        // history_step() puts the index first, then the table, then the round).
        auto steps_of = [&](std::uint64_t j) {
            return std::lower_bound(history_.begin(), history_.end(), history_step(t, j, 0, 0));
        };
        auto of_node = [t](std::uint64_t h, std::uint64_t j) {
            return (h >> 16) == ((j << 1) | std::uint64_t(t));
        };
        std::vector<Part<SolvedTable::Step>> parts(chunk_count(T.size));
        static_assert(CHUNK_SIZE % 64 == 0, "a chunk writes whole words of must_capture");
        for_each_chunk(T.size, thread_count(options_), [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            auto next = steps_of(b); // the steps of the indices from i on, for i = j
            for (std::uint64_t i = b; i < e; ++i) {
                // An index that names an image of a position with a smaller index
                // (index.h) is never looked up: it takes that index's values (a symmetry
                // keeps whether a capture is there).
                const std::uint64_t j = T.index.canonical(i);
                const Wdl5 v = result(T, j);
                out->wdl[i] = v;
                if (T.info[j] & CAPTURE) out->must_capture[i / 64] |= std::uint64_t{1} << (i % 64);
                if (v != Wdl5::WIN && v != Wdl5::LOSS) continue;
                out->dtz[i] = T.level[j];
                if (v == Wdl5::WIN) continue;
                out->round[i] = T.round[j];
                while (next != history_.end() && *next < history_step(t, i, 0, 0)) ++next;
                for (auto s = j == i ? next : steps_of(j); s != history_.end() && of_node(*s, j); ++s)
                    parts[c].push_back({i, {int((*s >> 8) & 0xFF), int(*s & 0xFF)}});
            }
        });
        out->history = join(parts);
        return out;
    }

    const SolvedTables& solved_;
    const SolveOptions& options_;
    const Ruleset rules_;
    const int limit_;
    std::vector<std::unique_ptr<Table>> tables_;
    std::unique_ptr<Collector> collector_; // nodes found by several threads, each once
    // Per thread: nodes lost in an earlier round whose level fell in this one, each with the
    // level it had (fallen()).
    std::vector<Part<std::uint64_t>> fallen_;
    // The steps of the losses' histories of more than one step, as history_step() packs them.
    std::vector<std::uint64_t> history_;
    std::vector<bool> has_history_[2];
    std::atomic<bool> contradiction_{false};
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace

std::vector<std::shared_ptr<SolvedTable>> solve_class(const core::Material& cls,
                                                      const SolvedTables& solved,
                                                      const SolveOptions& options) {
    return ClassSolver(cls, solved, options).run();
}

} // namespace damatb::gen
