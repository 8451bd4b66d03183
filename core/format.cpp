#include "core/format.h"

#include <cstdio>

namespace damatb::core {

std::string format_bytes(std::uint64_t bytes) {
    char buf[32];
    if (bytes >= (std::uint64_t{1} << 30))
        std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(1 << 30));
    else
        std::snprintf(buf, sizeof buf, "%llu MiB", (unsigned long long)(bytes >> 20));
    return buf;
}

std::string format_seconds(double s) {
    char buf[32];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%.1f s", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%d min %02d s", int(s) / 60, int(s) % 60);
    else
        std::snprintf(buf, sizeof buf, "%d h %02d min", int(s) / 3600, int(s) / 60 % 60);
    return buf;
}

} // namespace damatb::core
