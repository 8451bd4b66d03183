#include "gen/read_cache.h"

#include <unistd.h>

#include <cstdio>

#include "gen/wdl_scratch.h"

namespace damatb::gen {

std::uint64_t resident_file_bytes() {
    // /proc/self/statm: size, resident, shared (the resident pages of files and shared memory), ...
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long long size = 0, resident = 0, shared = 0;
    const bool read = std::fscanf(f, "%llu %llu %llu", &size, &resident, &shared) == 3;
    std::fclose(f);
    return read ? shared * std::uint64_t(::sysconf(_SC_PAGESIZE)) : 0;
}

ReadCache::ReadCache(const SolvedTables& classes_read, std::uint64_t bytes)
    : classes_read_(classes_read), bytes_(bytes) {
    std::uint64_t mapped = 0;
    classes_read.for_each([&](const SolvedTable& t) {
        if (t.wdl_file) mapped += t.index.size();
    });
    bounded_ = mapped > bytes;
    if (bounded_) since_ = resident_file_bytes();
}

void ReadCache::looked() {
    if (!bounded_ || measuring_.exchange(true, std::memory_order_acquire)) return;
    const std::uint64_t now = resident_file_bytes();
    if (now > since_ + bytes_) {
        // Safe while other threads read them: a page of a file given back is read again.
        classes_read_.for_each([](const SolvedTable& t) { release_wdl_pages(t); });
        releases_.fetch_add(1);
        since_ = resident_file_bytes();
    }
    measuring_.store(false, std::memory_order_release);
}

} // namespace damatb::gen
