// The WDL5 of a class's tables kept, for the classes solved after it, in files of the output
// folder's `scratch/` folder (docs/generator.md, "The classes read back"): one byte a position,
// uncompressed, mapped read-only. A class read back from them needs neither its files
// decompressed nor the captures of its don't-care positions searched again (and so none of the
// classes those lead into), and its values sit in the kernel's page cache, shared by every
// process of the machine that reads them, rather than in each process's own memory.
//
// A scratch file is tied to the values file it was made beside: its header holds that file's
// content checksum (and the ruleset, the table, the positions), and a checksum of its own
// bytes. It is written to `<name>.tmp` and renamed when complete.
#pragma once

#include <memory>
#include <string>

#include "core/material.h"
#include "core/ruleset.h"
#include "gen/solved.h"

namespace damatb::gen {

inline constexpr const char* SCRATCH_FOLDER = "scratch";

// "<dir>/scratch/KKvKM+.wdl".
std::string wdl_scratch_path(const std::string& dir, const core::Material& table);

// Writes the WDL5 of table t, whose values file is in dir already, to its scratch file (read
// from its slice files on `threads` threads, if that is where its results are). Throws
// std::runtime_error naming the file when it cannot.
void save_wdl_scratch(const std::string& dir, const SolvedTable& t, const core::Ruleset& rules, int threads = 1);

// Table m with its WDL5 alone, mapped from its scratch file in dir, when that file is there,
// complete and undamaged, made under `rules`, and made beside the values file of m that is in
// dir now; nullptr otherwise.
std::shared_ptr<SolvedTable> map_wdl_scratch(const std::string& dir, const core::Material& m,
                                             const core::Ruleset& rules);

// Gives back the process's pages of t's scratch file, if t is mapped from one: they stay in the
// kernel's page cache, and a look-up brings its page back from there. A class touches the
// pages of the classes it reads alone, so only those count in its resident memory
// (docs/six-pieces.md, "The memory estimate").
void release_wdl_pages(const SolvedTable& t);

// Removes the scratch folder of dir and everything in it.
void remove_wdl_scratch(const std::string& dir);
// Removes the scratch file of table m in dir, if there is one.
void remove_wdl_scratch(const std::string& dir, const core::Material& table);

} // namespace damatb::gen
