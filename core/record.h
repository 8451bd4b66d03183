// What the records of the table files say (docs/table-format.md, "Records"): the generator
// writes them through encode_* (by way of core/table_records.h, which lays out a whole table's
// records and fills their unused bytes), readers read them through decode_*, nothing else
// touches their bytes.
//
// A values file (TableContents::VALUES) holds one 2-byte record per index:
//   byte 0  WDL5 (0 loss, 1 blessed-loss, 2 draw, 3 cursed-win, 4 win)
//   byte 1  DTZ, for win and loss; unused otherwise
// An unused byte repeats the byte before it in its plane (the same byte of the record before),
// which compresses best; readers ignore it (decode_value gives 0).
// Positions where the side to move must capture (and the one-piece-each rule does not end the
// game) are "don't care": their values record repeats the record before it, whatever it is, and
// readers find their value by searching the captures (capture_value below). Every move of such a
// position leaves the class, so its value is the best of its captures', with DTZ 1.
//
// A progress file (TableContents::PROGRESS), beside the values file of every table with a lost
// position that is not don't care, holds for the same indices the progress history of each
// loss, 1 + 2 * (S - 1) bytes per record for a table whose longest history has S steps:
//   byte 0  bits 0-6: the round of the first step; bit 7: the history has more steps
//   then    the pairs (level of step j - 1, round of step j) for j = 2, 3, ..., then zeros
// The last step's level is the DTZ of the values record, so it is not repeated. A byte a
// record does not use repeats the byte before it in its plane, as in the values file: byte 0
// of every record but a loss's, and the pairs of every record but those of a longer history
// (which so repeat the last longer history before them, zeros before the first). A won
// position's history is never stored: the probe ranks a move by the history of the lost
// position it leads to. The values file is all an engine's search needs; the progress file
// is read only to rank winning moves (docs/probe.md, "Progress"). A don't-care loss's history
// is the one step CAPTURE_STEP.
//
// The progress history of a won or lost position (docs/generator.md, "Making progress") is
// the list of steps (round r, level k): from round r of the generator on, the position was won
// (lost) within k plies to the next zeroing ply; rounds rise and levels fall along the list, and
// the last level is the DTZ.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/position.h"
#include "core/ruleset.h"
#include "core/wdl.h"

namespace damatb::core {

struct ProgressStep {
    int round = 0;
    int level = 0;

    bool operator==(const ProgressStep&) const = default;
};

inline constexpr int MAX_PROGRESS_STEPS = 16;
inline constexpr int MAX_PROGRESS_ROUND = 127;
inline constexpr std::uint8_t VALUE_RECORD_SIZE = 2;
// Records per block of a values file: 48 KiB, what a probe decompresses on a miss (the blocks of
// version 2's 3-byte records had as many bytes). Progress files keep the default 16384 records
// (core/table_file.h), read only at the root.
inline constexpr std::uint32_t VALUE_BLOCK_ENTRIES = 24576;
inline constexpr std::size_t VALUE_BLOCK_BYTES = std::size_t{VALUE_RECORD_SIZE} * VALUE_BLOCK_ENTRIES;
static_assert(VALUE_BLOCK_BYTES == 48 * 1024);

// The progress-file record size for a table whose longest history has `steps` steps (0 when
// it has no loss that is not don't care: the table then has no progress file).
constexpr std::uint8_t progress_record_size(int steps) {
    return static_cast<std::uint8_t>(steps > 0 ? 1 + 2 * (steps - 1) : 0);
}

// The value of a position as a table stores it: WDL5, and DTZ for a win or a loss (0 otherwise).
struct TableValue {
    Wdl5 wdl = Wdl5::DRAW;
    int dtz = 0;
};

// The history of a lost don't-care position: every move captures, so it was lost at level 1 in
// the first round (as the solver finds it).
inline constexpr ProgressStep CAPTURE_STEP{1, 1};

// Writes the 2 bytes of a values record.
void encode_value(const TableValue& v, std::uint8_t* out);
// Reads a values record, its unused bytes as 0; false when its bytes cannot be one (a damaged
// file).
bool decode_value(const std::uint8_t* in, TableValue* out);
// decode_value, and false too for a value the generator never writes under a king-move limit of
// king_move_limit plies: a win or a loss whose DTZ is above it (the limit off, 0, bounds none).
// What every reader of a values file takes as the mark of a damaged one.
bool decode_stored_value(const std::uint8_t* in, int king_move_limit, TableValue* out);

struct ProgressHistory {
    int count = 0;
    std::array<ProgressStep, MAX_PROGRESS_STEPS> steps{};

    const ProgressStep* begin() const { return steps.data(); }
    const ProgressStep* end() const { return steps.data() + count; }
};

// Writes the progress record (record_size bytes, room for h) of a loss's history h: byte 0,
// the pairs, zeros after them.
void encode_progress(const ProgressHistory& h, std::uint8_t* out, int record_size);
// Bit 7 of a progress record's byte 0: the history has more than one step.
inline constexpr std::uint8_t MORE_STEPS = 0x80;
inline bool has_more_steps(const std::uint8_t* progress) { return (progress[0] & MORE_STEPS) != 0; }
// The history of a lost position (not don't care) from its values record v and its progress
// record (record_size bytes); false when the bytes cannot be one.
bool decode_history(const TableValue& v, const std::uint8_t* progress, int record_size,
                    ProgressHistory* out);

// The step that applies with the king-move counter at `counter` under king-move limit `limit`:
// the first whose level is at most limit - counter (the last if none is), or the first step
// when the limit is off (limit 0).
ProgressStep progress_at(const ProgressHistory& h, int counter, int limit);

// Whether pos's record is "don't care": its side to move must capture, and the one-piece-each
// rule does not end the game first.
bool is_dont_care(const Position& pos, const Ruleset& rules);

// The value of a don't-care position whose best capture, for the side to move, leads to a
// position of WDL5 `opponent` (the opponent's value there: the smallest over the captures, in
// the order loss < blessed-loss < draw < cursed-win < win): the negation, with DTZ 1 when won
// or lost (every move zeroes), as the solver finds it; a loss's history is CAPTURE_STEP.
TableValue capture_value(Wdl5 opponent);

} // namespace damatb::core
