#include "verify/deep_check.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "core/consistency.h"
#include "core/index.h"
#include "damatb/probe_bridge.h"

namespace damatb::verify {

namespace {

constexpr std::size_t MAX_EXAMPLES = 3;
constexpr std::uint64_t CHUNK = 4096; // positions a thread takes at a time
constexpr auto PROGRESS_EVERY = std::chrono::seconds(5);

} // namespace

DeepCheck deep_check(const core::Material& material, const probe::Tablebase& tb,
                     const core::Ruleset& rules, int threads,
                     const std::function<void(std::uint64_t done)>& progress) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const core::TableIndex index(material);
    const std::uint64_t size = index.size();
    DeepCheck result;
    std::mutex mutex; // guards result's wrong, examples and error
    std::atomic<std::uint64_t> next{0}, done{0};
    std::atomic<bool> stop{false};

    // The stored value of a position; a table that cannot give one ends the check (an error
    // naming the class or the file).
    const core::ValueLookup lookup = [&](const core::Position& p) {
        probe::Value v;
        if (tb.probe(bridge::to_probe(p), 0, &v) != probe::Status::OK)
            throw std::runtime_error(probe::last_error());
        return core::TableValue{bridge::to_core(v.wdl), std::max(v.dtz, 0)};
    };
    auto work = [&] {
        try {
            for (std::uint64_t first; !stop && (first = next.fetch_add(CHUNK)) < size;) {
                const std::uint64_t last = std::min(size, first + CHUNK);
                for (std::uint64_t i = first; i < last; ++i) {
                    const core::Position pos = index.position(i);
                    if (auto why = core::check_one_ply(pos, lookup(pos), rules, lookup)) {
                        std::lock_guard lock(mutex);
                        ++result.wrong;
                        if (result.examples.size() < MAX_EXAMPLES)
                            result.examples.push_back(std::move(*why));
                    }
                }
                done += last - first;
            }
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex);
            if (result.error.empty()) result.error = e.what();
            stop = true;
        }
    };

    // The workers, and the calling thread waking every PROGRESS_EVERY until they are done.
    int running = threads;
    std::condition_variable finished;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&] {
            work();
            std::lock_guard lock(mutex);
            if (--running == 0) finished.notify_one();
        });
    {
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, PROGRESS_EVERY, [&] { return running == 0; })) {
            lock.unlock();
            if (progress) progress(done);
            lock.lock();
        }
    }
    for (std::thread& w : workers) w.join();
    result.positions = done;
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

} // namespace damatb::verify
