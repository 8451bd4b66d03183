// simple_solver.cpp -- test oracle only; see simple_solver.h.
#include "support/simple_solver.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"

namespace simple {

using damatb::core::Bitboard;
using damatb::core::BLACK;
using damatb::core::Color;
using damatb::core::MoveList;
using damatb::core::Outcome;
using damatb::core::Position;
using damatb::core::WHITE;

// ---------------------------------------------------------------- material

std::string Material::name() const {
    auto side = [](int kings, int men) {
        return std::string(static_cast<std::size_t>(kings), 'K') +
               std::string(static_cast<std::size_t>(men), 'M');
    };
    return side(white_kings, white_men) + " v " + side(black_kings, black_men);
}

Material material_of(const Position& pos) {
    return {std::popcount(pos.kings(WHITE)), std::popcount(pos.men(WHITE)),
            std::popcount(pos.kings(BLACK)), std::popcount(pos.men(BLACK))};
}

Material parse_material(const std::string& name) {
    Material m;
    std::size_t v = name.find(" v ");
    if (v == std::string::npos) throw std::invalid_argument("bad class name: " + name);
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (i >= v && i < v + 3) continue;
        bool white = i < v;
        if (name[i] == 'K')
            ++(white ? m.white_kings : m.black_kings);
        else if (name[i] == 'M')
            ++(white ? m.white_men : m.black_men);
        else
            throw std::invalid_argument("bad class name: " + name);
    }
    return m;
}

std::vector<Material> classes_with(int n) {
    std::vector<Material> out;
    for (int w = 1; w < n; ++w)
        for (int wk = w; wk >= 0; --wk)
            for (int bk = n - w; bk >= 0; --bk) out.push_back({wk, w - wk, bk, n - w - bk});
    std::sort(out.begin(), out.end(),
              [](const Material& a, const Material& b) { return a.name() < b.name(); });
    return out;
}

// ---------------------------------------------------------------- keys

namespace {
std::size_t hash_of(const PositionKey& k) {
    std::uint64_t h = k.side;
    for (std::uint64_t b : k.bb) {
        h ^= b + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
}
} // namespace

PositionKey key_of(const Position& pos) {
    return {{pos.men(WHITE), pos.kings(WHITE), pos.men(BLACK), pos.kings(BLACK)},
            static_cast<std::uint8_t>(pos.side_to_move())};
}

void PositionIndex::reserve(std::size_t n) {
    std::size_t size = 16;
    while (size < 2 * n) size *= 2;
    keys_.assign(size, PositionKey{});
    values_.assign(size, -1);
    mask_ = size - 1;
}

void PositionIndex::insert(const Position& pos, int i) {
    PositionKey k = key_of(pos);
    std::size_t slot = hash_of(k) & mask_;
    while (values_[slot] >= 0) {
        if (keys_[slot] == k) throw std::logic_error("PositionIndex: a position twice");
        slot = (slot + 1) & mask_;
    }
    keys_[slot] = k;
    values_[slot] = i;
}

int PositionIndex::find(const Position& pos) const {
    PositionKey k = key_of(pos);
    for (std::size_t slot = hash_of(k) & mask_; values_[slot] >= 0; slot = (slot + 1) & mask_)
        if (keys_[slot] == k) return values_[slot];
    return -1;
}

int SolvedClass::find(const Position& pos) const { return index.find(pos); }

// ---------------------------------------------------------------- enumeration

namespace {

// Calls f(set) for every set of k squares of mask.
void subsets(Bitboard mask, int k, Bitboard acc, const std::function<void(Bitboard)>& f) {
    if (k == 0) {
        f(acc);
        return;
    }
    for (Bitboard rest = mask; rest;) {
        int sq = damatb::core::pop_lsb(rest);
        subsets(rest, k - 1, acc | damatb::core::square_bb(sq), f);
    }
}

// Every placement of the class, each with White to move and then Black to move.
std::vector<Position> enumerate(const Material& m) {
    const Bitboard all = ~Bitboard{0};
    const Bitboard men_squares = ~(damatb::core::RANK_1_BB | damatb::core::RANK_8_BB);
    std::vector<Position> out;
    subsets(all, m.white_kings, 0, [&](Bitboard wk) {
        subsets(men_squares & ~wk, m.white_men, 0, [&](Bitboard wm) {
            subsets(all & ~(wk | wm), m.black_kings, 0, [&](Bitboard bk) {
                subsets(men_squares & ~(wk | wm | bk), m.black_men, 0, [&](Bitboard bm) {
                    for (Color side : {WHITE, BLACK}) {
                        auto p = Position::make(wm, wk, bm, bk, side);
                        if (!p) throw std::logic_error(p.error());
                        out.push_back(*p);
                    }
                });
            });
        });
    });
    return out;
}

// Values while solving: LOSS, DRAW, WIN as in Value, and UNKNOWN.
constexpr std::uint8_t LOSS = 0, DRAW = 1, WIN = 2, UNKNOWN = 3;
constexpr std::uint8_t neg(std::uint8_t v) { return v == WIN ? LOSS : v == LOSS ? WIN : v; }

std::uint8_t from_outcome(Outcome o) {
    return o == Outcome::WIN ? WIN : o == Outcome::LOSS ? LOSS : DRAW;
}

// One legal move: into this class (target >= 0), or out of it (target < 0, a
// capture or a promotion, so the counter is 0 after it; its value for the mover
// is already known, under the limit and without it).
struct Edge {
    int target;
    bool zeroing;
    std::uint8_t value;            // for the mover, under the limit (target < 0)
    std::uint8_t value_unlimited;  // the same without a limit
};

// Every position's end of game (UNKNOWN where play goes on) and legal moves:
// those of position i are edges[first[i]] .. edges[first[i + 1] - 1].
struct Graph {
    std::vector<std::uint8_t> term;
    std::vector<int> first;
    std::vector<Edge> edges;
};

// The value for the mover of playing e with the counter at c, val being the
// values so far (position-major: val[i * L + c], L = max(limit, 1)).
std::uint8_t edge_value(const Graph& g, const std::vector<std::uint8_t>& val, int limit,
                        const Edge& e, int c) {
    if (e.target < 0) return limit > 0 ? e.value : e.value_unlimited;
    if (limit == 0) return neg(val[static_cast<std::size_t>(e.target)]);
    int c2 = e.zeroing ? 0 : c + 1;
    if (c2 == limit)  // the limit reached: a draw, unless the opponent cannot move
        return g.term[e.target] == UNKNOWN ? DRAW : neg(g.term[e.target]);
    return neg(val[static_cast<std::size_t>(e.target) * limit + c2]);
}

// The values of every (position, counter), limit 0 meaning no king-move rule,
// by plain iteration to the fixed point; what stays unknown is a draw. A state
// is looked at again only when a state its moves lead to has changed (a move
// into Q from P is remembered as a predecessor of Q), which gives the same fixed
// point as sweeping over everything, only sooner.
std::vector<std::uint8_t> fixed_point(const Graph& g, int limit) {
    const int n = static_cast<int>(g.term.size());
    const int L = std::max(limit, 1);
    struct Pred {
        int from;
        bool zeroing;
    };
    std::vector<int> pred_first(static_cast<std::size_t>(n) + 1, 0);
    std::vector<Pred> preds;
    for (const Edge& e : g.edges)
        if (e.target >= 0) ++pred_first[e.target + 1];
    for (int i = 0; i < n; ++i) pred_first[i + 1] += pred_first[i];
    preds.resize(static_cast<std::size_t>(pred_first[n]));
    {
        std::vector<int> fill(pred_first.begin(), pred_first.end() - 1);
        for (int i = 0; i < n; ++i)
            for (int k = g.first[i]; k < g.first[i + 1]; ++k)
                if (g.edges[k].target >= 0)
                    preds[fill[g.edges[k].target]++] = {i, g.edges[k].zeroing};
    }

    auto at = [L](int i, int c) { return static_cast<std::size_t>(i) * L + c; };
    std::vector<std::uint8_t> val(static_cast<std::size_t>(n) * L, UNKNOWN);
    std::vector<char> dirty(static_cast<std::size_t>(n) * L, 1);
    for (int i = 0; i < n; ++i)
        if (g.term[i] != UNKNOWN)
            for (int c = 0; c < L; ++c) val[at(i, c)] = g.term[i];
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; ++i)
            for (int c = L - 1; c >= 0; --c) {
                if (!dirty[at(i, c)]) continue;
                dirty[at(i, c)] = 0;
                std::uint8_t& v = val[at(i, c)];
                if (v != UNKNOWN) continue;
                bool win = false, all_lose = true;
                for (int k = g.first[i]; k < g.first[i + 1]; ++k) {
                    std::uint8_t ev = edge_value(g, val, limit, g.edges[k], c);
                    if (ev == WIN) {
                        win = true;
                        break;
                    }
                    if (ev != LOSS) all_lose = false;
                }
                if (!win && !all_lose) continue;
                v = win ? WIN : LOSS;
                changed = true;
                // (P, c') plays into (i, c) by a zeroing move when c == 0 (any c'),
                // by a king move when c' == c - 1 (without a limit, c' == c == 0).
                for (int k = pred_first[i]; k < pred_first[i + 1]; ++k) {
                    const Pred& p = preds[k];
                    if (limit == 0)
                        dirty[at(p.from, 0)] = 1;
                    else if (p.zeroing && c == 0)
                        for (int c2 = 0; c2 < L; ++c2) dirty[at(p.from, c2)] = 1;
                    else if (!p.zeroing && c > 0)
                        dirty[at(p.from, c - 1)] = 1;
                }
            }
    }
    for (auto& v : val)
        if (v == UNKNOWN) v = DRAW;
    return val;
}

// DTZ under a limit, by a min/max over (position, counter): d(P, c) is 0 where
// the game is over, else, the winner picking among the moves that keep the win
// at c and the loser among all, the least (greatest) of 1 for a zeroing move
// or one reaching the limit, 1 + d(Q, c + 1) for a king move. d(., c) depends
// only on d(., c + 1). Returns d(P, 0), -1 where P is not won or lost.
std::vector<int> dtz_by_counter(const Graph& g, const std::vector<std::uint8_t>& val, int limit) {
    const int n = static_cast<int>(g.term.size());
    // Rows of one counter each: the values at 0, c and c + 1, and d at c and c + 1.
    std::vector<std::uint8_t> val_0(static_cast<std::size_t>(n)), val_c(val_0), val_next(val_0);
    for (int i = 0; i < n; ++i) val_0[i] = val[static_cast<std::size_t>(i) * limit];
    std::vector<int> d(static_cast<std::size_t>(n), -1), d_next(d);
    for (int c = limit - 1; c >= 0; --c) {
        for (int i = 0; i < n; ++i) val_c[i] = val[static_cast<std::size_t>(i) * limit + c];
        for (int i = 0; i < n; ++i) {
            d[i] = -1;
            std::uint8_t v = val_c[i];
            if (v == DRAW) continue;
            if (g.term[i] != UNKNOWN) {
                d[i] = 0;
                continue;
            }
            int best = v == WIN ? 1 << 30 : -1;
            for (int k = g.first[i]; k < g.first[i + 1]; ++k) {
                const Edge& e = g.edges[k];
                std::uint8_t ev;  // the value of e for the mover at c, as in edge_value
                if (e.target < 0)
                    ev = e.value;
                else if (e.zeroing)
                    ev = neg(val_0[e.target]);
                else if (c + 1 == limit)
                    ev = g.term[e.target] == UNKNOWN ? DRAW : neg(g.term[e.target]);
                else
                    ev = neg(val_next[e.target]);
                if (ev != v) {
                    if (v == WIN) continue;  // the winner keeps the win
                    throw std::logic_error("dtz: a lost position with a move that does not lose");
                }
                int plies = 1;
                if (e.target >= 0 && !e.zeroing && c + 1 < limit) {
                    if (d_next[e.target] < 0) throw std::logic_error("dtz: successor without dtz");
                    plies = 1 + d_next[e.target];
                }
                best = v == WIN ? std::min(best, plies) : std::max(best, plies);
            }
            if (best < 0 || best == 1 << 30) throw std::logic_error("dtz: no move");
            d[i] = best;
        }
        std::swap(d, d_next);
        std::swap(val_c, val_next);
    }
    return d_next;  // the row of counter 0
}

// DTZ without a limit, layer by layer: n where the winner can force a zeroing
// ply or the end within n plies keeping the win, and the loser cannot put it
// off beyond n. val: the values without a limit.
std::vector<int> dtz_by_layers(const Graph& g, const std::vector<std::uint8_t>& val) {
    const int n = static_cast<int>(g.term.size());
    std::vector<int> dtz(static_cast<std::size_t>(n), -1);
    for (int i = 0; i < n; ++i)
        if (g.term[i] != UNKNOWN && val[i] != DRAW) dtz[i] = 0;
    for (int layer = 1;; ++layer) {
        std::vector<int> now;
        for (int i = 0; i < n; ++i) {
            if (dtz[i] >= 0 || val[i] == DRAW) continue;
            bool ok = val[i] == LOSS;
            for (int k = g.first[i]; k < g.first[i + 1]; ++k) {
                const Edge& e = g.edges[k];
                bool fast = e.target < 0 || e.zeroing ||
                            (dtz[e.target] >= 0 && dtz[e.target] <= layer - 1);
                if (val[i] == WIN && fast && edge_value(g, val, 0, e, 0) == WIN) {
                    ok = true;
                    break;
                }
                if (val[i] == LOSS && !fast) {
                    ok = false;
                    break;
                }
            }
            if (ok) now.push_back(i);
        }
        if (now.empty()) break;
        for (int i : now) dtz[i] = layer;
    }
    for (int i = 0; i < n; ++i)
        if (val[i] != DRAW && dtz[i] < 0)
            throw std::logic_error("dtz: a win or loss that never zeroes");
    return dtz;
}

} // namespace

// ---------------------------------------------------------------- solver

Solver::Solver(const damatb::core::Ruleset& rules) : rules_(rules) {}

Solver::~Solver() = default;

const SolvedClass& Solver::solve(const Material& m) {
    if (auto it = solved_.find(m); it != solved_.end()) return *it->second;
    if (m.white() == 0 || m.black() == 0)
        throw std::invalid_argument("simple::Solver: a side without pieces: " + m.name());

    auto sc = std::make_unique<SolvedClass>();
    sc->material = m;
    sc->limit = rules_.king_move_limit;
    sc->positions = enumerate(m);
    const int n = static_cast<int>(sc->positions.size());
    sc->index.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) sc->index.insert(sc->positions[i], i);

    // The game's end in each position, and every legal move.
    Graph g;
    g.term.assign(static_cast<std::size_t>(n), UNKNOWN);
    g.first.assign(static_cast<std::size_t>(n) + 1, 0);
    MoveList moves;
    for (int i = 0; i < n; ++i) {
        g.first[i] = static_cast<int>(g.edges.size());
        const Position& p = sc->positions[i];
        Outcome lone = damatb::core::lone_pieces_outcome(p, rules_.lone_pieces);
        if (lone != Outcome::NONE) {
            g.term[i] = from_outcome(lone);
            continue;
        }
        damatb::core::generate_moves(p, rules_.promotion, moves);
        if (moves.empty()) {
            g.term[i] = LOSS;
            continue;
        }
        for (const auto& mv : moves) {
            Position q = p.after(mv);
            if (q.pieces(q.side_to_move()) == 0) {  // the last piece taken: the opponent lost
                g.edges.push_back({-1, true, WIN, WIN});
                continue;
            }
            Material mq = material_of(q);
            if (mq == m) {
                int j = sc->find(q);
                if (j < 0) throw std::logic_error("simple::Solver: successor not in class");
                g.edges.push_back({j, mv.is_zeroing(), UNKNOWN, UNKNOWN});
            } else {
                if (!mv.is_zeroing()) throw std::logic_error("class changed without zeroing");
                const SolvedClass& sub = solve(mq);
                int j = sub.find(q);
                if (j < 0) throw std::logic_error("simple::Solver: successor not in its class");
                g.edges.push_back({-1, true, neg(static_cast<std::uint8_t>(sub.result[j][0])),
                                   neg(static_cast<std::uint8_t>(sub.unlimited[j]))});
            }
        }
    }
    g.first[n] = static_cast<int>(g.edges.size());

    const int limit = rules_.king_move_limit;
    const int L = std::max(limit, 1);
    std::vector<std::uint8_t> val = fixed_point(g, limit);
    std::vector<std::uint8_t> free = limit > 0 ? fixed_point(g, 0) : val;

    sc->result.assign(static_cast<std::size_t>(n), {});
    sc->unlimited.resize(static_cast<std::size_t>(n));
    sc->terminal.assign(static_cast<std::size_t>(n), false);
    sc->wdl5.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        sc->terminal[i] = g.term[i] != UNKNOWN;
        sc->result[i].resize(static_cast<std::size_t>(L));
        for (int c = 0; c < L; ++c)
            sc->result[i][c] = static_cast<Value>(val[static_cast<std::size_t>(i) * L + c]);
        sc->unlimited[i] = static_cast<Value>(free[i]);
        Value r = sc->result[i][0], u = sc->unlimited[i];
        sc->wdl5[i] = r == Value::WIN    ? WDL_WIN
                      : r == Value::LOSS ? WDL_LOSS
                      : u == Value::WIN  ? WDL_CURSED_WIN
                      : u == Value::LOSS ? WDL_BLESSED_LOSS
                                         : WDL_DRAW;
    }

    if (limit > 0) {
        sc->dtz = dtz_by_counter(g, val, limit);
        // The second way: from the largest counter at which the value at 0 still holds.
        sc->dtz_from_threshold.assign(static_cast<std::size_t>(n), -1);
        for (int i = 0; i < n; ++i) {
            if (sc->wdl5[i] != WDL_WIN && sc->wdl5[i] != WDL_LOSS) continue;
            if (sc->terminal[i]) {
                sc->dtz_from_threshold[i] = 0;
                continue;
            }
            int largest = 0;
            for (int c = 0; c < L; ++c)
                if (sc->result[i][c] == sc->result[i][0]) largest = c;
            sc->dtz_from_threshold[i] = L - largest;
        }
    } else {
        sc->dtz = dtz_by_layers(g, val);
        sc->dtz_from_threshold = sc->dtz;
    }

    return *solved_.emplace(m, std::move(sc)).first->second;
}

// ---------------------------------------------------------------- checks

Counts count(const SolvedClass& sc, Color side) {
    Counts k;
    for (std::size_t i = 0; i < sc.size(); ++i) {
        if (sc.positions[i].side_to_move() != side) continue;
        ++k.positions;
        switch (sc.wdl5[i]) {
        case WDL_WIN:
            ++k.win;
            k.longest_dtz_win = std::max(k.longest_dtz_win, sc.dtz[i]);
            break;
        case WDL_LOSS:
            ++k.loss;
            k.longest_dtz_loss = std::max(k.longest_dtz_loss, sc.dtz[i]);
            break;
        case WDL_CURSED_WIN: ++k.cursed_win, ++k.draw; break;
        case WDL_BLESSED_LOSS: ++k.blessed_loss, ++k.draw; break;
        default: ++k.draw;
        }
    }
    return k;
}

std::vector<std::string> check_threshold(const SolvedClass& sc, std::size_t max_reports) {
    std::vector<std::string> out;
    auto report = [&](std::size_t i, const std::string& what) {
        if (out.size() < max_reports)
            out.push_back(sc.material.name() + " " + damatb::core::to_fen(sc.positions[i]) +
                          ": " + what);
    };
    for (std::size_t i = 0; i < sc.size(); ++i) {
        if (sc.dtz[i] != sc.dtz_from_threshold[i])
            report(i, "dtz " + std::to_string(sc.dtz[i]) + " but from the threshold " +
                          std::to_string(sc.dtz_from_threshold[i]));
        if (sc.limit == 0) continue;
        for (int c = 0; c < sc.limit; ++c) {
            Value expected = Value::DRAW;
            if (sc.wdl5[i] == WDL_WIN && sc.dtz[i] <= sc.limit - c) expected = Value::WIN;
            if (sc.wdl5[i] == WDL_LOSS && sc.dtz[i] <= sc.limit - c) expected = Value::LOSS;
            if (sc.terminal[i]) expected = sc.result[i][0];  // over whatever the counter
            if (sc.result[i][c] != expected)
                report(i, "counter " + std::to_string(c) + ": result " +
                              std::to_string(int(sc.result[i][c])) + ", expected " +
                              std::to_string(int(expected)) + " (dtz " +
                              std::to_string(sc.dtz[i]) + ")");
        }
    }
    return out;
}

} // namespace simple
