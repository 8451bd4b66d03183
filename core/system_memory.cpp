#include "core/system_memory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <string>

namespace damatb::core {

std::uint64_t physical_memory() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

namespace {
// The peak before the last reset_recent_peak_memory(), which resets the kernel's count of both.
std::atomic<std::uint64_t> peak_before_reset{0};
} // namespace

std::uint64_t peak_memory() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return std::max(peak_before_reset.load(), std::uint64_t(usage.ru_maxrss) << 10); // KiB
}

bool reset_recent_peak_memory() {
    const std::uint64_t peak = peak_memory();
    std::ofstream clear("/proc/self/clear_refs");
    if (!clear || !(clear << "5").flush()) return false;
    peak_before_reset = peak;
    return true;
}

std::uint64_t recent_peak_memory() {
    std::ifstream status("/proc/self/status");
    for (std::string key; status >> key;) {
        std::uint64_t kib = 0;
        if (key == "VmHWM:" && status >> kib) return kib << 10;
        status.ignore(1 << 20, '\n');
    }
    return 0;
}

} // namespace damatb::core
