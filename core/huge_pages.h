// Memory on transparent huge pages, for the generator's large arrays and the probe's block
// cache.
//
// Tables of 10^8 entries are read at random. On 4 KiB pages nearly every such read also misses
// the processor's address translation cache, and walking the page tables is one more wait on
// memory; a 2 MiB page covers 512 times as much. So memory of whole huge pages is mapped at a
// 2 MiB boundary and the kernel asked to back it with huge pages (madvise MADV_HUGEPAGE: a hint,
// honoured when transparent huge pages are "always" or "madvise"; no huge pages is no error).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace damatb::core {

// The size of a huge page (x86-64, and the usual one elsewhere).
inline constexpr std::size_t HUGE_PAGE = std::size_t{2} << 20;

// `bytes` rounded up to whole huge pages.
constexpr std::size_t huge_pages_for(std::size_t bytes) {
    return (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
}

// `bytes` (> 0) of fresh zeroed memory mapped from the kernel, read-write, or null when the
// system gives none. When bytes is a whole number of huge pages, it starts at a huge page
// boundary and is asked to be backed by huge pages. Thread-safe.
void* map_pages(std::size_t bytes);
// Gives back memory from map_pages(bytes).
void unmap_pages(void* p, std::size_t bytes);

// An allocator that maps an allocation of a huge page or more straight from the kernel, on huge
// pages (rounded up to whole ones), and unmaps it when freed; smaller ones are left to the
// ordinary allocator. Large blocks are kept off the C library's heap, which the generator keeps
// for its short-lived work lists (gen/generate.cpp): the two would fragment each other.
template <typename T>
struct HugePageAllocator {
    using value_type = T;

    HugePageAllocator() = default;
    template <typename U>
    HugePageAllocator(const HugePageAllocator<U>&) {}

    T* allocate(std::size_t n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < HUGE_PAGE) return std::allocator<T>().allocate(n);
        void* p = map_pages(huge_pages_for(bytes));
        if (!p) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) {
        if (n * sizeof(T) < HUGE_PAGE)
            std::allocator<T>().deallocate(p, n);
        else
            unmap_pages(p, huge_pages_for(n * sizeof(T)));
    }

    template <typename U>
    bool operator==(const HugePageAllocator<U>&) const { return true; }
    template <typename U>
    bool operator!=(const HugePageAllocator<U>&) const { return false; }
};

// A vector whose storage, once large, lies on huge pages.
template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

// HugePageAllocator whose blocks are always fresh zeros (a small one from calloc) and whose
// elements made without a value are left as they are (zeros): a vector of bytes sized so takes
// memory page by page as it is written, not all at once for its zeros. Only for a vector sized
// once from empty: one shrunk and grown again would keep the old values past its size.
template <typename T>
struct LazyZeroAllocator : HugePageAllocator<T> {
    using value_type = T;

    LazyZeroAllocator() = default;
    template <typename U>
    LazyZeroAllocator(const LazyZeroAllocator<U>&) {}

    T* allocate(std::size_t n) {
        if (n * sizeof(T) >= HUGE_PAGE) return HugePageAllocator<T>::allocate(n); // fresh from the kernel
        void* p = std::calloc(n, sizeof(T));
        if (!p) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) {
        if (n * sizeof(T) >= HUGE_PAGE) return HugePageAllocator<T>::deallocate(p, n);
        std::free(p);
    }
    template <typename U>
    void construct(U* p) {
        ::new (static_cast<void*>(p)) U; // default-initialised: the zeros already there
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
    template <typename U>
    bool operator==(const LazyZeroAllocator<U>&) const { return true; }
};

// A vector of zeros that become resident as they are written (LazyZeroAllocator).
template <typename T>
using LazyZeroVector = std::vector<T, LazyZeroAllocator<T>>;

} // namespace damatb::core
