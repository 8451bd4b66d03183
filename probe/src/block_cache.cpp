#include "block_cache.h"

#include <algorithm>
#include <cstring>

namespace damatb::probe {

namespace {

// One shard per 8 MiB of budget, 1 to 16: a small budget stays in one piece, so that it still
// holds whole blocks (96 KiB each with the default block size).
std::size_t shard_count_for(std::size_t budget) {
    constexpr std::size_t PER_SHARD = std::size_t{8} << 20;
    return std::clamp<std::size_t>(budget / PER_SHARD, 1, 16);
}

} // namespace

BlockCache::BlockCache(std::size_t budget)
    : shards_(std::make_unique<Shard[]>(shard_count_for(budget))),
      shard_count_(shard_count_for(budget)) {
    shard_budget_ = budget / shard_count_;
}

BlockCache::Shard& BlockCache::shard_of(std::uint64_t key) const {
    // Mixes the table number into the block number (Fibonacci hashing), then takes the top bits.
    const std::uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    return shards_[(h >> 32) % shard_count_];
}

bool BlockCache::read(std::uint64_t key, std::size_t offset, std::size_t size, std::uint8_t* out) {
    if (shard_budget_ == 0) return false;
    Shard& s = shard_of(key);
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.where.find(key);
    if (it == s.where.end()) return false;
    s.blocks.splice(s.blocks.begin(), s.blocks, it->second);
    const std::vector<std::uint8_t>& block = it->second->second;
    if (offset + size > block.size()) return false;
    std::memcpy(out, block.data() + offset, size);
    return true;
}

void BlockCache::insert(std::uint64_t key, std::vector<std::uint8_t> block) {
    const std::size_t bytes = block.size();
    if (!would_keep(bytes)) return;
    Shard& s = shard_of(key);
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.where.count(key)) return; // another thread was quicker
    while (s.bytes + bytes > shard_budget_ && !s.blocks.empty()) {
        s.bytes -= s.blocks.back().second.size();
        s.where.erase(s.blocks.back().first);
        s.blocks.pop_back();
    }
    s.blocks.emplace_front(key, std::move(block));
    try {
        s.where.emplace(key, s.blocks.begin());
    } catch (...) {
        s.blocks.pop_front(); // keep the list and the map in step
        throw;
    }
    s.bytes += bytes;
}

} // namespace damatb::probe
