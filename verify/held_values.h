// The values the deep check reads (verify/deep_check.h): the tables of the class checked, then
// those of the classes its moves lead into, then those the captures from there lead into, each
// read whole into memory (two bytes a position, decoded as the probe library decodes them,
// core::decode_stored_value) while they fit in a budget; any other table through the probe
// library. A don't-care position (its side to move must capture, core/record.h) is answered as
// the library answers it: by searching its captures. The first look-up of a record held keeps
// its answer in the record, marked, so that later ones need neither the test for a capture nor
// the search.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/index.h"
#include "core/material.h"
#include "core/record.h"
#include "core/ruleset.h"
#include "damatb/probe.hpp"

namespace damatb::verify {

class HeldValues {
public:
    // Reads from `dir` ("": none) the values files of the tables of class cls and of the classes
    // its moves reach, in that order, each that is valid for `rules` and still fits in
    // most_bytes, on `threads` threads; the others are read through `tb`.
    HeldValues(const core::Material& cls, const probe::Tablebase& tb, const core::Ruleset& rules,
               const std::string& dir, std::uint64_t most_bytes, int threads);
    HeldValues(const HeldValues&) = delete;
    HeldValues& operator=(const HeldValues&) = delete;
    ~HeldValues();

    // The stored value of p (any side to move, which has a piece), as a probe reads it at
    // counter 0. Throws std::runtime_error, naming the class or the file, when a table cannot
    // give it. Thread-safe.
    core::TableValue value(const core::Position& p) const;
    // value(p) of p = index.position(i), White to move, which the caller knows is not a
    // don't-care position: its stored value. Its answer is kept in its record, so that no look-up
    // of it as the position after a move tests it for a capture.
    core::TableValue stored_at(const core::TableIndex& index, std::uint64_t i, const core::Position& p) const;
    // value(ps[k]) into out[k] for every k < n, the records held fetched from memory together.
    void values(const core::Position* ps, std::size_t n, core::TableValue* out) const;

    // Whether the tables of class cls are all held; the tables held, their bytes, and the time
    // they took to read.
    bool holds_class(const core::Material& cls) const;
    int tables() const { return int(held_.size()); }
    std::uint64_t bytes() const { return bytes_; }
    double seconds() const { return seconds_; }

private:
    struct Table;
    // The held table of material m (White to move), or null.
    const Table* find(const core::Material& m) const;
    // The value of p, whose position turned White to move has index i in t. Whether p is a
    // don't-care position is tested, unless `stored`: then it is known not to be one.
    core::TableValue held(const Table& t, std::uint64_t i, const core::Position& p, bool stored = false) const;
    // The value of a don't-care position p: the best of its captures'.
    core::TableValue searched(const core::Position& p) const;
    // The value of q (White to move) through the library.
    core::TableValue probed(const core::Position& q) const;

    const probe::Tablebase& tb_;
    core::Ruleset rules_;
    std::vector<std::unique_ptr<Table>> held_;
    std::array<const Table*, 9 * 9 * 9 * 9> by_material_{}; // by material_slot()
    std::uint64_t bytes_ = 0;
    double seconds_ = 0;
};

} // namespace damatb::verify
