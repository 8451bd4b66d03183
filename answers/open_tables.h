// The probe library opened on a tables folder, with the messages of what goes wrong.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "core/result.h"
#include "core/ruleset.h"
#include "damatb/probe.hpp"

namespace damatb::answers {

// The block cache of the tables the tool opens: 64 MiB (more did not make `verify --deep` of 4
// pieces faster; 6 pieces need the tables they read whole, see `verify --cache-mib`).
inline constexpr std::size_t DEFAULT_CACHE_BYTES = std::size_t{64} << 20;

// The probe library opened on dir for rules with cache_bytes of block cache, or why not: dir
// is not a folder, holds no table file, or cannot be read.
core::Result<std::unique_ptr<probe::Tablebase>> open_tables(const std::string& dir, const core::Ruleset& rules,
                                                            std::size_t cache_bytes = DEFAULT_CACHE_BYTES);

} // namespace damatb::answers
