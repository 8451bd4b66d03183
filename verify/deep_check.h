// The deep check of `damatb verify --deep`: the value of positions of a table against one ply of
// search over their successors (core/consistency.h), every position or a sample of them
// (verify/sample.h), each checked alike (check_position). Every value, the position's own and
// its successors', is read as the probe library reads it, through HeldValues: from memory for
// the tables it holds, which spares the block cache and its locks (a position of 6 pieces has
// some 60 moves). A don't-care position holds no value of its own (its record is a placeholder,
// docs/values.md): the library answers it by searching its captures, one ply of search already,
// so it is passed over, and its captures are searched when it is read as the position after a
// move. (An index whose position has a smaller index of its own, core/index.h, is checked
// through that smaller index, which is what a probe reads.)
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/ruleset.h"
#include "verify/held_values.h"

namespace damatb::verify {

struct DeepCheck {
    std::uint64_t positions = 0;       // values checked
    std::uint64_t dont_care = 0;       // of them, don't-care positions, passed over (check_position)
    std::uint64_t size = 0;            // the table's positions
    bool sampled = false;              // a sample of them (DeepCheckOptions::sample), not each
    std::uint64_t wrong = 0;           // values that one ply of search contradicts
    std::vector<std::string> examples; // those of the smallest indices, "FEN: stored ..., one ply ..."
    // When a table could not be read: why (the probe library's last_error(), naming the missing
    // class or the file); the check stopped.
    std::string error;
    double seconds = 0;

    bool ok() const { return wrong == 0 && error.empty(); }
};

struct DeepCheckOptions {
    int threads = 1;
    std::uint64_t sample = 0; // 0: every position; else that many drawn at random (all if more)
    std::uint64_t seed = 1;   // the draw's, with the table's name (table_seed)
    // Called every few seconds from the calling thread with the positions checked so far.
    std::function<void(std::uint64_t done)> progress;
};

// Why the value of position i of table `index` is not what one ply of search over its moves
// gives (values read through `values`), or nullopt when it is, or when the position is a
// don't-care one (then *dont_care is set, if given). Throws std::runtime_error when a value
// cannot be read.
std::optional<std::string> check_position(const core::TableIndex& index, std::uint64_t i,
                                          const HeldValues& values, const core::Ruleset& rules,
                                          bool* dont_care = nullptr);

// Checks the positions of the table of `material` (its file already verified: header and
// checksum): every one, or options.sample of them.
DeepCheck deep_check(const core::Material& material, const HeldValues& values,
                     const core::Ruleset& rules, const DeepCheckOptions& options);

} // namespace damatb::verify
