#include "core/table_records.h"

#include <algorithm>
#include <atomic>

namespace damatb::core {

std::string record_layout_problem(const TableHeader& h, std::uint64_t positions) {
    const bool values = h.contents == TableContents::VALUES;
    if (values ? h.record_size != VALUE_RECORD_SIZE : h.record_size % 2 != 1)
        return "records of " + std::to_string(h.record_size) + " bytes, not " +
               (values ? std::to_string(VALUE_RECORD_SIZE) : std::string("an odd number"));
    if (h.entries != positions)
        return "holds " + std::to_string(h.entries) + " records, but " + h.material.table_name() +
               " has " + std::to_string(positions) + " positions";
    return "";
}

TableStatus block_failure(const TableFile& file, std::uint32_t b) {
    return {TableError::CORRUPT_BLOCK,
            file.path() + ": block " + std::to_string(b) + " does not decompress"};
}

TableStatus read_all_records(const TableFile& file, std::vector<std::uint8_t>& out) {
    const TableHeader& h = file.header();
    out.assign(h.entries * h.record_size, 0);
    Decompressor d;
    for (std::uint32_t b = 0; b < file.block_count(); ++b)
        if (file.read_block(b, d, out.data() + std::size_t{b} * h.block_entries * h.record_size) !=
            TableError::NONE) {
            out = {};
            return block_failure(file, b);
        }
    return {};
}

TableRecords::TableRecords(std::uint64_t entries, int longest_steps)
    : entries_(entries),
      values_(entries * VALUE_RECORD_SIZE),
      progress_(entries * core::progress_record_size(longest_steps)),
      progress_size_(core::progress_record_size(longest_steps)) {}

TableHeader TableRecords::header(TableContents c, const Ruleset& rules, const Material& m) const {
    TableHeader h;
    h.ruleset = rules;
    h.material = m;
    h.entries = entries_;
    h.contents = c;
    if (c == TableContents::VALUES) {
        h.record_size = VALUE_RECORD_SIZE;
        h.block_entries = VALUE_BLOCK_ENTRIES;
    } else {
        h.record_size = static_cast<std::uint8_t>(progress_size_);
    }
    return h;
}

namespace {

// Records per chunk of fill_unused_bytes' passes.
constexpr std::uint64_t CHUNK = std::uint64_t{1} << 16;

// The records whose bytes a record repeats, by their index: for byte 0 and byte 1 of the
// values record, byte 0 of the progress record and the progress record's others.
struct Sources {
    static constexpr std::uint64_t NONE = ~std::uint64_t{0};
    std::uint64_t byte0 = NONE, byte1 = NONE, progress0 = NONE, progress_rest = NONE;
    // These, with those of `later` that it has.
    Sources then(const Sources& later) const {
        auto pick = [](std::uint64_t a, std::uint64_t b) { return b != NONE ? b : a; };
        return {pick(byte0, later.byte0), pick(byte1, later.byte1), pick(progress0, later.progress0),
                pick(progress_rest, later.progress_rest)};
    }
};

void run(const ParallelFor& parallel, std::size_t count, const std::function<void(std::size_t)>& body) {
    if (parallel)
        parallel(count, body);
    else
        for (std::size_t k = 0; k < count; ++k) body(k);
}

} // namespace

// The bytes a record does not use repeat those of the record before (core/record.h): a
// don't-care values record (byte 0 DONT_CARE) both bytes, a draw's its byte 1; a progress
// record that is not a loss's its byte 0, and one that is not a loss's of more steps the bytes
// after byte 0 of the last that is. Record 0 uses all its bytes (a don't-care one is made a
// loss's of DTZ 0 first). So each record repeats bytes of the last record before it that uses
// them itself: one pass over the chunks finds the last such in each, and the chunks are filled
// in parallel from those of the chunks before.
void TableRecords::fill_unused_bytes(const ParallelFor& parallel) {
    const std::uint64_t n = entries_;
    const std::size_t pr = static_cast<std::size_t>(progress_size_);
    std::vector<std::uint8_t>& values = values_;
    std::vector<std::uint8_t>& progress = progress_;
    auto dont_care = [&](std::uint64_t i) { return values[i * VALUE_RECORD_SIZE] == DONT_CARE; };
    auto uses = [&](std::uint64_t i) {
        if (i == 0) return Sources{0, 0, 0, 0};
        Sources s;
        if (dont_care(i)) return s;
        s.byte0 = i;
        const auto v = Wdl5(values[i * VALUE_RECORD_SIZE]);
        if (v == Wdl5::WIN || v == Wdl5::LOSS) s.byte1 = i;
        if (v != Wdl5::LOSS) return s;
        s.progress0 = i;
        if (has_more_steps(&progress[i * pr])) s.progress_rest = i;
        return s;
    };
    const std::size_t chunks = static_cast<std::size_t>((n + CHUNK - 1) / CHUNK);
    std::vector<Sources> before(chunks + 1); // before each chunk, then after the last
    std::atomic<bool> loss{false};
    run(parallel, chunks, [&](std::size_t c) {
        Sources last;
        bool chunk_loss = false;
        for (std::uint64_t i = c * CHUNK, e = std::min(n, i + CHUNK); i < e; ++i) {
            last = last.then(uses(i));
            chunk_loss |= !dont_care(i) && Wdl5(values[i * VALUE_RECORD_SIZE]) == Wdl5::LOSS;
        }
        before[c + 1] = last;
        if (chunk_loss) loss = true;
    });
    has_progress_ = loss;
    if (n > 0 && dont_care(0)) std::fill_n(values.begin(), VALUE_RECORD_SIZE, 0);
    for (std::size_t c = 1; c < before.size(); ++c) before[c] = before[c - 1].then(before[c]);
    run(parallel, chunks, [&](std::size_t c) {
        Sources from = before[c];
        for (std::uint64_t i = c * CHUNK, e = std::min(n, i + CHUNK); i < e; ++i) {
            const Sources own = uses(i);
            std::uint8_t* record = &values[i * VALUE_RECORD_SIZE];
            std::uint8_t* p = &progress[i * pr];
            if (own.byte0 == Sources::NONE) record[0] = values[from.byte0 * VALUE_RECORD_SIZE];
            if (own.byte1 == Sources::NONE) record[1] = values[from.byte1 * VALUE_RECORD_SIZE + 1];
            if (own.progress0 == Sources::NONE) p[0] = progress[from.progress0 * pr];
            if (own.progress_rest == Sources::NONE)
                std::copy_n(&progress[from.progress_rest * pr + 1], pr - 1, p + 1);
            from = from.then(own);
        }
    });
}

TableStatus TableRecords::read(const TableFile& values, const TableFile* progress, TableRecords* out) {
    *out = TableRecords();
    if (TableStatus s = read_all_records(values, out->values_); !s) return s;
    out->entries_ = values.header().entries;
    if (progress) {
        if (TableStatus s = read_all_records(*progress, out->progress_); !s) {
            *out = TableRecords();
            return s;
        }
        out->progress_size_ = progress->header().record_size;
        out->has_progress_ = true;
    }
    return {};
}

} // namespace damatb::core
