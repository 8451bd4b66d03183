// The positions a sampled deep check (`damatb verify --deep --sample N`) checks: N indices of a
// table drawn uniformly without repetition, the same for the same seed and table name whatever
// else runs (the draw is made once, on one thread).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace damatb::verify {

// The seed of one table's draw: splitmix64 of `seed` mixed with the 64-bit FNV-1a hash of the
// table's name (e.g. "KMvK+"), so that each table of a run gets a draw of its own.
std::uint64_t table_seed(std::uint64_t seed, std::string_view table_name);

// `count` distinct indices below `size`, increasing, drawn uniformly from the seed (every
// index when count >= size). Holds 8 bytes an index chosen.
std::vector<std::uint64_t> sample_indices(std::uint64_t size, std::uint64_t count, std::uint64_t seed);

} // namespace damatb::verify
