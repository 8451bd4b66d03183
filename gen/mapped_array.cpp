#include "gen/mapped_array.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

#include "core/huge_pages.h"

namespace damatb::gen {

MappedArrayBytes::MappedArrayBytes(std::uint64_t bytes, bool huge) {
    if (bytes == 0) return;
    page_ = huge ? core::HUGE_PAGE : static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    bytes_ = (bytes + page_ - 1) / page_ * page_;
    if (huge) {
        data_ = core::map_pages(bytes_);
    } else {
        void* p = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        data_ = p == MAP_FAILED ? nullptr : p;
    }
    if (!data_) throw std::bad_alloc();
}

MappedArrayBytes::~MappedArrayBytes() {
    if (data_) core::unmap_pages(data_, bytes_);
}

void MappedArrayBytes::release(std::uint64_t begin, std::uint64_t end) {
    if (!data_) return;
    begin = (begin + page_ - 1) / page_ * page_;
    end = end / page_ * page_;
    if (end > begin) ::madvise(static_cast<char*>(data_) + begin, end - begin, MADV_DONTNEED);
}

} // namespace damatb::gen
