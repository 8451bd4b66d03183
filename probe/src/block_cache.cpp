#include "block_cache.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <bit>
#include <cstring>
#include <utility>

#include "core/huge_pages.h"

namespace damatb::probe {

namespace {

// One shard per 8 MiB of budget, 1 to 16: a small budget stays in one piece, so that it still
// holds whole blocks (48 KiB each with the default block size).
std::size_t shard_count_for(std::size_t budget) {
    constexpr std::size_t PER_SHARD = std::size_t{8} << 20;
    return std::clamp<std::size_t>(budget / PER_SHARD, 1, 16);
}

std::size_t units_for(std::size_t bytes) {
    return (bytes + BlockCache::UNIT - 1) / BlockCache::UNIT;
}

// `bytes` of fresh memory, every page already written by the kernel (one system call instead
// of a page fault per page), or null when the system gives none. A size of a whole number of
// huge pages lies on huge pages where the system has them (core::map_pages): a probe that
// reads a cached block then rarely misses the TLB, which a cache of gigabytes in 4 KiB pages
// would almost always do.
std::uint8_t* map_memory(std::size_t bytes) {
    auto* base = static_cast<std::uint8_t*>(core::map_pages(bytes));
    if (!base) return nullptr;
#ifdef MADV_POPULATE_WRITE
    if (::madvise(base, bytes, MADV_POPULATE_WRITE) == 0) return base;
    if (errno == ENOMEM) { // the system has not the memory
        core::unmap_pages(base, bytes);
        return nullptr;
    }
#endif
    // No MADV_POPULATE_WRITE (before Linux 5.14): a write to every page.
    for (std::size_t at = 0; at < bytes; at += BlockCache::UNIT) base[at] = 0;
    return base;
}

} // namespace

// A piece of memory mapped by a shard, and which of its units are in use.
struct BlockCache::Chunk {
    Chunk(std::uint8_t* b, std::size_t n) : base(b), units(n), free(n), used((n + 63) / 64, 0) {
        if (n % 64) used.back() = ~std::uint64_t{0} << (n % 64); // past the end: never free
    }
    Chunk(const Chunk&) = delete;
    Chunk& operator=(const Chunk&) = delete;
    ~Chunk() { core::unmap_pages(base, units * UNIT); }

    // The first unit at or after `from` that is in use (`in_use`) or free (!in_use), or `units`.
    std::size_t next(std::size_t from, bool in_use) const {
        while (from < units) {
            const std::size_t w = from / 64;
            std::uint64_t word = in_use ? used[w] : ~used[w];
            word &= ~std::uint64_t{0} << (from % 64);
            if (word) return std::min(units, w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
            from = (w + 1) * 64;
        }
        return units;
    }

    // Marks `n` free units from the first run of that many; false when there is none.
    bool take(std::size_t n, std::size_t* first) {
        if (n > free) return false;
        for (std::size_t at = next(0, false); at + n <= units;) {
            const std::size_t end = next(at, true);
            if (end - at >= n) {
                mark(at, n, true);
                free -= n;
                *first = at;
                return true;
            }
            at = next(end, false);
        }
        return false;
    }

    void mark(std::size_t first, std::size_t n, bool in_use) {
        for (std::size_t u = first; u < first + n;) {
            const std::size_t bit = u % 64, count = std::min<std::size_t>(64 - bit, first + n - u);
            const std::uint64_t mask = (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1) << bit;
            if (in_use) used[u / 64] |= mask;
            else used[u / 64] &= ~mask;
            u += count;
        }
    }

    std::uint8_t* base;
    std::size_t units;
    std::size_t free;
    std::vector<std::uint64_t> used; // bit u: unit u in use
};

// A shard's blocks: where each one's memory lies, in a list swept by a CLOCK hand (second
// chance), and an open-addressing table (linear probing) from key to block for reads.
struct BlockCache::Shard {
    static constexpr std::uint32_t NONE = ~std::uint32_t{0};

    // A slot of the table: what a read needs, in half a cache line. Empty when entry is NONE.
    struct alignas(32) Slot {
        std::uint64_t key = 0;
        std::uint8_t* data = nullptr;
        std::size_t bytes = 0;
        std::uint32_t entry = NONE; // in entries
    };
    // A block kept (used) or a place for one (on the free list).
    struct Entry {
        std::uint64_t key = 0;
        Chunk* chunk = nullptr;
        std::size_t first = 0, units = 0;
        std::uint32_t next_free = NONE;
        bool used = false;
    };

    std::mutex mutex;
    std::vector<Slot> slots;                // a power of 2 of them, at most half in use
    std::vector<Entry> entries;             // the CLOCK's circle
    std::vector<std::uint8_t> referenced;   // by entry: read since the hand last passed
    std::uint32_t free_entries = NONE;      // a list through Entry::next_free
    std::size_t kept = 0;                   // entries used
    std::size_t hand = 0;                   // the next entry the CLOCK looks at
    std::vector<std::unique_ptr<Chunk>> chunks;
    std::size_t mapped = 0; // bytes of the chunks, those being mapped included

    // The slot a key's search starts at (slots not empty).
    std::size_t home(std::uint64_t key) const {
        const std::uint64_t h = (key ^ (key >> 29)) * 0xBF58476D1CE4E5B9ULL;
        return static_cast<std::size_t>(h >> 40) & (slots.size() - 1);
    }

    // The slot of `key`, or null.
    const Slot* find(std::uint64_t key) const {
        if (slots.empty()) return nullptr;
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = home(key);; i = (i + 1) & mask) {
            const Slot& slot = slots[i];
            if (slot.entry == NONE) return nullptr;
            if (slot.key == key) return &slot;
        }
    }

    // Puts a slot in the table, which has an empty slot.
    void place(const Slot& slot) {
        const std::size_t mask = slots.size() - 1;
        std::size_t i = home(slot.key);
        while (slots[i].entry != NONE) i = (i + 1) & mask;
        slots[i] = slot;
    }

    // Makes room in the table for one more block (throws std::bad_alloc, the table unchanged).
    void reserve_slot() {
        if ((kept + 1) * 2 <= slots.size()) return;
        std::vector<Slot> old(std::max<std::size_t>(64, slots.size() * 2));
        old.swap(slots);
        for (const Slot& slot : old)
            if (slot.entry != NONE) place(slot);
    }

    // Takes `key` out of the table (backward shift: no tombstones).
    void erase(std::uint64_t key) {
        const std::size_t mask = slots.size() - 1;
        std::size_t i = home(key);
        while (slots[i].key != key || slots[i].entry == NONE) i = (i + 1) & mask;
        for (std::size_t j = (i + 1) & mask; slots[j].entry != NONE; j = (j + 1) & mask) {
            const std::size_t h = home(slots[j].key);
            // Slot j stays when its home lies cyclically in (i, j].
            const bool stays = i < j ? i < h && h <= j : i < h || h <= j;
            if (!stays) {
                slots[i] = slots[j];
                i = j;
            }
        }
        slots[i].entry = NONE;
    }

    // Keeps block (key, data, bytes) in the units `first`, `units` of `chunk`: referenced not
    // yet, so the hand passes it once before it may go. Throws std::bad_alloc, nothing kept.
    void insert(std::uint64_t key, std::uint8_t* data, std::size_t bytes, Chunk* chunk,
                std::size_t first, std::size_t units) {
        reserve_slot();
        std::uint32_t e = free_entries;
        if (e == NONE) {
            e = static_cast<std::uint32_t>(entries.size());
            entries.emplace_back();
            try {
                referenced.push_back(0);
            } catch (...) {
                entries.pop_back();
                throw;
            }
        } else {
            free_entries = entries[e].next_free;
        }
        entries[e] = {key, chunk, first, units, NONE, true};
        referenced[e] = 0;
        place({key, data, bytes, e});
        ++kept;
    }

    // Evicts one block (some kept): the first the hand finds not referenced since it last
    // passed, clearing the marks it passes. Its units go back to its chunk, returned.
    Chunk& evict() {
        for (;;) {
            if (hand >= entries.size()) hand = 0;
            const std::size_t e = hand++;
            Entry& entry = entries[e];
            if (!entry.used) continue;
            if (referenced[e]) {
                referenced[e] = 0;
                continue;
            }
            free_units(*entry.chunk, entry.first, entry.units);
            erase(entry.key);
            entry.used = false;
            entry.next_free = free_entries;
            free_entries = static_cast<std::uint32_t>(e);
            --kept;
            return *entry.chunk;
        }
    }
};

BlockCache::BlockCache(std::size_t budget)
    : shards_(std::make_unique<Shard[]>(shard_count_for(budget))),
      shard_count_(shard_count_for(budget)) {
    shard_budget_ = budget / shard_count_ / UNIT * UNIT;
}

BlockCache::~BlockCache() = default;

BlockCache::Shard& BlockCache::shard_of(std::uint64_t key) const {
    // Mixes the table number into the block number (Fibonacci hashing), then takes the top bits.
    const std::uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    return shards_[(h >> 32) % shard_count_];
}

bool BlockCache::read(std::uint64_t key, std::size_t offset, std::size_t size, std::uint8_t* out) {
    if (shard_budget_ == 0) return false;
    Shard& s = shard_of(key);
    std::lock_guard<std::mutex> lock(s.mutex);
    const Shard::Slot* slot = s.find(key);
    if (!slot) return false;
    std::uint8_t& referenced = s.referenced[slot->entry];
    if (!referenced) referenced = 1; // its second chance: no write when it has one already
    if (offset + size > slot->bytes) return false;
    std::memcpy(out, slot->data + offset, size);
    return true;
}

void BlockCache::free_units(Chunk& c, std::size_t first, std::size_t units) {
    c.mark(first, units, false);
    c.free += units;
}

bool BlockCache::allocate(Shard& s, std::unique_lock<std::mutex>& lock, std::size_t units,
                          Chunk** chunk, std::size_t* first) {
    for (;;) {
        for (const auto& c : s.chunks)
            if (c->take(units, first)) {
                *chunk = c.get();
                return true;
            }
        // A new chunk while the budget allows: CHUNK bytes, less at the end of the budget, more
        // for a block larger than a chunk.
        const std::size_t room = shard_budget_ - s.mapped;
        const std::size_t size = std::max(std::min(CHUNK, room), units * UNIT);
        if (size <= room) {
            s.mapped += size; // counted now, so that other threads see the budget taken
            lock.unlock();
            std::uint8_t* base = map_memory(size);
            std::unique_ptr<Chunk> c;
            if (base) {
                try {
                    c = std::make_unique<Chunk>(base, size / UNIT);
                } catch (...) {
                    core::unmap_pages(base, size);
                    lock.lock();
                    s.mapped -= size;
                    throw;
                }
            }
            lock.lock();
            if (!c) {
                s.mapped -= size;
                return false;
            }
            c->take(units, first); // a fresh chunk of at least `units` units
            *chunk = c.get();
            try {
                s.chunks.push_back(std::move(c));
            } catch (...) {
                s.mapped -= size; // c unmaps its memory
                throw;
            }
            return true;
        }
        // Evict, the CLOCK's choice first, until the units freed make room.
        while (s.kept) {
            Chunk& c = s.evict();
            if (c.take(units, first)) {
                *chunk = &c;
                return true;
            }
        }
        // Nothing left to evict and still no room: the chunks are too small for this block, or
        // held by other threads' reservations. Unmap the free ones and map one large enough.
        const std::size_t before = s.mapped;
        std::erase_if(s.chunks, [&](const std::unique_ptr<Chunk>& c) {
            if (c->free != c->units) return false;
            s.mapped -= c->units * UNIT;
            return true;
        });
        if (s.mapped == before || units * UNIT > shard_budget_ - s.mapped) return false;
    }
}

BlockCache::Reservation BlockCache::reserve(std::uint64_t key, std::size_t bytes) {
    Reservation r;
    const std::size_t units = units_for(bytes);
    if (bytes == 0 || units * UNIT > shard_budget_) return r;
    Shard& s = shard_of(key);
    std::unique_lock<std::mutex> lock(s.mutex);
    if (!allocate(s, lock, units, &r.chunk_, &r.first_)) return r;
    r.cache_ = this;
    r.key_ = key;
    r.bytes_ = bytes;
    r.units_ = units;
    r.data_ = r.chunk_->base + r.first_ * UNIT;
    return r;
}

void BlockCache::keep(Reservation r) {
    if (!r) return;
    Shard& s = shard_of(r.key_);
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.find(r.key_)) { // else another thread was quicker
        try {
            s.insert(r.key_, r.data_, r.bytes_, r.chunk_, r.first_, r.units_);
            r.data_ = nullptr; // the entry holds the units now
            return;
        } catch (...) {
            free_units(*r.chunk_, r.first_, r.units_);
            r.data_ = nullptr;
            throw;
        }
    }
    free_units(*r.chunk_, r.first_, r.units_);
    r.data_ = nullptr;
}

std::size_t BlockCache::mapped_bytes() const {
    std::size_t total = 0;
    for (std::size_t i = 0; i < shard_count_; ++i) {
        std::lock_guard<std::mutex> lock(shards_[i].mutex);
        total += shards_[i].mapped;
    }
    return total;
}

BlockCache::Reservation::Reservation(Reservation&& other) noexcept
    : cache_(other.cache_), key_(other.key_), bytes_(other.bytes_), chunk_(other.chunk_),
      first_(other.first_), units_(other.units_), data_(std::exchange(other.data_, nullptr)) {}

BlockCache::Reservation& BlockCache::Reservation::operator=(Reservation&& other) noexcept {
    if (this != &other) {
        release();
        cache_ = other.cache_;
        key_ = other.key_;
        bytes_ = other.bytes_;
        chunk_ = other.chunk_;
        first_ = other.first_;
        units_ = other.units_;
        data_ = std::exchange(other.data_, nullptr);
    }
    return *this;
}

BlockCache::Reservation::~Reservation() { release(); }

void BlockCache::Reservation::release() noexcept {
    if (!data_) return;
    Shard& s = cache_->shard_of(key_);
    std::lock_guard<std::mutex> lock(s.mutex);
    free_units(*chunk_, first_, units_);
    data_ = nullptr;
}

} // namespace damatb::probe
