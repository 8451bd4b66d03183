// The solver's tables: the facts and values it keeps for every position of a table.
#pragma once

#include <cstdint>

#include <vector>

#include "core/index.h"
#include "core/material.h"
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
//   info:                 Info bits
//   under_limit:          the value under the limit at counter 0 (Label), set once
//   level:                for a position won or lost under the limit, the DTZ as known in the
//                         current round
//   round:                the round in which under_limit was set (0 for a game already over)
//   without_limit:        the value without the king-move limit (Label), made when the limited
//                         values are done
//   escape_without_limit: the number of a move last seen to escape a loss without the limit
//                         (made when the limited values are done)
// and escape, 4 bytes: the move last seen to escape a loss under the limit, as the successor it
// leads to (escape_record), so that looking at it again needs neither the position nor its
// moves; given back when the limited values are done.
// info, under_limit, level and round, which a look-up of a successor or predecessor reads
// together, lie together in one 4-byte record per position (one cache line to wait for, not
// several).
// The arrays cover the whole table but take memory only where written: the solver works on the
// positions of `active` (a slice's, or all of them; SolverState::begin_slice), and gives back
// the memory of a slice that no later one reads.
struct Table {
    Table(const core::Material& m, bool huge_pages)
        : index(m), size(index.size()), nodes(4 * size, huge_pages), without_limit(size, huge_pages),
          escape_without_limit(size, huge_pages), escape(size, huge_pages) {}
    Table(const Table&) = delete; // the fields point into nodes
    Table& operator=(const Table&) = delete;
    core::TableIndex index;
    std::uint64_t size;
    MappedArray<std::uint8_t> nodes;
    Field<0> info{nodes.data()};
    Field<1> under_limit{nodes.data()};
    Field<2> level{nodes.data()};
    Field<3> round{nodes.data()};
    MappedArray<std::uint8_t> without_limit, escape_without_limit;
    MappedArray<std::uint32_t> escape;
    // The runs of indices being solved, in order, and their count of positions.
    std::vector<Range> active;
    std::uint64_t active_size = 0;
};

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

} // namespace damatb::gen::solving
