// Checksum64: the 64-bit hash that guards table files against damage (not against attack).
//
// The input is read as little-endian 64-bit words w, the last one padded with zero bytes; with
// h starting at CHECKSUM_SEED and n the length in bytes,
//
//   for each word w:  h = (h ^ w) * 0x9E3779B97F4A7C15;  h ^= h >> 29;
//   at the end:       h ^= n;  then the murmur3 finaliser (h ^= h >> 33; h *= 0xFF51AFD7ED558CCD;
//                     h ^= h >> 33; h *= 0xC4CEB9FE1A85EC53; h ^= h >> 33).
//
// Each step is a bijection of h, so two inputs of the same length that differ in one word only
// (in particular by any number of bit flips within 8 aligned bytes) always hash differently.
// Example: the empty input hashes to fmix(CHECKSUM_SEED); "abc" is the one word 0x636261.
#pragma once

#include <cstddef>
#include <cstdint>

namespace damatb::core {

inline constexpr std::uint64_t CHECKSUM_SEED = 0x6A09E667F3BCC908ULL; // frac(sqrt 2)

// An incremental Checksum64: any split of the input into update() calls gives the same digest.
// Not thread-safe (one object per thread); cheap to copy.
class Checksum64 {
public:
    void update(const std::uint8_t* data, std::size_t size);
    // The hash of everything passed to update() so far; does not change the state.
    std::uint64_t digest() const;

private:
    void mix(std::uint64_t word);

    std::uint64_t h_ = CHECKSUM_SEED;
    std::uint64_t length_ = 0;
    std::uint8_t tail_[8] = {};
    std::size_t tail_size_ = 0;
};

// Checksum64 of size bytes at data. Thread-safe.
std::uint64_t checksum64(const std::uint8_t* data, std::size_t size);

} // namespace damatb::core
