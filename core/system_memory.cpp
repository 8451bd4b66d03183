#include "core/system_memory.h"

#include <sys/resource.h>
#include <unistd.h>

namespace damatb::core {

std::uint64_t physical_memory() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

std::uint64_t peak_memory() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return std::uint64_t(usage.ru_maxrss) << 10; // KiB
}

} // namespace damatb::core
