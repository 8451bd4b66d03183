#include "core/table_records.h"

#include <algorithm>
#include <stdexcept>

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

TableHeader record_file_header(TableContents c, const Ruleset& rules, const Material& m,
                               std::uint64_t entries, int progress_record_size) {
    TableHeader h;
    h.ruleset = rules;
    h.material = m;
    h.entries = entries;
    h.contents = c;
    if (c == TableContents::VALUES) {
        h.record_size = VALUE_RECORD_SIZE;
        h.block_entries = VALUE_BLOCK_ENTRIES;
    } else {
        h.record_size = static_cast<std::uint8_t>(progress_record_size);
    }
    return h;
}

RecordCarry RecordCarry::then(const RecordCarry& later) const {
    RecordCarry c = *this;
    if (later.has & BYTE0) c.byte0 = later.byte0;
    if (later.has & BYTE1) c.byte1 = later.byte1;
    if (later.has & PROGRESS0) c.progress0 = later.progress0;
    if (later.has & PROGRESS_REST) c.progress_rest = later.progress_rest;
    c.has |= later.has;
    c.loss |= later.loss;
    return c;
}

TableRecords::TableRecords(std::uint64_t entries, int longest_steps, std::uint64_t first)
    : first_(first),
      entries_(entries),
      values_(entries * VALUE_RECORD_SIZE),
      progress_(entries * core::progress_record_size(longest_steps)),
      progress_size_(core::progress_record_size(longest_steps)) {}

TableHeader TableRecords::header(TableContents c, const Ruleset& rules, const Material& m) const {
    return record_file_header(c, rules, m, entries_, progress_size_);
}

namespace {

// The records whose bytes a record repeats, by their index in the run: for byte 0 and byte 1
// of the values record, byte 0 of the progress record and the progress record's others (NONE:
// a record before the run).
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

// The bytes of the records of one run as put, and which of them each record uses itself.
struct Run {
    const std::uint8_t DONT_CARE;
    const std::vector<std::uint8_t>& values;
    const std::vector<std::uint8_t>& progress;
    std::size_t pr;   // progress record size
    bool table_start; // record 0 of the run is the table's, which uses all its bytes

    bool dont_care(std::uint64_t i) const { return values[i * VALUE_RECORD_SIZE] == DONT_CARE; }
    bool loss(std::uint64_t i) const {
        return !dont_care(i) && Wdl5(values[i * VALUE_RECORD_SIZE]) == Wdl5::LOSS;
    }
    Sources uses(std::uint64_t i) const {
        if (i == 0 && table_start) return Sources{0, 0, 0, 0};
        Sources s;
        if (dont_care(i)) return s;
        s.byte0 = i;
        const auto v = Wdl5(values[i * VALUE_RECORD_SIZE]);
        if (v == Wdl5::WIN || v == Wdl5::LOSS) s.byte1 = i;
        if (v != Wdl5::LOSS) return s;
        s.progress0 = i;
        if (has_more_steps(&progress[i * pr])) s.progress_rest = i;
        return s;
    }
    // What the sources s hand on (a table's don't-care record 0 reads as 0 0, as filled).
    RecordCarry carry(const Sources& s, bool any_loss) const {
        RecordCarry c;
        c.loss = any_loss;
        auto value_byte = [&](std::uint64_t i, int k) {
            return i == 0 && table_start && dont_care(0) ? std::uint8_t{0} : values[i * VALUE_RECORD_SIZE + k];
        };
        if (s.byte0 != Sources::NONE) c.has |= RecordCarry::BYTE0, c.byte0 = value_byte(s.byte0, 0);
        if (s.byte1 != Sources::NONE) c.has |= RecordCarry::BYTE1, c.byte1 = value_byte(s.byte1, 1);
        if (pr == 0) return c;
        if (s.progress0 != Sources::NONE) c.has |= RecordCarry::PROGRESS0, c.progress0 = progress[s.progress0 * pr];
        if (s.progress_rest != Sources::NONE) {
            c.has |= RecordCarry::PROGRESS_REST;
            std::copy_n(&progress[s.progress_rest * pr + 1], pr - 1, c.progress_rest.begin());
        }
        return c;
    }
};

void run(const ParallelFor& parallel, std::size_t count, const std::function<void(std::size_t)>& body) {
    if (parallel)
        parallel(count, body);
    else
        for (std::size_t k = 0; k < count; ++k) body(k);
}

} // namespace

RecordCarry TableRecords::carry() const {
    const Run r{DONT_CARE, values_, progress_, static_cast<std::size_t>(progress_size_), first_ == 0};
    Sources last;
    bool loss = false;
    for (std::uint64_t i = 0; i < entries_; ++i) {
        last = last.then(r.uses(i));
        loss |= r.loss(i);
    }
    return r.carry(last, loss);
}

// The bytes a record does not use repeat those of the record before (core/record.h): a
// don't-care values record (byte 0 DONT_CARE) both bytes, a draw's its byte 1; a progress
// record that is not a loss's its byte 0, and one that is not a loss's of more steps the bytes
// after byte 0 of the last that is. Record 0 of the table uses all its bytes (a don't-care one
// is made a loss's of DTZ 0 first). So each record repeats bytes of the last record before it
// that uses them itself: in this run, or before it (`before`). One pass: the runs of a table
// are filled in parallel by BlockRecords.
void TableRecords::fill_unused_bytes(const RecordCarry& before) {
    const bool table_start = first_ == 0;
    const std::uint8_t needed = progress_size_ > 0 ? RecordCarry::ALL : RecordCarry::BYTE0 | RecordCarry::BYTE1;
    if (!table_start && entries_ > 0 && (before.has & needed) != needed)
        throw std::invalid_argument("fill_unused_bytes: the records before " + std::to_string(first_) +
                                    " handed on too little");
    const std::size_t pr = static_cast<std::size_t>(progress_size_);
    const Run r{DONT_CARE, values_, progress_, pr, table_start};
    has_progress_ = false;
    Sources from;
    for (std::uint64_t i = 0; i < entries_; ++i) {
        has_progress_ |= r.loss(i); // before the record is filled
        const Sources own = r.uses(i);
        std::uint8_t* record = &values_[i * VALUE_RECORD_SIZE];
        if (i == 0 && table_start && r.dont_care(0)) std::fill_n(record, VALUE_RECORD_SIZE, 0);
        std::uint8_t* p = &progress_[i * pr];
        constexpr auto NONE = Sources::NONE;
        if (own.byte0 == NONE) record[0] = from.byte0 != NONE ? values_[from.byte0 * VALUE_RECORD_SIZE] : before.byte0;
        if (own.byte1 == NONE)
            record[1] = from.byte1 != NONE ? values_[from.byte1 * VALUE_RECORD_SIZE + 1] : before.byte1;
        if (own.progress0 == NONE) p[0] = from.progress0 != NONE ? progress_[from.progress0 * pr] : before.progress0;
        if (own.progress_rest == NONE)
            std::copy_n(from.progress_rest != NONE ? &progress_[from.progress_rest * pr + 1] : before.progress_rest.data(),
                        pr - 1, p + 1);
        from = from.then(own);
    }
}

BlockRecords::BlockRecords(std::uint64_t entries, int longest_steps, Make make, const ParallelFor& parallel)
    : entries_(entries), longest_steps_(longest_steps), make_(std::move(make)) {
    const std::size_t runs = static_cast<std::size_t>((entries + RUN - 1) / RUN);
    carried_.resize(runs + 1);
    run(parallel, runs, [&](std::size_t k) {
        TableRecords records(std::min(RUN, entries - k * RUN), longest_steps_, k * RUN);
        make_(records);
        carried_[k + 1] = records.carry();
    });
    for (std::size_t k = 1; k < carried_.size(); ++k) carried_[k] = carried_[k - 1].then(carried_[k]);
}

TableHeader BlockRecords::header(TableContents c, const Ruleset& rules, const Material& m) const {
    return record_file_header(c, rules, m, entries_, progress_record_size(longest_steps_));
}

void BlockRecords::fill(TableContents c, std::uint64_t first, std::size_t n, std::uint8_t* out) const {
    if (first % RUN != 0 || first + n > entries_)
        throw std::invalid_argument("BlockRecords::fill: records " + std::to_string(first) + " to " +
                                    std::to_string(first + n) + " are not a block of the table");
    TableRecords records(n, longest_steps_, first);
    make_(records);
    records.fill_unused_bytes(carried_[first / RUN]);
    const std::vector<std::uint8_t>& bytes = records.records(c);
    std::copy(bytes.begin(), bytes.end(), out);
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
