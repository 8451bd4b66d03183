// Passes over every index of a table, cut into chunks that threads take in turn.
//
// A pass whose output must not depend on the thread count writes each chunk's share to
// that chunk's own slot, and the caller joins the slots in chunk order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <utility>
#include <vector>

namespace damatb::gen {

// Indices per chunk: large enough that starting one costs nothing, small enough that two
// threads finish together.
inline constexpr std::uint64_t CHUNK_SIZE = std::uint64_t{1} << 16;

inline std::size_t chunk_count(std::uint64_t n) {
    return static_cast<std::size_t>((n + CHUNK_SIZE - 1) / CHUNK_SIZE);
}

// A run of indices [begin, end).
struct Range {
    std::uint64_t begin, end;
};

// The chunks of the runs, in order: each run cut into CHUNK_SIZE indices from its begin.
inline std::vector<Range> chunks_of(const std::vector<Range>& runs) {
    std::vector<Range> out;
    for (const Range& r : runs)
        for (std::uint64_t b = r.begin; b < r.end; b += CHUNK_SIZE) out.push_back({b, std::min(r.end, b + CHUNK_SIZE)});
    return out;
}

// Calls f(chunk, begin, end) for each chunk [begin, end) of `chunks`, numbered in order, on
// `threads` threads. An exception thrown by f is rethrown here, that of the first chunk in order
// that threw.
// Runs on one thread when the chunks hold less than CHUNK_SIZE indices in all (the short runs
// of a small slice): starting threads would cost more.
template <typename F>
void for_each_of_chunks(const std::vector<Range>& chunks, int threads, F&& f) {
    const auto count = static_cast<std::int64_t>(chunks.size());
    std::uint64_t indices = 0;
    for (const Range& r : chunks) indices += r.end - r.begin;
    std::vector<std::exception_ptr> errors(chunks.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, threads)) if (count > 1 && indices >= CHUNK_SIZE)
    for (std::int64_t c = 0; c < count; ++c) {
        const Range& r = chunks[static_cast<std::size_t>(c)];
        try {
            f(static_cast<std::size_t>(c), r.begin, r.end);
        } catch (...) {
            errors[static_cast<std::size_t>(c)] = std::current_exception();
        }
    }
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
}

// Calls f(chunk, begin, end) for each chunk [begin, end) of [0, n), on `threads` threads.
// An exception thrown by f is rethrown here, that of the first chunk in order that threw.
template <typename F>
void for_each_chunk(std::uint64_t n, int threads, F&& f) {
    for_each_of_chunks(chunks_of({{0, n}}), threads, std::forward<F>(f));
}

// Sorts v on `threads` threads: a share each sorted alone, then the shares merged. For a
// strict total order (no two elements equivalent unless equal) the result is std::sort's,
// whatever the thread count.
template <typename Vector>
void sort_in_parallel(Vector& v, int threads) {
    // A short vector on one thread: starting threads would cost more than its sort.
    const std::size_t k = v.size() < CHUNK_SIZE ? 1 : static_cast<std::size_t>(std::clamp(threads, 1, 64));
    std::vector<std::size_t> bounds(k + 1);
    for (std::size_t p = 0; p <= k; ++p) bounds[p] = v.size() / k * p + std::min(p, v.size() % k);
    auto at = [&](std::size_t p) { return v.begin() + static_cast<std::ptrdiff_t>(bounds[std::min(p, k)]); };
#pragma omp parallel for schedule(static, 1) num_threads(static_cast<int>(k)) if (k > 1)
    for (std::int64_t p = 0; p < static_cast<std::int64_t>(k); ++p)
        std::sort(at(std::size_t(p)), at(std::size_t(p) + 1));
    for (std::size_t width = 1; width < k; width *= 2) {
        const auto merges = static_cast<std::int64_t>((k + 2 * width - 1) / (2 * width));
#pragma omp parallel for schedule(static, 1) num_threads(static_cast<int>(k)) if (merges > 1)
        for (std::int64_t m = 0; m < merges; ++m) {
            const std::size_t p = std::size_t(m) * 2 * width;
            std::inplace_merge(at(p), at(p + width), at(p + 2 * width));
        }
    }
}

// A list that one thread at a time appends to, on cache lines of its own: threads appending
// to neighbouring vectors would otherwise write one cache line (the vectors' ends) at every
// append, and wait for each other's.
template <typename T>
struct alignas(64) Part : std::vector<T> {};

// Appends the parts (one per chunk, or per thread: vectors or Parts) to out, in order, and
// empties them, their memory kept for what they collect next.
template <typename T, typename Parts>
void append(std::vector<T>& out, Parts& parts) {
    std::size_t total = out.size();
    for (const auto& p : parts) total += p.size();
    out.reserve(total);
    for (auto& p : parts) {
        out.insert(out.end(), p.begin(), p.end());
        p.clear();
    }
}

// The parts joined in order, leaving them empty and their memory given back.
template <typename Parts>
auto join(Parts& parts) {
    std::vector<typename Parts::value_type::value_type> all;
    append(all, parts);
    for (auto& p : parts) p = typename Parts::value_type();
    return all;
}

} // namespace damatb::gen
