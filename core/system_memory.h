// The memory of this machine and of this process.
#pragma once

#include <cstdint>

namespace damatb::core {

// The physical memory of this machine, 0 when it cannot be read.
std::uint64_t physical_memory();
// The process's peak resident memory so far.
std::uint64_t peak_memory();
// Starts the count of recent_peak_memory() again from the process's present resident memory
// (Linux: /proc/self/clear_refs; peak_memory() still counts what came before); false where that
// cannot be done.
bool reset_recent_peak_memory();
// The process's peak resident memory since reset_recent_peak_memory() (Linux: VmHWM), or since
// it started; 0 when it cannot be read.
std::uint64_t recent_peak_memory();

} // namespace damatb::core
