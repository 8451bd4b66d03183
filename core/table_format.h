// The on-disk layout of a table file, version 3 (docs/table-format.md tells the whole story).
//
//   offset            size                 what
//   0                 128                  DiskHeader (below)
//   128               8 * (blocks + 1)     block index: u64 file offset of each compressed block,
//                                          then the end of the data (= the file size)
//   index end         ...                  the compressed blocks, one zstd frame each, in order
//
// Block b holds the records of entries [b * block_entries, min((b + 1) * block_entries,
// entries)). Before compression its records are stored planar: byte 0 of every record, then
// byte 1 of every record, and so on. The 3 records of 2 bytes AB CD EF are stored A C E B D F.
// Neighbouring positions tend to share each byte (the same value class, a close distance), so
// the planar order gives zstd long runs of equal or slowly changing bytes instead of an
// interleaving of unrelated ones; it compresses markedly better.
//
// Every integer is little-endian and read with load_le (byte_order.h); no field is trusted
// before the file size, the magic, the version and the header checksum have been checked.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace damatb::core {

// DAMATB, then CR LF: a file mangled by a text-mode transfer fails the magic check.
inline constexpr std::array<std::uint8_t, 8> TABLE_MAGIC = {'D', 'A', 'M', 'A', 'T', 'B', '\r', '\n'};
inline constexpr std::uint32_t TABLE_VERSION = 3;
inline constexpr std::uint32_t TABLE_HEADER_SIZE = 128;
inline constexpr std::uint32_t MAX_RECORD_SIZE = 32;
inline constexpr std::uint32_t MAX_BLOCK_ENTRIES = 1U << 24;
inline constexpr std::uint32_t DEFAULT_BLOCK_ENTRIES = 16384;

// The header as it lies on disk; the struct only fixes the offsets (offsetof), the bytes are
// always read and written through load_le/store_le.
struct DiskHeader {
    std::uint8_t magic[8];              //   0  TABLE_MAGIC
    std::uint32_t version;              //   8  TABLE_VERSION
    std::uint32_t header_size;          //  12  TABLE_HEADER_SIZE
    std::uint8_t promotion;             //  16  core::Promotion
    std::uint8_t lone_pieces;           //  17  core::LonePieces
    std::uint8_t king_move_limit;       //  18  0 = off
    std::uint8_t record_size;           //  19  bytes per position, 1 to MAX_RECORD_SIZE
    std::uint8_t mover_kings;           //  20  core::Material: the side to move...
    std::uint8_t mover_men;             //  21
    std::uint8_t other_kings;           //  22  ...and the other side
    std::uint8_t other_men;             //  23
    std::uint32_t index_scheme;         //  24  INDEX_SCHEME_V1 (table_file.h)
    std::uint32_t block_entries;        //  28  records per block, 1 to MAX_BLOCK_ENTRIES
    std::uint64_t entries;              //  32  records in the file
    std::uint32_t block_count;          //  40  ceil(entries / block_entries)
    std::uint32_t contents;             //  44  what the records are (TableContents, table_file.h)
    std::uint64_t block_index_offset;   //  48  TABLE_HEADER_SIZE
    std::uint64_t index_checksum;       //  56  Checksum64 of the block index
    std::uint64_t content_checksum;     //  64  Checksum64 of the block index and every block
    std::uint8_t reserved[48];          //  72  zero
    std::uint64_t header_checksum;      // 120  Checksum64 of bytes 0 to 119
};
static_assert(sizeof(DiskHeader) == TABLE_HEADER_SIZE);
static_assert(offsetof(DiskHeader, version) == 8);
static_assert(offsetof(DiskHeader, promotion) == 16);
static_assert(offsetof(DiskHeader, index_scheme) == 24);
static_assert(offsetof(DiskHeader, entries) == 32);
static_assert(offsetof(DiskHeader, block_index_offset) == 48);
static_assert(offsetof(DiskHeader, content_checksum) == 64);
static_assert(offsetof(DiskHeader, contents) == 44);
static_assert(offsetof(DiskHeader, reserved) == 72);
static_assert(offsetof(DiskHeader, header_checksum) == 120);

} // namespace damatb::core
