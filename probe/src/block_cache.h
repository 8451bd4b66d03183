// BlockCache: decompressed table blocks kept within a byte budget, least recently used first
// out.
//
// A key names one block of one table: (table number << 32) | block number. The cache is split
// into shards by key, each with its own mutex, list and budget (an equal share), so that
// threads probing different blocks rarely wait for each other. A block larger than a shard's
// budget is never kept. Readers copy the bytes they need while holding the shard's lock, so an
// evicted block is never read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace damatb::probe {

class BlockCache {
public:
    // A cache of at most `budget` bytes of blocks (0: keeps nothing).
    explicit BlockCache(std::size_t budget);

    // True, with the `size` bytes at `offset` of block `key` copied to out, when the block is
    // kept (it becomes the most recently used); false otherwise. Thread-safe.
    bool read(std::uint64_t key, std::size_t offset, std::size_t size, std::uint8_t* out);

    // True when a block of `bytes` bytes would be kept by insert(). Thread-safe.
    bool would_keep(std::size_t bytes) const { return bytes <= shard_budget_; }

    // Keeps `block` under `key` (unless it is already kept or too large), evicting the least
    // recently used blocks of its shard to stay within the budget. Thread-safe.
    void insert(std::uint64_t key, std::vector<std::uint8_t> block);

private:
    struct Shard {
        std::mutex mutex;
        std::list<std::pair<std::uint64_t, std::vector<std::uint8_t>>> blocks; // most recent first
        std::unordered_map<std::uint64_t, decltype(blocks)::iterator> where;
        std::size_t bytes = 0;
    };

    Shard& shard_of(std::uint64_t key) const;

    std::size_t shard_budget_ = 0;
    std::unique_ptr<Shard[]> shards_;
    std::size_t shard_count_ = 0;
};

} // namespace damatb::probe
