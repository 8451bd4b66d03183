#include "verify/sample.h"

#include <algorithm>
#include <limits>

namespace damatb::verify {

namespace {

// The next number of the splitmix64 sequence of `state`.
std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// A number uniform in [0, bound), bound > 0: draws above the largest multiple of bound are
// drawn again.
std::uint64_t below(std::uint64_t bound, std::uint64_t& state) {
    constexpr std::uint64_t MAX = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t limit = MAX - (MAX % bound + 1) % bound; // the last number kept
    std::uint64_t x;
    do x = splitmix64(state);
    while (x > limit);
    return x % bound;
}

} // namespace

std::uint64_t table_seed(std::uint64_t seed, std::string_view table_name) {
    std::uint64_t hash = 0xCBF29CE484222325ull; // FNV-1a
    for (char c : table_name) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
    std::uint64_t state = seed ^ hash;
    return splitmix64(state);
}

std::vector<std::uint64_t> sample_indices(std::uint64_t size, std::uint64_t count, std::uint64_t seed) {
    std::vector<std::uint64_t> out;
    std::uint64_t state = seed;
    if (count >= size) {
        out.resize(size);
        for (std::uint64_t i = 0; i < size; ++i) out[i] = i;
    } else if (count > size / 2) {
        // Selection sampling (Knuth's algorithm S): index i is taken with probability
        // (still wanted) / (indices left).
        out.reserve(count);
        for (std::uint64_t i = 0; out.size() < count; ++i)
            if (below(size - i, state) < count - out.size()) out.push_back(i);
    } else {
        // Draws with repetition until `count` distinct ones: a uniform subset, the draws being
        // alike under any relabelling of the indices. Each round draws what is still missing.
        out.reserve(count);
        while (out.size() < count) {
            const auto have = static_cast<std::ptrdiff_t>(out.size());
            while (out.size() < count) out.push_back(below(size, state));
            std::sort(out.begin() + have, out.end());
            std::inplace_merge(out.begin(), out.begin() + have, out.end());
            out.erase(std::unique(out.begin(), out.end()), out.end());
        }
    }
    return out;
}

} // namespace damatb::verify
