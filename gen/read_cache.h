// The read cache: a bound on how much of the classes a class reads its first look holds
// resident (docs/six-pieces.md, "The read cache").
//
// The first look reads the WDL5 of the classes solved before at random, one byte a position,
// mapped from their scratch files (gen/wdl_scratch.h). Their pages stay in the kernel's page
// cache, shared, whatever this bound; what it bounds is how many of them the process holds
// mapped, which is what counts in its memory and in the budget (gen/memory_budget.h,
// held_classes_bytes). Each thread of the first look calls `looked` after a few thousand
// positions; the one that finds no other measuring reads the process's resident pages of files
// and, when they have grown by more than the bound since the last time they were given back,
// gives back every page of the classes read. A look-up of a page given back brings it again
// from the page cache (or, under memory pressure, from disk). The values read are the same
// whatever the bound.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

#include "gen/scratch_pages.h"
#include "gen/solved.h"

namespace damatb::gen {

class ReadCache {
public:
    // The positions a thread looks at between two calls of `looked`.
    static constexpr std::uint64_t LOOK_EVERY = 2048;

    // A bound of `bytes` on the pages of `classes_read` mapped from scratch files. No bound, and
    // `looked` does nothing, when they are no larger than it all together.
    ReadCache(const SolvedTables& classes_read, std::uint64_t bytes);
    // The same on pages of files that `give_back` gives back, `mapped` bytes of them.
    ReadCache(std::uint64_t mapped, std::uint64_t bytes, std::function<void()> give_back);

    bool bounded() const { return bounded_; }
    // Called by any thread after LOOK_EVERY positions; thread-safe.
    void looked();
    // How many times the pages were given back.
    std::uint64_t releases() const { return releases_.load(); }

private:
    const std::function<void()> give_back_;
    const std::uint64_t bytes_;
    bool bounded_ = false;
    std::atomic<bool> measuring_{false};
    std::atomic<std::uint64_t> releases_{0};
    std::uint64_t since_ = 0; // the resident bytes of files after the pages were last given back
};

// The same bound on the pages moved to the scratch file of the slices kept (gen/
// scratch_pages.h): the records of the slices done, which a slice reads at random and in scans
// from its start to its results, and its histories' steps, which its results read; no pass
// calls `looked` every few thousand positions there: a thread calls it every 10 ms. It stops
// when destroyed.
class KeptPagesWatch {
public:
    KeptPagesWatch(const ScratchPages& pages, std::uint64_t bytes);
    ~KeptPagesWatch();
    KeptPagesWatch(const KeptPagesWatch&) = delete;
    KeptPagesWatch& operator=(const KeptPagesWatch&) = delete;
    // How many times the pages were given back.
    std::uint64_t releases() const { return cache_.releases(); }

private:
    ReadCache cache_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_; // last: started once the rest is made
};

// The bytes of files the process holds resident (its mapped files' pages, its code's among
// them), 0 if they cannot be read.
std::uint64_t resident_file_bytes();

} // namespace damatb::gen
