#include "gen/scratch_pages.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace damatb::gen {

namespace {

std::uint64_t page_size() { return static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE)); }

// The whole pages within [at, at + bytes): their first byte and their length (0: none).
std::pair<char*, std::uint64_t> whole_pages(void* at, std::uint64_t bytes) {
    const std::uint64_t page = page_size();
    const auto begin = reinterpret_cast<std::uintptr_t>(at);
    const std::uintptr_t first = (begin + page - 1) / page * page, last = (begin + bytes) / page * page;
    return {reinterpret_cast<char*>(first), last > first ? last - first : 0};
}

std::string error_of(const std::string& what, const std::string& dir) {
    return what + " in " + dir + ": " + std::strerror(errno);
}

} // namespace

ScratchPages::ScratchPages(const std::string& dir) : dir_(dir) {
#ifdef O_TMPFILE
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
    if (fd_ < 0) { // a file system without unnamed files: a named one, removed at once
        std::string name = dir + "/damatb-pages-XXXXXX";
        fd_ = ::mkstemp(name.data());
        if (fd_ >= 0) ::unlink(name.c_str());
    }
    if (fd_ < 0) throw std::runtime_error(error_of("cannot make a scratch file", dir));
}

ScratchPages::~ScratchPages() {
    // The mappings go with the arrays they lie in (MappedArrayBytes unmaps its whole range).
    ::close(fd_);
}

void ScratchPages::move_in(void* at, std::uint64_t bytes) {
    const auto [first, length] = whole_pages(at, bytes);
    if (!length) return;
    const std::lock_guard<std::mutex> lock(mutex_);
    for (std::uint64_t done = 0; done < length;) {
        const ssize_t n = ::pwrite(fd_, first + done, std::size_t(std::min<std::uint64_t>(length - done, 1u << 30)),
                                   off_t(end_ + done));
        if (n <= 0) throw std::runtime_error(error_of("cannot write the scratch file of the slices kept", dir_));
        done += std::uint64_t(n);
    }
    if (::mmap(first, length, PROT_READ, MAP_SHARED | MAP_FIXED, fd_, off_t(end_)) == MAP_FAILED)
        throw std::runtime_error(error_of("cannot map the scratch file of the slices kept", dir_));
    moved_.push_back({first, length, end_});
    end_ += length;
}

void ScratchPages::forget(void* at, std::uint64_t bytes) {
    const auto [first, length] = whole_pages(at, bytes);
    if (!length) return;
    char* const last = first + length;
    const std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Moved> kept;
    for (const Moved& m : moved_) {
        char* const lo = std::max(m.at, first);
        char* const hi = std::min(m.at + m.bytes, last);
        if (lo >= hi) {
            kept.push_back(m);
            continue;
        }
        if (::mmap(lo, std::uint64_t(hi - lo), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
            MAP_FAILED)
            throw std::runtime_error(error_of("cannot give back pages of the scratch file of the slices kept", dir_));
        ::fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(m.offset + std::uint64_t(lo - m.at)),
                    off_t(hi - lo));
        if (lo > m.at) kept.push_back({m.at, std::uint64_t(lo - m.at), m.offset});
        if (hi < m.at + m.bytes)
            kept.push_back({hi, std::uint64_t(m.at + m.bytes - hi), m.offset + std::uint64_t(hi - m.at)});
    }
    moved_.swap(kept);
}

void ScratchPages::give_back() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const Moved& m : moved_) ::madvise(m.at, m.bytes, MADV_DONTNEED);
}

std::uint64_t ScratchPages::bytes() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::uint64_t n = 0;
    for (const Moved& m : moved_) n += m.bytes;
    return n;
}

} // namespace damatb::gen
