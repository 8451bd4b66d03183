#include "gen/read_cache.h"

#include <unistd.h>

#include <chrono>
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

KeptPagesWatch::KeptPagesWatch(const ScratchPages& pages, std::uint64_t bytes)
    : pages_(pages), bytes_(bytes), thread_([this, since = resident_file_bytes()]() mutable {
          // Reading at most a few gigabytes a second, the rounds add some tens of megabytes
          // between two looks.
          constexpr auto EVERY = std::chrono::milliseconds(10);
          std::unique_lock<std::mutex> lock(mutex_);
          while (!wake_.wait_for(lock, EVERY, [this] { return stop_; })) {
              if (resident_file_bytes() <= since + bytes_) continue;
              pages_.give_back();
              releases_.fetch_add(1);
              since = resident_file_bytes();
          }
      }) {}

KeptPagesWatch::~KeptPagesWatch() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

} // namespace damatb::gen
