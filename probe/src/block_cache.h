// BlockCache: decompressed table blocks kept within a byte budget, evicted by CLOCK (second
// chance): an approximation of least recently used out that costs a read no more than a mark.
//
// A key names one block of one table: (table number << 32) | block number. The cache is split
// into shards by key, each with its own mutex, blocks and budget (an equal share), so that
// threads probing different blocks rarely wait for each other. A shard finds a block by an
// open-addressing table (linear probing) whose slot holds what a read needs (key, memory, size),
// and marks it referenced (a byte of its own, written only when not yet set). To evict, a hand
// goes round the shard's blocks: a marked block loses its mark and stays, the first unmarked
// one goes. A block newly kept is unmarked and takes the place of one evicted, just behind the
// hand, so it stays at least until the hand comes round. A block larger than a shard's budget
// is never kept. Readers copy the bytes they need while holding the shard's lock, so an evicted
// block is never read.
//
// Memory: a shard takes its blocks' memory from chunks it maps itself as it fills (2 MiB, less
// when its budget is smaller, one block's size when that is larger), every page written by the
// kernel when the chunk is mapped (madvise MADV_POPULATE_WRITE), and it counts the chunks, not
// the blocks, against its budget. A chunk of whole 2 MiB is placed on a 2 MiB boundary and
// asked to be backed by transparent huge pages (MADV_HUGEPAGE), so that reading a cached block
// seldom misses the TLB. A chunk is handed out in units of 4 KiB (a bitmap of the units in
// use); an evicted block's units go back to its chunk and the next block reuses them. So a
// block costs no page fault when it is decompressed into the cache: the faults of a fresh page
// (several microseconds each on a virtual machine) are paid once per chunk, in one system call,
// and never again for memory the cache already holds. Chunks are unmapped when the cache is
// destroyed, or when a block finds no room in any of them with nothing left to evict.
//
// A miss goes: reserve() memory for the block (evicting blocks as needed, the CLOCK's choice),
// decompress into it with no lock held, then keep() it. A Reservation that is not kept (the
// block did not decompress, or an exception) gives its memory back when destroyed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace damatb::probe {

class BlockCache {
    struct Chunk;
    struct Shard;

public:
    // The unit memory is handed out in, and the size of the chunks a shard maps.
    static constexpr std::size_t UNIT = 4096;
    static constexpr std::size_t CHUNK = 512 * UNIT; // 2 MiB, a huge page: 42 blocks of 48 KiB

    // A cache of at most `budget` bytes of memory (0: keeps nothing).
    explicit BlockCache(std::size_t budget);
    ~BlockCache();
    BlockCache(const BlockCache&) = delete;
    BlockCache& operator=(const BlockCache&) = delete;

    // True, with the `size` bytes at `offset` of block `key` copied to out, when the block is
    // kept (it is marked referenced); false otherwise. Thread-safe.
    bool read(std::uint64_t key, std::size_t offset, std::size_t size, std::uint8_t* out);

    // Memory for a block, from reserve(): data() holds the block's bytes until keep() takes it.
    // Destroyed without keep(), it gives its memory back.
    class Reservation {
    public:
        Reservation() = default;
        Reservation(Reservation&& other) noexcept;
        Reservation& operator=(Reservation&& other) noexcept;
        Reservation(const Reservation&) = delete;
        Reservation& operator=(const Reservation&) = delete;
        ~Reservation();

        explicit operator bool() const { return data_ != nullptr; }
        std::uint8_t* data() const { return data_; }

    private:
        friend class BlockCache;
        void release() noexcept;

        BlockCache* cache_ = nullptr;
        std::uint64_t key_ = 0;
        std::size_t bytes_ = 0;
        Chunk* chunk_ = nullptr;
        std::size_t first_ = 0, units_ = 0; // the units of chunk_ it holds
        std::uint8_t* data_ = nullptr;
    };

    // Memory for a block of `bytes` bytes under `key`, evicting blocks of its shard as needed
    // (the CLOCK's choice); an empty Reservation when the block would not be kept: larger than
    // a shard's budget, or the shard's memory is all reserved by other threads, or the system
    // gives no memory. Thread-safe (throws std::bad_alloc when memory for the bookkeeping runs
    // out).
    Reservation reserve(std::uint64_t key, std::size_t bytes);

    // Keeps the block written into r (from reserve()), not yet marked referenced, unless a block
    // of the same key is already kept (another thread was quicker): then r's memory goes back.
    // Thread-safe (throws std::bad_alloc; r's memory goes back then too).
    void keep(Reservation r);

    // The bytes of memory the cache has mapped (never more than its budget). Thread-safe.
    std::size_t mapped_bytes() const;

private:
    Shard& shard_of(std::uint64_t key) const;
    // Units `units` of a chunk of s for a new block (s's mutex held): from free units of its
    // chunks, else from a chunk mapped now (while the budget allows; the lock is let go while
    // the kernel maps it), else from the units of evicted blocks. False when none can be had.
    bool allocate(Shard& s, std::unique_lock<std::mutex>& lock, std::size_t units, Chunk** chunk,
                  std::size_t* first);
    // Gives back units of a chunk of s (s's mutex held).
    static void free_units(Chunk& c, std::size_t first, std::size_t units);

    std::size_t shard_budget_ = 0; // a multiple of UNIT
    std::unique_ptr<Shard[]> shards_;
    std::size_t shard_count_ = 0;
};

} // namespace damatb::probe
