// The memory a generation needs, class by class, and the budget it must fit in
// (docs/six-pieces.md, "The memory estimate"): what `generate` checks before any work and what
// `damatb plan --json` prints.
#pragma once

#include <cstdint>
#include <vector>

#include "core/material.h"

namespace damatb::gen {

// The read cache's bytes (gen/read_cache.h) that leave the classes a class reads unbounded:
// each counts whole in its estimate.
inline constexpr std::uint64_t NO_READ_CACHE = ~std::uint64_t{0};
// The most of a default read cache: 4 GiB. Beyond, a larger budget goes to the solver, whose
// slices it makes fewer (the classes read stay in the kernel's page cache, read again from
// there): under a budget of 64 GiB the largest slices of 7 pieces (KKKMvKKK's, 11 billion
// positions, which cannot be cut finer) fit (docs/six-pieces.md, "Seven pieces").
inline constexpr std::uint64_t DEFAULT_READ_CACHE_MOST = std::uint64_t{4} << 30;
// The read cache under a budget (0: none): `asked` if not 0, else a quarter of the budget, at
// most DEFAULT_READ_CACHE_MOST, else none (NO_READ_CACHE).
std::uint64_t read_cache_of(std::uint64_t budget, std::uint64_t asked);

// The bytes the solver needs for class k of a plan, the earlier classes it still
// holds in memory included. A class whose files are already there (`reused`, when given, says
// which) is read back, not solved: it needs a few bytes per position.
// With `slices` above 0, a class with men is solved in that many slices (slice_estimates;
// MenSlices::profile_count or more: one per profile). The classes it reads count for at most
// `read_cache` bytes (held_classes_bytes).
std::uint64_t memory_estimate(const std::vector<core::ClassPlan>& plan, std::size_t k,
                              const std::vector<bool>& reused = {}, int slices = 0,
                              std::uint64_t read_cache = NO_READ_CACHE);
// The classes that the don't-care positions of class c read back look up (core/record.h: a
// capture is compulsory there, and its value is its best capture's): those of c.needs that its
// captures lead into, with fewer pieces. Its promotions, which keep its pieces, lead into the
// others, which only solving it reads.
std::vector<core::Material> capture_needs(const core::ClassPlan& c);
// What a class whose files are there is read back from (gen/generate.cpp, read_back): nothing,
// when no class of the run reads it; its WDL5 scratch files, mapped; its values files, their
// WDL5 alone; or every record of its files.
enum class ReadFrom { NOTHING, SCRATCH_FILES, VALUES, RECORDS };
// The bytes that reading class k of a plan back so needs, the classes its don't-care positions
// read included (capture_needs; at most `read_cache` of them resident, gen/table_io.h,
// ReadBound) but for scratch files, which need none of them. Reading every record is what
// memory_estimate counts for a class `reused`.
std::uint64_t read_back_bytes(const std::vector<core::ClassPlan>& plan, std::size_t k, ReadFrom from,
                              std::uint64_t read_cache = NO_READ_CACHE);
// The bytes that solving class k of a plan, which has men, in `count` slices (MenSlices; 0 for
// one per profile) needs at each of its slices, in the order they are solved
// (MenSlices::estimate), the classes it reads and the slices done that it reads included: at
// most `read_cache` of those resident at once (gen/read_cache.h, KeptPagesWatch).
std::vector<std::uint64_t> slice_estimates(const std::vector<core::ClassPlan>& plan, std::size_t k, int count,
                                           std::uint64_t read_cache = NO_READ_CACHE);
// The fewest slices (at least 2) that class k of a plan, which has men, can be solved in within
// `budget` bytes (memory_estimate): each slice costs passes of its own, so the fewer the
// faster. Its number of profiles (the most it has) when that many do not fit so.
int slices_to_fit(const std::vector<core::ClassPlan>& plan, std::size_t k, std::uint64_t budget,
                  const std::vector<bool>& reused = {}, std::uint64_t read_cache = NO_READ_CACHE);
// The bytes that solving class k of a plan holds besides its solver's: the WDL5 of the classes
// it reads (one byte per position; mapped from their scratch files, gen/wdl_scratch.h), at most
// `read_cache` of them resident at once (gen/read_cache.h), and a margin for the program.
std::uint64_t held_classes_bytes(const std::vector<core::ClassPlan>& plan, std::size_t k,
                                 std::uint64_t read_cache = NO_READ_CACHE);

// The memory budget when none is given: the machine's memory less a sixteenth of it, and at
// least 1 GiB, for the system and other programs.
std::uint64_t default_memory_budget();

// The positions of a class: those of its tables, both sides to move.
std::uint64_t class_positions(const core::Material& cls);
// Whether class cls has men (and so slices).
bool has_men(const core::Material& cls);

} // namespace damatb::gen
