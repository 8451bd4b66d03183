// The deep check of `damatb verify --deep`: the value of every position of a table against one
// ply of search over its successors (core/consistency.h). Every value, the position's own and
// its successors', is read as the probe library reads it: through the library, or, for the
// positions of the class checked that need no capture search, from the class's values files
// read whole into memory and decoded as the library decodes them (core::decode_stored_value), which
// spares most look-ups the block cache and its locks (a position of 6 pieces has some 60
// moves, most of them king moves that stay in the class). (An index whose position has a
// smaller index of its own, core/index.h, is checked through that smaller index, which is what
// a probe reads.)
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/ruleset.h"
#include "core/material.h"
#include "damatb/probe.hpp"

namespace damatb::verify {

struct DeepCheck {
    std::uint64_t positions = 0;       // values checked
    std::uint64_t wrong = 0;           // values that one ply of search contradicts
    std::vector<std::string> examples; // the first few of them, "FEN: stored ..., one ply ..."
    // When a table could not be read: why (the probe library's last_error(), naming the missing
    // class or the file); the check stopped.
    std::string error;
    double seconds = 0;
    bool in_memory = false; // the class's values were read whole from its files

    bool ok() const { return wrong == 0 && error.empty(); }
};

// Checks every position of the table of `material` (its file already verified: header and
// checksum), which `tb` reads under `rules`, on `threads` threads. The values files of the
// class's tables are read from `dir` when they are valid and take at most most_in_memory bytes
// (two a position); otherwise every value comes through `tb`. Calls progress(done) every few seconds from the
// calling thread with the positions checked so far.
DeepCheck deep_check(const core::Material& material, const probe::Tablebase& tb,
                     const core::Ruleset& rules, int threads,
                     const std::function<void(std::uint64_t done)>& progress,
                     const std::string& dir = "",
                     std::uint64_t most_in_memory = std::uint64_t{4} << 30);

} // namespace damatb::verify
