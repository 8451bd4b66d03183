// An array of the solver's that is mapped from the kernel whole and takes memory only where it
// is written: the solver of a class in slices (docs/six-pieces.md) writes the positions of one
// slice at a time, and gives back the memory of a slice no later one reads.
#pragma once

#include <cstdint>
#include <utility>

namespace damatb::gen {

class MappedArrayBytes {
public:
    // `bytes` of zeros, on huge pages if `huge` (core/huge_pages.h), else on small ones: where a
    // slice's positions lie in runs shorter than a huge page, huge pages would hold the
    // neighbouring slices' positions too. Throws std::bad_alloc when the system gives none.
    MappedArrayBytes(std::uint64_t bytes, bool huge);
    ~MappedArrayBytes();
    MappedArrayBytes(MappedArrayBytes&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), bytes_(o.bytes_), page_(o.page_) {}
    MappedArrayBytes& operator=(MappedArrayBytes&& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(bytes_, o.bytes_);
        std::swap(page_, o.page_);
        return *this;
    }

    void* data() const { return data_; }
    // Gives back the whole pages within bytes [begin, end), which read as zeros again.
    void release(std::uint64_t begin, std::uint64_t end);

private:
    void* data_ = nullptr;
    std::uint64_t bytes_ = 0; // as mapped
    std::uint64_t page_ = 0;
};

template <typename T>
class MappedArray {
public:
    MappedArray() : MappedArray(0, false) {}
    MappedArray(std::uint64_t size, bool huge) : bytes_(size * sizeof(T), huge), size_(size) {}

    T& operator[](std::uint64_t i) const { return data()[i]; }
    T* data() const { return static_cast<T*>(bytes_.data()); }
    std::uint64_t size() const { return size_; }
    // Gives back the memory of entries [begin, end) (the whole pages within them): zeros again.
    void release(std::uint64_t begin, std::uint64_t end) { bytes_.release(begin * sizeof(T), end * sizeof(T)); }

private:
    MappedArrayBytes bytes_;
    std::uint64_t size_;
};

} // namespace damatb::gen
