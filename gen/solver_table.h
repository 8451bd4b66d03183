// The solver's tables: the facts and values it keeps for every position of a table.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <vector>

#include "core/index.h"
#include "core/material.h"
#include "core/move.h"
#include "core/position.h"
#include "core/rays.h"
#include "core/symmetry.h"
#include "gen/chunks.h"
#include "gen/mapped_array.h"

namespace damatb::gen::solving {

// Facts about a position's moves found once, by the first look, before any propagation.
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

constexpr int NO_LEVEL = 255;
constexpr int UNLIMITED_LEVELS = 254; // the phase length allowed when the limit is off
constexpr std::uint8_t NO_ESCAPE_MOVE = 255;

// A move that stays in the class, as Table::escape keeps it in one byte: which of the mover's
// pieces (by square, the lowest first), the direction and, for a king, the distance; a man's
// step has 7 where a king's distance less one is (0 to 6), so that the byte tells a man move,
// which resets the counter, from a king move without the position. NO_ESCAPE: none kept (and
// what a mover with more than 7 pieces, at 9 pieces and more, keeps).
constexpr std::uint8_t NO_ESCAPE = 255;
inline bool escape_is_man_move(std::uint8_t e) { return e != NO_ESCAPE && (e & 7) == 7; }

// The byte of the in-class move from `from` to `to`, a man's step if `man`, of a position whose
// side to move has the pieces `mover`.
inline std::uint8_t escape_code(core::Bitboard mover, int from, int to, bool man) {
    using namespace core;
    const int slot = popcount(mover & (square_bb(from) - 1));
    if (slot >= 7) return NO_ESCAPE;
    const int delta = to - from;
    const bool along_rank = rank_of(from) == rank_of(to);
    const Direction d = along_rank ? (delta > 0 ? EAST : WEST) : (delta > 0 ? NORTH : SOUTH);
    const int distance = (delta > 0 ? delta : -delta) / (along_rank ? 1 : 8);
    return static_cast<std::uint8_t>(slot * 32 + int(d) * 8 + (man ? 7 : distance - 1));
}
inline std::uint8_t escape_code(const core::Position& p, const core::Move& m) {
    return escape_code(p.pieces(p.side_to_move()), m.from, m.to, !m.mover_is_king());
}

// A move found by a walk back: its squares, and the pieces of the side that makes it. The
// position a table's index names is that one or its image under a symmetry the index folds,
// so that the escape byte of the same move may differ.
struct MoveBack {
    core::Bitboard mover;
    std::uint8_t from, to;
    bool man;
    // The move of position p that a walk back (gen/retro.h) found: by a king or a man, the
    // bitboard of its two squares `moved`.
    static MoveBack of(const core::Position& p, bool by_king, core::Bitboard moved) {
        const core::Bitboard mover = p.pieces(p.side_to_move());
        const int from = core::lsb(moved & mover);
        return {mover, std::uint8_t(from), std::uint8_t(core::lsb(moved ^ core::square_bb(from))), !by_king};
    }
    // Whether escape byte e may stand for this move in the position an index folding the first
    // `symmetries` symmetries (core::TableIndex::symmetries) names: the byte of the move's
    // image under one of them.
    bool may_be(std::uint8_t e, int symmetries) const {
        for (int s = 0; s < symmetries; ++s)
            if (escape_code(core::transform(mover, s), core::TRANSFORMED[s][from], core::TRANSFORMED[s][to], man) == e)
                return true;
        return false;
    }
};

// The move of p that escape byte e (not NO_ESCAPE) stands for.
inline core::Move escape_move(const core::Position& p, std::uint8_t e) {
    using namespace core;
    Bitboard mover = p.pieces(p.side_to_move());
    for (int slot = e >> 5; slot > 0; --slot) mover &= mover - 1;
    const int from = lsb(mover);
    const bool man = (e & 7) == 7;
    int to = from;
    for (int k = man ? 1 : (e & 7) + 1; k > 0; --k) to = NEIGHBOURS[(e >> 3) & 3][to];
    return Move(from, to, 0, man ? 0 : Move::MOVER_KING | Move::ENDS_KING);
}

// The bytes of a position's record in Table::nodes: its state and its round.
constexpr std::uint64_t RECORD_BYTES = 2;

// One byte of each position in an array of records (Table::nodes).
template <int OFFSET>
class Field {
public:
    explicit Field(std::uint8_t* base) : base_(base) {}
    std::uint8_t& operator[](std::uint64_t i) const { return base_[RECORD_BYTES * i + OFFSET]; }

private:
    std::uint8_t* base_;
};

// The largest level that Table::levels keeps beside the value under the limit, in a byte: 6
// bits, the highest (63) standing for NO_LEVEL. A limit above it (or none) keeps the level
// alone there.
constexpr int MAX_PACKED_LEVEL = 62;
constexpr std::uint8_t PACKED_NO_LEVEL = 63;

// The Info bits in 5 bits (a record's first byte keeps them beside the value under the limit).
// The four facts about the moves out of the class are each implied by the one before it in
// EXT_WIN, EXT_WIN_U, EXT_ESC_U, EXT_ESC, EXT_ANY: of one move, the opponent's value after it
// (a WDL5) is a loss, at most a blessed loss, at most a draw, not a win; so of all of them too,
// each fact being one of them having it. Which of the five is the first to hold, or none, takes
// 3 bits (EXITS), and a 7 there is TERMINAL (alone: the game is over, no other fact is
// looked for); then INTERNAL and CAPTURE a bit each.
namespace packed_info {
constexpr std::uint8_t EXIT_FACTS[6] = {0, EXT_ANY, EXT_ANY | EXT_ESC, EXT_ANY | EXT_ESC | EXT_ESC_U,
                                        EXT_ANY | EXT_ESC | EXT_ESC_U | EXT_WIN_U,
                                        EXT_ANY | EXT_ESC | EXT_ESC_U | EXT_WIN_U | EXT_WIN};
constexpr std::uint8_t EXITS = 7, OVER = 7, INTERNAL_BIT = 8, CAPTURE_BIT = 16, BITS = 31;
constexpr std::uint8_t EXIT_BITS = EXT_ANY | EXT_WIN | EXT_ESC | EXT_WIN_U | EXT_ESC_U;

constexpr std::uint8_t unpacked(std::uint8_t code) {
    if ((code & EXITS) == OVER) return TERMINAL;
    const std::uint8_t exits = code & EXITS;
    return static_cast<std::uint8_t>((exits < 6 ? EXIT_FACTS[exits] : 0) | ((code & INTERNAL_BIT) ? INTERNAL : 0) |
                                     ((code & CAPTURE_BIT) ? CAPTURE : 0));
}
struct Unpacked {
    std::uint8_t info[BITS + 1];
    constexpr Unpacked() : info{} {
        for (int c = 0; c <= BITS; ++c) info[c] = unpacked(static_cast<std::uint8_t>(c));
    }
};
inline constexpr Unpacked UNPACKED{};

// Which of the facts about the moves out of the class `info` has, as EXIT_FACTS numbers them:
// the most that hold together.
inline std::uint8_t exits_of(std::uint8_t info) {
    std::uint8_t exits = 5;
    while (exits > 0 && (info & EXIT_FACTS[exits]) != EXIT_FACTS[exits]) --exits;
    return exits;
}
// Whether `info` packs: its facts about the moves out of the class in that chain, TERMINAL alone.
inline bool packable(std::uint8_t info) {
    return (info & TERMINAL) ? info == TERMINAL : (info & EXIT_BITS) == EXIT_FACTS[exits_of(info)];
}
// The 5 bits of `info`; throws if it does not pack.
inline std::uint8_t packed(std::uint8_t info) {
    if (!packable(info)) throw std::logic_error("Info bits that do not pack: " + std::to_string(int(info)));
    if (info & TERMINAL) return OVER;
    return static_cast<std::uint8_t>(exits_of(info) | ((info & INTERNAL) ? INTERNAL_BIT : 0) |
                                     ((info & CAPTURE) ? CAPTURE_BIT : 0));
}
} // namespace packed_info

// The fields' bytes are read and written by several threads at once.
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

// One table of the class under solution, one byte per position in each field, or less:
//   info:                 Info bits, packed in 5 bits (packed_info)
//   under_limit:          the value under the limit at counter 0 (Label), set once, in the 2
//                         top bits of the byte info is packed in (`state`)
//   level:                for a position won or lost under the limit, the DTZ as known in the
//                         current round; for one that is not, its value without the king-move
//                         limit (without_limit(), made when the limited values are done):
//                         NO_LEVEL while not won or lost, else WON or LOST
//   round:                the round in which under_limit was set (0 for a game already over)
//   escape_without_limit: the number of a move last seen to escape a loss without the limit
//                         (made when the limited values are done)
//   escape:               the move last seen to escape a loss under the limit (escape_code), so
//                         that looking at it again needs no generation of moves; for a position
//                         found lost, its dearest move (the one whose cost is its level); made
//                         after the first look, given back when the limited values are done.
// A look at a successor by a king move reads its value under the limit and its level; by a
// man move, its value and its round. So the level lies in a plane of its own (`levels`, a byte
// a position), with the value beside it in the byte's 2 top bits when the limit allows
// (`packs`: levels of 6 bits, MAX_PACKED_LEVEL), and info, under_limit and round in a 2-byte
// record (`nodes`): a look waits for one byte of a dense plane, or for one small record
// (docs/six-pieces.md, "The record"). The value kept twice is written by set_under_limit
// alone.
// The arrays cover the whole table but take memory only where written: the solver works on the
// positions of `active` (a slice's, or all of them; SolverState::begin_slice), and gives back
// the memory of a slice that no later one reads.
struct Table {
    // `limit`: the longest level kept (SolverState::limit).
    Table(const core::Material& m, int limit, bool huge_pages)
        : index(m), size(index.size()), packs(limit <= MAX_PACKED_LEVEL), nodes(RECORD_BYTES * size, huge_pages),
          levels(size, huge_pages), escape_without_limit(size, huge_pages), escape(size, huge_pages) {}
    Table(const Table&) = delete; // the fields point into nodes
    Table& operator=(const Table&) = delete;
    core::TableIndex index;
    std::uint64_t size;
    bool packs; // levels keeps the value under the limit too
    MappedArray<std::uint8_t> nodes;
    Field<0> state{nodes.data()}; // info and under_limit
    Field<1> round{nodes.data()};
    MappedArray<std::uint8_t> levels;
    MappedArray<std::uint8_t> escape_without_limit, escape;
    // The Info bits of position i, and its value under the limit; the record's first byte, to
    // ask memory for.
    std::uint8_t info(std::uint64_t i) const { return packed_info::UNPACKED.info[load(state[i]) & packed_info::BITS]; }
    Label under_limit(std::uint64_t i) const { return Label(load(state[i]) >> 6); }
    Label under_limit_acquire(std::uint64_t i) const { return Label(load_acquire(state[i]) >> 6); }
    const std::uint8_t* record(std::uint64_t i) const { return &state[i]; }
    // Sets position i's Info bits (the first look's, before any value is set) and its value under
    // the limit (after its level and round, which a thread that reads the value then reads).
    void set_info(std::uint64_t i, std::uint8_t info) { store(state[i], packed_info::packed(info)); }
    void set_under_limit(std::uint64_t i, Label value) {
        if (packs) store_release(levels[i], (load(levels[i]) & 0x3F) | (int(value) << 6));
        store_release(state[i], (load(state[i]) & packed_info::BITS) | (int(value) << 6));
    }
    // Position i's level (NO_LEVEL for none), and to set it.
    int level(std::uint64_t i) const {
        const int kept = load(levels[i]);
        if (!packs) return kept;
        return (kept & 0x3F) == PACKED_NO_LEVEL ? NO_LEVEL : kept & 0x3F;
    }
    void set_level(std::uint64_t i, int level) {
        if (!packs) return store(levels[i], level);
        store(levels[i], (load(levels[i]) & 0xC0) | (level == NO_LEVEL ? PACKED_NO_LEVEL : level));
    }
    // What a look at position i by a king move reads, its value under the limit and its level:
    // from its byte of `levels` alone when that packs both.
    struct Standing {
        Label value;
        int level;
    };
    Standing standing(std::uint64_t i) const {
        if (!packs) {
            const Label value = under_limit_acquire(i);
            return {value, load(levels[i])};
        }
        const int kept = load_acquire(levels[i]);
        return {Label(kept >> 6), kept & 0x3F};
    }
    // Asks memory for what standing(i) and without_limit(i) read (to write them, WRITE 1).
    template <int WRITE = 0>
    void prefetch_standing(std::uint64_t i) const {
        __builtin_prefetch(&levels[i], WRITE);
        if (!packs) __builtin_prefetch(record(i), WRITE);
    }
    // Asks memory for what a look at position i by a move reads: by a zeroing move, its value
    // and its round (its record); else standing(i).
    void prefetch_look(std::uint64_t i, bool zeroing) const {
        if (zeroing)
            __builtin_prefetch(record(i));
        else
            prefetch_standing(i);
    }
    // The value without the limit of position i: its value under the limit if it has one (a
    // position won or lost under the limit is so without it), else the one its level keeps.
    // From its byte of `levels` alone when that packs the value under the limit too.
    Label without_limit(std::uint64_t i) const {
        const Label under = packs ? Label(load(levels[i]) >> 6) : under_limit(i);
        if (under != UNKNOWN) return under;
        const int kept = level(i);
        return kept == NO_LEVEL ? UNKNOWN : Label(kept);
    }
    // Sets it, for a position neither won nor lost under the limit.
    void set_without_limit(std::uint64_t i, Label value) { set_level(i, value == UNKNOWN ? NO_LEVEL : value); }
    // Calls f(bytes, size) for the bytes of positions [b, e) in the records and in the levels.
    template <typename F>
    void for_each_part(std::uint64_t b, std::uint64_t e, F&& f) {
        f(&nodes[RECORD_BYTES * b], RECORD_BYTES * (e - b));
        f(&levels[b], e - b);
    }
    // Gives back the memory of the records and levels of positions [b, e).
    void release_records(std::uint64_t b, std::uint64_t e) {
        nodes.release(RECORD_BYTES * b, RECORD_BYTES * e);
        levels.release(b, e);
    }
    // The runs of indices being solved, in order, and their count of positions.
    std::vector<Range> active;
    std::uint64_t active_size = 0;
};

} // namespace damatb::gen::solving
