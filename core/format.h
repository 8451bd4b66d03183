// Sizes and durations as progress lines print them.
#pragma once

#include <cstdint>
#include <string>

namespace damatb::core {

// "1.5 GiB", "820 MiB".
std::string format_bytes(std::uint64_t bytes);
// "12.3 s", "4 min 05 s", "2 h 10 min".
std::string format_seconds(double seconds);

} // namespace damatb::core
