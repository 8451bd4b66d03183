// Fuzz target: core::open_table_in_memory on any bytes, taken as a whole table file. It must not
// crash or read outside the bytes; a refusal has a reason; of a file it accepts, every block
// (up to 64 blocks of at most 1 MiB, for the fuzzer's memory) is read and the content checksum
// checked, each of which may fail but not crash.
//
// Random bytes seldom carry a right checksum, so each input is also tried with the header's
// and the block index's checksums made right: the fuzzer then reaches the checks behind them.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/byte_order.h"
#include "core/checksum.h"
#include "core/table_file.h"
#include "core/table_format.h"

namespace {

using namespace damatb::core;

void read_table(const std::uint8_t* data, std::size_t size) {
    const OpenedTable t = open_table_in_memory(data, size, "fuzz.dtb");
    if (!t.status.ok()) {
        if (t.status.message.empty() || t.file.is_open()) std::abort();
        return;
    }
    const TableHeader& h = t.file.header();
    static Decompressor d; // one context for the whole run, as a reader keeps one per thread
    std::vector<std::uint8_t> out;
    for (std::uint32_t b = 0; b < t.file.block_count() && b < 64; ++b) {
        const std::size_t bytes = std::size_t{t.file.entries_in_block(b)} * h.record_size;
        if (bytes > (std::size_t{1} << 20)) break;
        out.resize(bytes);
        (void)t.file.read_block(b, d, out.data());
    }
    (void)t.file.check_content();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    read_table(data, size);
    if (size < TABLE_HEADER_SIZE) return 0;
    std::vector<std::uint8_t> fixed(data, data + size);
    std::uint8_t* p = fixed.data();
    const std::uint64_t blocks = load_le<std::uint32_t>(p + offsetof(DiskHeader, block_count));
    const std::uint64_t index_bytes = 8 * (blocks + 1);
    if (index_bytes <= size - TABLE_HEADER_SIZE)
        store_le<std::uint64_t>(p + offsetof(DiskHeader, index_checksum),
                                checksum64(p + TABLE_HEADER_SIZE, index_bytes));
    store_le<std::uint64_t>(p + offsetof(DiskHeader, header_checksum),
                            checksum64(p, offsetof(DiskHeader, header_checksum)));
    read_table(fixed.data(), fixed.size());
    return 0;
}
