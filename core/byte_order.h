// Little-endian, unaligned loads and stores: the one way table files are read and written.
//
// load_le<std::uint32_t>(p) reads the 4 bytes at p, lowest first: the bytes 78 56 34 12 give
// 0x12345678 on any host, whatever the alignment of p.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace damatb::core {

namespace detail {
// std::byteswap is C++23.
template <std::unsigned_integral T>
constexpr T byteswap(T v) {
    T r = 0;
    for (std::size_t i = 0; i < sizeof v; ++i, v >>= 8) r = static_cast<T>((r << 8) | (v & 0xFF));
    return r;
}
} // namespace detail

// The unsigned integer whose little-endian bytes start at p.
template <std::unsigned_integral T>
T load_le(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big) v = detail::byteswap(v);
    return v;
}

// Writes v at p, lowest byte first.
template <std::unsigned_integral T>
void store_le(std::uint8_t* p, T v) {
    if constexpr (std::endian::native == std::endian::big) v = detail::byteswap(v);
    std::memcpy(p, &v, sizeof v);
}

} // namespace damatb::core
