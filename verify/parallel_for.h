// Work shared by threads in the checks of `damatb verify`: body(k) for every k < count, the
// calling thread one of the `threads` that take the next k as they finish the one before.
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace damatb::verify {

template <typename F>
void parallel_for(std::uint64_t count, int threads, F&& body) {
    std::atomic<std::uint64_t> next{0};
    auto work = [&] {
        for (std::uint64_t k; (k = next.fetch_add(1)) < count;) body(k);
    };
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back(work);
    work();
    for (std::thread& w : workers) w.join();
}

} // namespace damatb::verify
