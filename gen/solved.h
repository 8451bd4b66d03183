// Solved tables held in memory, and the value of any position they cover.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "core/index.h"
#include "core/material.h"
#include "core/record.h"
#include "core/wdl.h"
#include "core/huge_pages.h"
#include "gen/read_only_file.h"

namespace damatb::gen {

// A run of history steps (SolvedTable::Step) kept in a file rather than in memory: `count`
// steps from byte `offset` of the file, by index, then round, each in STEP_BYTES bytes (the index
// in 8, little-endian, then the round and the level); gen/slice_files.h writes them so.
struct StepFile {
    static constexpr std::uint64_t STEP_BYTES = 10;
    static constexpr std::uint64_t SPARSE_EVERY = 4096;
    std::shared_ptr<const ReadOnlyFile> file;
    std::uint64_t offset = 0, count = 0;
    // The index of step k * SPARSE_EVERY for each k: where to start reading for an index.
    std::vector<std::uint64_t> sparse;
    int longest = 1; // the most steps of one index
};

// The results of a run of indices kept in a file rather than in memory (a piece of a slice, in
// its slice file, gen/slice_files.h): for the indices [begin, end), n of them, their WDL5, then
// their DTZ, their round and a must-capture byte (1 where the side to move must capture), n
// bytes each, compressed into one zstd frame of `compressed` bytes from byte `at` (or, when
// `compressed` is 0, from byte `at` as they are).
struct ResultFile {
    std::uint64_t begin = 0, end = 0;
    std::shared_ptr<const ReadOnlyFile> file;
    std::uint64_t at = 0;
    std::uint64_t compressed = 0;
};

// The results of the indices from `first` on, as SolvedTable::results_in reads them.
struct Results {
    std::uint64_t first = 0;
    std::vector<core::Wdl5> wdl;
    std::vector<std::uint8_t> dtz, round, must_capture; // must_capture: 1 where the side to move must
};

// One solved table: for each index, WDL5, DTZ (wins and losses; 0 otherwise) and,
// for losses, the round of the first step of its progress history (0 otherwise),
// and the progress histories of more than one step of the losses (core/record.h):
// what the table files keep, the probe's ranking of moves needing no more
// (docs/probe.md, "Progress"). See docs/generator.md.
struct SolvedTable {
    explicit SolvedTable(const core::Material& m) : index(m) {}

    core::TableIndex index;
    // The results, made once by the solver or read from the files (a table solved whole takes
    // their memory as it writes them, core::LazyZeroVector).
    core::LazyZeroVector<core::Wdl5> wdl; // looked up at random by the classes that capture into it
    // A table read back from its WDL5 scratch file (gen/wdl_scratch.h): the WDL5 mapped from it
    // (wdl left empty), and the mapping, kept as long as the table is.
    const core::Wdl5* wdl_view = nullptr;
    std::shared_ptr<const void> wdl_file;
    // The WDL5 of index i, from wdl or the scratch file.
    core::Wdl5 wdl_at(std::uint64_t i) const { return *wdl_address(i); }
    const core::Wdl5* wdl_address(std::uint64_t i) const { return wdl_view ? wdl_view + i : wdl.data() + i; }
    core::LazyZeroVector<std::uint8_t> dtz;
    core::LazyZeroVector<std::uint8_t> round;
    // For a table the solver made (not one read from its files): a bit per index, set where the
    // side to move must capture (core::is_dont_care), as the solver's first look found it;
    // index i is bit i % 64 of word i / 64.
    std::vector<std::uint64_t> must_capture;
    bool dont_care(std::uint64_t i) const { return (must_capture[i / 64] >> (i % 64)) & 1; }
    // A step of the history of the loss at `index`, in 8 bytes (an index below 2^48, 7 pieces
    // have 1.9 * 10^12; a round and a level below 256).
    struct Step {
        Step(std::uint64_t i, core::ProgressStep s)
            : index(i & INDEX_MASK), round(static_cast<std::uint8_t>(s.round)), level(static_cast<std::uint8_t>(s.level)) {}
        core::ProgressStep step() const { return {int(round), int(level)}; }
        static constexpr std::uint64_t INDEX_MASK = (std::uint64_t{1} << 48) - 1;

        std::uint64_t index : 48;
        std::uint64_t round : 8;
        std::uint64_t level : 8;
    };
    // Every step of every loss's history of more than one step, in runs: each run by index,
    // then round, and an index's steps all in one run (one run for each slice of a class solved
    // in slices, so that a slice's steps are never moved again; one for a table solved whole or
    // read back). The runs of the slices whose files are written are in history_files instead,
    // read from those files when the table's files are written: a class of 6 pieces can have
    // hundreds of millions of steps (docs/six-pieces.md, "The compact solver, in order").
    std::vector<std::vector<Step>> history;
    std::vector<StepFile> history_files;
    // For a table solved in slices with slice files: its results in those files, by index (wdl,
    // dtz, round and must_capture left empty), not held whole: a class of 6 pieces has billions
    // of positions, at 3 bytes each (docs/six-pieces.md, "The compact solver, in order").
    std::vector<ResultFile> result_files;
    // The results of the indices b to e - 1, from memory or the files. Throws
    // std::runtime_error naming the file when one cannot be read.
    Results results_in(std::uint64_t b, std::uint64_t e) const;
    // The steps of the indices b to e - 1, by index, then round. Throws std::runtime_error naming
    // the file when a run in a file cannot be read.
    std::vector<Step> steps_in(std::uint64_t b, std::uint64_t e) const;
    // The most steps of one index's history, 1 when there is none of more than one step.
    int longest_history() const;
    // Drops the steps, in memory and in files.
    void drop_history() {
        history = {};
        history_files = {};
    }
    // Drops the results but the WDL5: the DTZ, rounds, must-capture bits, history, and the
    // files of results.
    void drop_all_but_wdl() {
        dtz = {};
        round = {};
        must_capture = {};
        result_files = {};
        drop_history();
    }
};
static_assert(sizeof(SolvedTable::Step) == 8);

class SolvedTables {
public:
    void add(std::shared_ptr<const SolvedTable> table);
    // Forgets the table of material m, if it is here.
    void remove(const core::Material& m);
    // The table of material m, or nullptr.
    const SolvedTable* find(const core::Material& m) const;
    // WDL5 of a position with White to move: a side to move without pieces has
    // lost; otherwise its table must be here (std::out_of_range if not).
    core::Wdl5 wdl(const core::Position& white_to_move) const { return *wdl_address(white_to_move); }
    // Where that WDL5 lies, so that it can be fetched from memory before it is read.
    const core::Wdl5* wdl_address(const core::Position& white_to_move) const;
    // The table of a position with White to move, nullptr if the side to move has no pieces
    // (std::out_of_range if it is not here).
    const SolvedTable* table_for(const core::Position& white_to_move) const;
    // The value of a side to move without pieces.
    static constexpr core::Wdl5 NO_PIECES = core::Wdl5::LOSS;
    // Calls f(table) for each table here.
    template <typename F>
    void for_each(F&& f) const {
        for (const auto& entry : tables_) f(*entry.second);
    }

private:
    // Where material m's table is listed in by_key_: every count is at most 16.
    static std::size_t key(const core::Material& m) {
        return ((std::size_t(m.mover.kings) * 17 + m.mover.men) * 17 + m.other.kings) * 17 + m.other.men;
    }

    std::map<core::Material, std::shared_ptr<const SolvedTable>> tables_;
    // The same tables by key(): a look-up is one load, not a search (the first look at a class
    // makes one for each capture of each position). 17^4 pointers, 653 KiB.
    std::vector<const SolvedTable*> by_key_ = std::vector<const SolvedTable*>(17 * 17 * 17 * 17);
};

} // namespace damatb::gen
