#include "core/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace damatb::core {

void* map_pages(std::size_t bytes) {
    const bool huge = bytes % HUGE_PAGE == 0;
    // For a huge page boundary: a huge page more than needed, the ends past it given back.
    const std::size_t asked = huge ? bytes + HUGE_PAGE : bytes;
    void* mapped = ::mmap(nullptr, asked, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return nullptr;
    if (!huge) return mapped;
    auto* base = static_cast<std::uint8_t*>(mapped);
    const std::size_t head = (HUGE_PAGE - reinterpret_cast<std::uintptr_t>(base) % HUGE_PAGE) % HUGE_PAGE;
    if (head) ::munmap(base, head);
    ::munmap(base + head + bytes, HUGE_PAGE - head);
    base += head;
#ifdef MADV_HUGEPAGE
    ::madvise(base, bytes, MADV_HUGEPAGE); // a hint: no huge pages is no error
#endif
    return base;
}

void unmap_pages(void* p, std::size_t bytes) { ::munmap(p, bytes); }

} // namespace damatb::core
