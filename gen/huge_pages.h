// Memory for the generator's large arrays, on transparent huge pages.
//
// The solver looks up positions of tables of 10^8 entries at random. On 4 KiB pages nearly
// every such look-up also misses the processor's address translation cache, and walking the
// page tables is one more wait on memory; a 2 MiB page covers 512 times as much. So an
// allocation of 2 MiB or more is placed at a 2 MiB boundary, rounded up to whole huge pages,
// and the kernel asked to back it with huge pages (madvise MADV_HUGEPAGE: a hint, honoured when
// transparent huge pages are "always" or "madvise"; no huge pages is no error). Such blocks
// are mapped from the kernel directly and unmapped when freed; smaller ones are left to the
// ordinary allocator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include <sys/mman.h>

namespace damatb::gen {

inline constexpr std::size_t HUGE_PAGE = std::size_t{2} << 20;

template <typename T>
struct HugePageAllocator {
    using value_type = T;

    HugePageAllocator() = default;
    template <typename U>
    HugePageAllocator(const HugePageAllocator<U>&) {}

    T* allocate(std::size_t n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < HUGE_PAGE) return std::allocator<T>().allocate(n);
        // Mapped straight from the kernel, not from the C library's heap, which the generator
        // keeps for its short-lived work lists (generate.cpp): the two would fragment each other.
        const std::size_t rounded = rounded_up(bytes);
        void* mapped = ::mmap(nullptr, rounded + HUGE_PAGE, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED) throw std::bad_alloc();
        // The 2 MiB boundary inside, and the mapping trimmed to [p, p + rounded).
        const auto start = reinterpret_cast<std::uintptr_t>(mapped);
        const std::uintptr_t p = (start + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        if (p > start) ::munmap(mapped, p - start);
        ::munmap(reinterpret_cast<void*>(p + rounded), start + HUGE_PAGE - p);
#ifdef MADV_HUGEPAGE
        ::madvise(reinterpret_cast<void*>(p), rounded, MADV_HUGEPAGE);
#endif
        return reinterpret_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) {
        if (n * sizeof(T) < HUGE_PAGE)
            std::allocator<T>().deallocate(p, n);
        else
            ::munmap(p, rounded_up(n * sizeof(T)));
    }

    static std::size_t rounded_up(std::size_t bytes) {
        return (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    }

    template <typename U>
    bool operator==(const HugePageAllocator<U>&) const { return true; }
    template <typename U>
    bool operator!=(const HugePageAllocator<U>&) const { return false; }
};

// A vector whose storage, once large, lies on huge pages.
template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

} // namespace damatb::gen
