// The memory of this machine and of this process.
#pragma once

#include <cstdint>

namespace damatb::core {

// The physical memory of this machine, 0 when it cannot be read.
std::uint64_t physical_memory();
// The process's peak resident memory so far.
std::uint64_t peak_memory();

} // namespace damatb::core
