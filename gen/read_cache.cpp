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

namespace {

// The bytes of the classes read that are mapped from scratch files.
std::uint64_t mapped_bytes(const SolvedTables& classes_read) {
    std::uint64_t mapped = 0;
    classes_read.for_each([&](const SolvedTable& t) {
        if (t.wdl_file) mapped += t.index.size();
    });
    return mapped;
}

} // namespace

ReadCache::ReadCache(const SolvedTables& classes_read, std::uint64_t bytes)
    : ReadCache(mapped_bytes(classes_read), bytes, [&classes_read] {
          classes_read.for_each([](const SolvedTable& t) { release_wdl_pages(t); });
      }) {}

ReadCache::ReadCache(std::uint64_t mapped, std::uint64_t bytes, std::function<void()> give_back)
    : give_back_(std::move(give_back)), bytes_(bytes), bounded_(mapped > bytes) {
    if (bounded_) since_ = resident_file_bytes();
}

void ReadCache::looked() {
    if (!bounded_ || measuring_.exchange(true, std::memory_order_acquire)) return;
    const std::uint64_t now = resident_file_bytes();
    if (now > since_ + bytes_) {
        // Safe while other threads read them: a page of a file given back is read again.
        give_back_();
        releases_.fetch_add(1);
        since_ = resident_file_bytes();
    }
    measuring_.store(false, std::memory_order_release);
}

KeptPagesWatch::KeptPagesWatch(const ScratchPages& pages, std::uint64_t bytes)
    // Bounded whatever is moved in so far: the slice adds its histories' steps as it goes.
    : cache_(~std::uint64_t{0}, bytes, [&pages] { pages.give_back(); }) {
    thread_ = std::thread([this] {
        // Reading at most a few gigabytes a second, the rounds add some tens of megabytes
        // between two looks.
        constexpr auto EVERY = std::chrono::milliseconds(10);
        std::unique_lock<std::mutex> lock(mutex_);
        while (!wake_.wait_for(lock, EVERY, [this] { return stop_; })) cache_.looked();
    });
}

KeptPagesWatch::~KeptPagesWatch() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

} // namespace damatb::gen
