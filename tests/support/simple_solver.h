// simple_solver.h -- test oracle only, not part of the engine.
//
// A deliberately simple endgame solver written straight from docs/rules.md and
// docs/values.md, for the tests to check the real generator against. No symmetry,
// no indexing scheme: every placement of the pieces of a material class, both
// sides to move, is one entry of a plain array, and the king-move counter is an
// explicit part of the state (placement, side to move, counter c in
// 0..limit-1). Values are found by plain iteration to a fixed point: a state is
// WIN once some move reaches a state that is LOSS for the opponent (or ends the
// game in the mover's favour), LOSS once every move reaches a WIN for the
// opponent; what is still unknown when nothing changes is a DRAW (repetition).
//
// Moves that capture or promote leave the class: the class they lead into is
// solved first (recursively, memoized by material) and looked up by a plain hash
// map from the position to its index. Only legal move generation comes from
// core/ (generate_moves, Position::after, lone_pieces_outcome).
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/ruleset.h"

namespace simple {

// The pieces of each kind on the board.
struct Material {
    int white_kings = 0, white_men = 0, black_kings = 0, black_men = 0;
    auto operator<=>(const Material&) const = default;
    int white() const { return white_kings + white_men; }
    int black() const { return black_kings + black_men; }
    // "KM v K": White's pieces first, K a king, M a man.
    std::string name() const;
};
Material material_of(const damatb::core::Position& pos);
// Reads a name written by Material::name(), e.g. "KM v K".
Material parse_material(const std::string& name);
// Every class of exactly n pieces with at least one piece on each side.
std::vector<Material> classes_with(int n);

// For the side to move.
enum class Value : std::uint8_t { LOSS, DRAW, WIN };
constexpr Value negate(Value v) {
    return v == Value::WIN ? Value::LOSS : v == Value::LOSS ? Value::WIN : Value::DRAW;
}

// WDL5 of docs/values.md.
enum Wdl5 : int { WDL_LOSS = 0, WDL_BLESSED_LOSS = 1, WDL_DRAW = 2, WDL_CURSED_WIN = 3, WDL_WIN = 4 };

struct PositionKey {
    std::array<std::uint64_t, 4> bb{};  // white men, white kings, black men, black kings
    std::uint8_t side = 0;
    bool operator==(const PositionKey& o) const {
        return bb[0] == o.bb[0] && bb[1] == o.bb[1] && bb[2] == o.bb[2] && bb[3] == o.bb[3] &&
               side == o.side;
    }
};
PositionKey key_of(const damatb::core::Position& pos);

// A plain hash table from a position to its index (open addressing, linear probing).
class PositionIndex {
public:
    void reserve(std::size_t n);  // before the first insert: room for n positions
    void insert(const damatb::core::Position& pos, int i);
    int find(const damatb::core::Position& pos) const;  // -1 if absent

private:
    std::vector<PositionKey> keys_;
    std::vector<int> values_;  // -1: empty slot
    std::size_t mask_ = 0;
};

struct SolvedClass {
    Material material;
    int limit = 0;  // the king-move limit it was solved under (0: no rule)
    // Every placement of the pieces (identical pieces unordered, no symmetry
    // folded), both sides to move.
    std::vector<damatb::core::Position> positions;
    PositionIndex index;  // position -> i
    // result[i][c] for the counter c in [0, limit) (a single entry when limit == 0).
    std::vector<std::vector<Value>> result;
    // The value with no king-move limit at all.
    std::vector<Value> unlimited;
    // True where the game is already over in the position (the one-piece-each
    // rule, or no legal move).
    std::vector<bool> terminal;
    // WDL5 (the Wdl5 numbers) and DTZ of docs/values.md; dtz is -1 where wdl5 is not
    // win or loss. Under a limit, dtz comes from a min/max over (position,
    // counter): the plies to the next zeroing ply or the end, the winner fastest
    // among the moves that keep the win at the counter reached, the loser slowest.
    // Under limit 0 the same with no counter: the least n within which the winner
    // can force a zeroing ply or the end, keeping the win.
    std::vector<int> wdl5, dtz;
    // DTZ found a second way, from the counter at which the result stops being
    // a win (loss): limit - (largest c with result[c] == WIN (LOSS)); 0 where the
    // game is over; -1 where not win/loss. Only under a limit (else == dtz).
    std::vector<int> dtz_from_threshold;

    std::size_t size() const { return positions.size(); }
    // The index of pos, or -1 if it is not of this class.
    int find(const damatb::core::Position& pos) const;
};

// Solves classes under one ruleset, each once, the classes its moves lead into
// first. The values with the limit and without it (`unlimited`) are both found,
// from the same move lists.
class Solver {
public:
    explicit Solver(const damatb::core::Ruleset& rules);
    ~Solver();
    const damatb::core::Ruleset& rules() const { return rules_; }
    // The class, solved (memoized). Both sides must have at least one piece.
    const SolvedClass& solve(const Material& m);

private:
    damatb::core::Ruleset rules_;
    std::map<Material, std::unique_ptr<SolvedClass>> solved_;
};

// The counts an independent solver's reference lists for one side to move at counter 0.
struct Counts {
    long positions = 0, win = 0, draw = 0, loss = 0;  // draw includes cursed and blessed
    long cursed_win = 0, blessed_loss = 0;
    int longest_dtz_win = -1, longest_dtz_loss = -1;  // -1: no such position
    bool operator==(const Counts&) const = default;
};
Counts count(const SolvedClass& sc, damatb::core::Color side);

// Checks docs/values.md's claim on every position and counter: result(P, c) is WIN
// exactly when WDL5(P) is win and DTZ(P) <= limit - c (likewise LOSS), and
// the two DTZ computations agree. Returns a description of every failure
// (at most max_reports of them), empty when all hold.
std::vector<std::string> check_threshold(const SolvedClass& sc, std::size_t max_reports = 20);

} // namespace simple
