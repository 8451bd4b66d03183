#include "verify/deep_check.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include "core/consistency.h"
#include "core/game.h"
#include "core/index.h"
#include "core/movegen.h"
#include "core/record.h"
#include "verify/sample.h"

namespace damatb::verify {

namespace {

constexpr std::size_t MAX_EXAMPLES = 3;
constexpr std::uint64_t CHUNK = 4096; // positions a thread takes at a time
constexpr auto PROGRESS_EVERY = std::chrono::seconds(5);

// Runs work() on `threads` threads, calling progress() from the calling thread every
// PROGRESS_EVERY until they are done.
void run_threads(int threads, const std::function<void()>& work, const std::function<void()>& progress) {
    std::mutex mutex;
    std::condition_variable finished;
    int running = threads;
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
            progress();
            lock.lock();
        }
    }
    for (std::thread& w : workers) w.join();
}

} // namespace

std::optional<std::string> check_position(const core::TableIndex& index, std::uint64_t i,
                                          const HeldValues& values, const core::Ruleset& rules,
                                          bool* dont_care) {
    // The positions after the moves in which the side to move has a piece, their moves' numbers
    // and values (read together); the value after each move.
    struct After {
        std::vector<core::Position> positions;
        std::vector<std::uint32_t> moves;
        std::vector<core::TableValue> values, of_move;
    };
    thread_local After after;
    const core::Position pos = index.position(i);
    // A don't-care position (its side to move must capture) holds no value of its own, only a
    // placeholder: every reader answers it by searching its captures (HeldValues::value,
    // docs/values.md), which is one ply of search already. There is nothing to compare, and its
    // captures are searched, once, when it is read as the position after a move.
    if (core::is_dont_care(pos, rules)) {
        if (dont_care) *dont_care = true;
        return std::nullopt;
    }
    core::MoveList moves;
    const core::Outcome over = core::game_outcome(pos, rules, moves);
    const std::size_t count = over == core::Outcome::NONE ? moves.size() : 0;
    after.of_move.assign(count, {core::Wdl5::LOSS, 0});
    // Sized first and written in place: a position built aside and copied in is read back
    // whole before its parts are stored, which stalls the processor at every move.
    after.positions.resize(count);
    after.moves.resize(count);
    // Whether the opponent keeps a piece is told by the move, not read back from the position
    // just written: the next one's place would wait for that read.
    const core::Bitboard theirs = pos.pieces(~pos.side_to_move());
    std::size_t n = 0;
    for (std::uint32_t k = 0; k < count; ++k) {
        after.positions[n] = pos.after(moves[k]);
        after.moves[n] = k;
        n += (theirs & ~moves[k].captured) ? 1 : 0;
    }
    after.values.resize(n);
    values.values(after.positions.data(), n, after.values.data());
    for (std::size_t k = 0; k < n; ++k) after.of_move[after.moves[k]] = after.values[k];
    const core::TableValue expected = core::one_ply_value(over, moves, after.of_move.data(), rules);
    return core::compare_one_ply(pos, values.stored_at(index, i, pos), expected);
}

DeepCheck deep_check(const core::Material& material, const HeldValues& values,
                     const core::Ruleset& rules, const DeepCheckOptions& options) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const core::TableIndex index(material);
    DeepCheck result;
    result.size = index.size();
    // The indices to check: every one (k itself), or the sample's k-th.
    std::vector<std::uint64_t> sample;
    result.sampled = options.sample != 0;
    if (result.sampled && options.sample < result.size)
        sample = sample_indices(result.size, options.sample,
                                table_seed(options.seed, material.table_name()));
    const std::uint64_t count = sample.empty() ? result.size : sample.size();

    std::mutex mutex; // guards result's wrong and error, and found
    std::vector<std::pair<std::uint64_t, std::string>> found; // the examples of smallest index
    std::atomic<std::uint64_t> next{0}, done{0}, dont_care{0};
    std::atomic<bool> stop{false};
    auto work = [&] {
        try {
            for (std::uint64_t first; !stop && (first = next.fetch_add(CHUNK)) < count;) {
                const std::uint64_t last = std::min(count, first + CHUNK);
                std::uint64_t passed_over = 0;
                for (std::uint64_t k = first; k < last; ++k) {
                    const std::uint64_t i = sample.empty() ? k : sample[k];
                    bool passed = false;
                    auto why = check_position(index, i, values, rules, &passed);
                    passed_over += passed;
                    if (why) {
                        std::lock_guard lock(mutex);
                        ++result.wrong;
                        found.emplace_back(i, std::move(*why));
                        std::sort(found.begin(), found.end());
                        if (found.size() > MAX_EXAMPLES) found.pop_back();
                    }
                }
                done += last - first;
                dont_care += passed_over;
            }
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex);
            if (result.error.empty()) result.error = e.what();
            stop = true;
        }
    };
    run_threads(options.threads, work, [&] {
        if (options.progress) options.progress(done);
    });
    result.positions = done;
    result.dont_care = dont_care;
    for (auto& f : found) result.examples.push_back(std::move(f.second));
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

} // namespace damatb::verify
