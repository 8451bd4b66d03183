// The checks of one table's files that need no search (`damatb verify` without --deep): the
// values file `<table>.dtb` and the progress file `<table>.dtp` beside it, each on its own
// (header, ruleset, material, contents, record size, entries, content checksum, every block),
// and the two together (core/record.h): every lost position (don't-care positions left out) has
// a history in the progress file that reads back, and the progress file holds nothing else (its
// unused bytes repeat as they should).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/material.h"
#include "core/ruleset.h"

namespace damatb::verify {

// What the check of one file found.
struct FileCheck {
    std::string path;
    std::string name; // the file name, e.g. "KMvK-.dtp"
    bool ok = false;
    std::string reason; // why not, without the path ("" when ok)
    std::uint64_t entries = 0; // records in the file (when its header could be read)

    // "PATH: reason".
    std::string failure() const { return path + ": " + reason; }
};

struct TableCheck {
    FileCheck values;
    // The progress file, when it is there or when the values file needs one (then not ok:
    // "missing").
    std::optional<FileCheck> progress;
    // The lost positions whose history the progress file holds (when the values file could be
    // read); of them, those whose history has more than one step, and the most steps of one.
    std::uint64_t losses = 0;
    std::uint64_t continued = 0;
    int longest = 1;

    bool ok() const { return values.ok && (!progress || progress->ok); }
};

// Checks the files of the table of material m whose values file is values_path (it must be
// there; the progress file is the same path ending in ".dtp"), built under `rules`. Reads both
// files through once after their checksums, their blocks shared by `threads` threads; the result
// is the same whatever their number (where a file fails, it is read again in order to name the
// first record at fault).
TableCheck check_table(const std::string& values_path, const core::Material& m,
                       const core::Ruleset& rules, int threads = 1);

} // namespace damatb::verify
