#include "core/checksum.h"

#include <algorithm>
#include <cstring>

#include "core/byte_order.h"

namespace damatb::core {

namespace {

constexpr std::uint64_t WORD_PRIME = 0x9E3779B97F4A7C15ULL;

constexpr std::uint64_t fmix64(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33;
    return h;
}

} // namespace

inline void Checksum64::mix(std::uint64_t word) {
    h_ = (h_ ^ word) * WORD_PRIME;
    h_ ^= h_ >> 29;
}

void Checksum64::update(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return; // data may be null
    length_ += size;
    if (tail_size_ > 0) { // complete the word left over by the previous call
        std::size_t take = std::min(size, 8 - tail_size_);
        std::memcpy(tail_ + tail_size_, data, take);
        tail_size_ += take;
        data += take;
        size -= take;
        if (tail_size_ < 8) return;
        mix(load_le<std::uint64_t>(tail_));
        tail_size_ = 0;
    }
    for (; size >= 8; data += 8, size -= 8) mix(load_le<std::uint64_t>(data));
    std::memcpy(tail_, data, size);
    tail_size_ = size;
}

std::uint64_t Checksum64::digest() const {
    Checksum64 last = *this;
    if (last.tail_size_ > 0) {
        std::uint8_t word[8] = {};
        std::memcpy(word, last.tail_, last.tail_size_);
        last.mix(load_le<std::uint64_t>(word));
    }
    return fmix64(last.h_ ^ last.length_);
}

std::uint64_t checksum64(const std::uint8_t* data, std::size_t size) {
    Checksum64 c;
    c.update(data, size);
    return c.digest();
}

} // namespace damatb::core
