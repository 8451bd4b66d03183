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

namespace damatb::gen {

// One solved table: for each index, WDL5, DTZ (wins and losses; 0 otherwise) and,
// for losses, the round of the first step of its progress history (0 otherwise),
// and the progress histories of more than one step of the losses (core/record.h):
// what the table files keep, the probe's ranking of moves needing no more
// (docs/probe.md, "Progress"). See docs/generator.md.
struct SolvedTable {
    explicit SolvedTable(const core::Material& m) : index(m) {}

    core::TableIndex index;
    core::HugeVector<core::Wdl5> wdl; // looked up at random by the classes that capture into it
    // A table read back from its WDL5 scratch file (gen/wdl_scratch.h): the WDL5 mapped from it
    // (wdl left empty), and the mapping, kept as long as the table is.
    const core::Wdl5* wdl_view = nullptr;
    std::shared_ptr<const void> wdl_file;
    // The WDL5 of index i, from wdl or the scratch file.
    core::Wdl5 wdl_at(std::uint64_t i) const { return wdl_view ? wdl_view[i] : wdl[i]; }
    std::vector<std::uint8_t> dtz;
    std::vector<std::uint8_t> round;
    // For a table the solver made (not one read from its files): a bit per index, set where the
    // side to move must capture (core::is_dont_care), as the solver's first look found it;
    // index i is bit i % 64 of word i / 64.
    std::vector<std::uint64_t> must_capture;
    bool dont_care(std::uint64_t i) const { return (must_capture[i / 64] >> (i % 64)) & 1; }
    // Every step of every loss's history of more than one step, by index, then round.
    struct Step {
        std::uint64_t index;
        core::ProgressStep step;
    };
    std::vector<Step> history;
};

class SolvedTables {
public:
    void add(std::shared_ptr<const SolvedTable> table);
    // Forgets the table of material m, if it is here.
    void remove(const core::Material& m);
    // The table of material m, or nullptr.
    const SolvedTable* find(const core::Material& m) const;
    // WDL5 of a position with White to move: a side to move without pieces has
    // lost; otherwise its table must be here (std::out_of_range if not).
    core::Wdl5 wdl(const core::Position& white_to_move) const;

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
