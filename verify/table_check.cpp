#include "verify/table_check.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <filesystem>
#include <limits>
#include <system_error>
#include <vector>

#include "core/fen.h"
#include "core/index.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "verify/parallel_for.h"

namespace damatb::verify {

namespace {

namespace fs = std::filesystem;
using namespace core;

constexpr std::uint64_t NONE = std::numeric_limits<std::uint64_t>::max();

// A message of core's ("PATH: reason") without the path.
std::string reason_of(const std::string& message, const std::string& path) {
    return message.starts_with(path + ": ") ? message.substr(path.size() + 2) : message;
}

FileCheck file_check(const std::string& path) {
    FileCheck c;
    c.path = path;
    c.name = fs::path(path).filename().string();
    return c;
}

// "record 123 (W:Wc2,Kf2:BKh8)".
std::string record_text(const TableIndex& index, std::uint64_t i) {
    return "record " + std::to_string(i) + " (" + to_fen(index.position(i)) + ")";
}

// Opens the file of c.path, holding `contents` of the table of material m, and checks it on
// its own: header, ruleset, material, contents, record size, entries and content checksum (its
// blocks are checked as they are read, read_blocks). Sets c.entries, and c.reason when a check
// fails (the file is then closed).
TableFile open_checked(FileCheck& c, const Material& m, const Ruleset& rules, TableContents contents) {
    OpenChecks checks;
    checks.ruleset = &rules;
    checks.material = &m;
    checks.contents = &contents;
    OpenedTable t = open_table(c.path, checks);
    if (!t.status) {
        c.reason = reason_of(t.status.message, c.path);
        return {};
    }
    c.entries = t.file.header().entries;
    c.reason = record_layout_problem(t.file.header(), TableIndex(m).size());
    if (!c.reason.empty()) return {};
    if (t.file.check_content() != TableError::NONE) {
        c.reason = std::string(to_string(TableError::CHECKSUM));
        return {};
    }
    return std::move(t.file);
}

// Calls f(b, records) for every block b of the file, on `threads` threads, records pointing at
// its entries_in_block(b) records, valid during the call. False when a block does not
// decompress (reason set: the first such block, as TableFile::verify names it).
template <typename F>
bool read_blocks(const TableFile& file, FileCheck& c, int threads, F&& f) {
    const std::size_t bytes = std::size_t{file.header().block_entries} * file.header().record_size;
    std::atomic<std::uint32_t> failed{std::numeric_limits<std::uint32_t>::max()};
    parallel_for(file.block_count(), threads, [&](std::uint64_t k) {
        thread_local Decompressor d;
        thread_local std::vector<std::uint8_t> block;
        block.resize(bytes);
        const auto b = std::uint32_t(k);
        if (file.read_block(b, d, block.data()) != TableError::NONE) {
            for (std::uint32_t f0 = failed; b < f0 && !failed.compare_exchange_weak(f0, b);) {}
            return;
        }
        f(b, block.data());
    });
    if (failed == std::numeric_limits<std::uint32_t>::max()) return true;
    c.reason = reason_of(block_failure(file, failed).message, c.path);
    return false;
}

// In TableCheck's list of DTZ by index: not a loss whose history is in the progress file.
constexpr std::uint8_t NO_HISTORY = 0xFF;

// Bytes 1 and on of a progress record (core/record.h).
using RecordRest = std::array<std::uint8_t, MAX_RECORD_SIZE - 1>;

// What one block of a progress file hands on to the check of the blocks after it, and what that
// check needs from the blocks before it. A byte no lost position uses repeats the byte before it
// (core/record.h): byte 0 of a record that is not a loss repeats byte 0 of the record before,
// and bytes 1 and on of a record without a longer history repeat those of the last one with.
struct ProgressBlock {
    bool ok = true; // every history reads back, and the bytes that can be told within the block repeat
    bool first_is_loss = false;
    std::uint8_t first_byte0 = 0, last_byte0 = 0;
    bool has_prefix = false; // records before its first longer history, all with prefix's bytes
    RecordRest prefix{};
    bool has_longer = false;
    RecordRest longer{}; // the bytes of its last longer history
    std::uint64_t continued = 0;
    int longest = 1;
};

// The check of the progress file record by record, in order: the lost positions' histories (of
// DTZ loss_dtz by index) read back and the bytes no lost position uses repeat. Sets
// out.longest and out.continued, and the progress file's reason at the first history that does
// not read back, after counting the records that do not repeat, or at a block that does not
// decompress.
void progress_in_order(const TableFile& progress, const std::vector<std::uint8_t>& loss_dtz,
                       const TableIndex& index, const std::string& values_name, TableCheck& out) {
    FileCheck& p = *out.progress;
    const std::size_t size = progress.header().record_size;
    std::uint64_t unreadable = NONE, stray = 0, first_stray = NONE;
    std::uint8_t first_before = 0; // byte 0 of the record before
    std::vector<std::uint8_t> before(size, 0); // the last longer history, zeros before the first
    out.longest = 1;
    out.continued = 0;
    const TableStatus s = core::for_each_record(progress, [&](std::uint64_t i, const std::uint8_t* r) {
        bool longer = false;
        if (loss_dtz[i] != NO_HISTORY) {
            ProgressHistory h;
            if (!decode_history({Wdl5::LOSS, loss_dtz[i]}, r, int(size), &h)) {
                unreadable = i;
                return false;
            }
            out.longest = std::max(out.longest, h.count);
            longer = h.count > 1;
        }
        const bool unused_ok = (loss_dtz[i] != NO_HISTORY || r[0] == first_before) &&
                               (longer || std::equal(r + 1, r + size, before.begin() + 1));
        if (!unused_ok && stray++ == 0) first_stray = i;
        if (longer) {
            ++out.continued;
            std::copy(r, r + size, before.begin());
        }
        first_before = r[0];
        return true;
    });
    if (!s)
        p.reason = reason_of(s.message, p.path);
    else if (unreadable != NONE)
        p.reason = "the progress history of " + record_text(index, unreadable) + " does not read back";
    else if (stray)
        p.reason = std::to_string(stray) + " records hold a history that no lost position of " +
                   values_name + " refers to (the first: " + record_text(index, first_stray) + ")";
}

// A block of the progress file on its own: its `entries` records of `size` bytes, the DTZ of
// its lost positions in loss_dtz (NO_HISTORY for the others).
ProgressBlock progress_block(const std::uint8_t* records, std::uint32_t entries, std::size_t size,
                             const std::uint8_t* loss_dtz) {
    ProgressBlock out;
    std::uint8_t before0 = 0;
    for (std::uint32_t j = 0; j < entries && out.ok; ++j) {
        const std::uint8_t* r = records + j * size;
        const bool loss = loss_dtz[j] != NO_HISTORY;
        bool longer = false;
        if (loss) {
            ProgressHistory h;
            if (!decode_history({Wdl5::LOSS, loss_dtz[j]}, r, int(size), &h)) {
                out.ok = false;
                break;
            }
            out.longest = std::max(out.longest, h.count);
            longer = h.count > 1;
        }
        if (j == 0) {
            out.first_is_loss = loss;
            out.first_byte0 = r[0];
        } else if (!loss && r[0] != before0) {
            out.ok = false;
        }
        if (longer) {
            ++out.continued;
            out.has_longer = true;
            std::copy(r + 1, r + size, out.longer.begin());
        } else if (out.has_longer) {
            out.ok = out.ok && std::equal(r + 1, r + size, out.longer.begin());
        } else if (!out.has_prefix) {
            out.has_prefix = true;
            std::copy(r + 1, r + size, out.prefix.begin());
        } else {
            out.ok = out.ok && std::equal(r + 1, r + size, out.prefix.begin());
        }
        before0 = r[0];
    }
    out.last_byte0 = before0;
    return out;
}

} // namespace

TableCheck check_table(const std::string& values_path, const Material& m, const Ruleset& rules,
                       int threads) {
    TableCheck out;
    out.values = file_check(values_path);
    const std::string progress_path = fs::path(values_path).replace_extension(".dtp").string();
    std::error_code ec;
    const bool has_progress = fs::exists(progress_path, ec);
    if (has_progress) out.progress = file_check(progress_path);
    const TableIndex index(m);

    // The values file, and the DTZ of each lost position whose history is in the progress file.
    std::vector<std::uint8_t> loss_dtz;
    std::atomic<std::uint64_t> losses{0};
    const TableFile values = open_checked(out.values, m, rules, TableContents::VALUES);
    if (values.is_open()) {
        const int limit = rules.king_move_limit;
        const std::uint64_t block_entries = values.header().block_entries;
        std::atomic<std::uint64_t> bad{NONE}; // the first record that holds no value
        loss_dtz.assign(values.header().entries, NO_HISTORY);
        const bool read = read_blocks(values, out.values, threads, [&](std::uint32_t b, const std::uint8_t* records) {
            std::uint64_t lost = 0;
            const std::uint32_t entries = values.entries_in_block(b);
            for (std::uint32_t j = 0; j < entries; ++j) {
                const std::uint64_t i = b * block_entries + j;
                TableValue v;
                if (!decode_stored_value(records + j * VALUE_RECORD_SIZE, limit, &v)) {
                    for (std::uint64_t f = bad; i < f && !bad.compare_exchange_weak(f, i);) {}
                    break;
                }
                if (v.wdl == Wdl5::LOSS && !is_dont_care(index.position(i), rules)) {
                    loss_dtz[i] = static_cast<std::uint8_t>(v.dtz);
                    ++lost;
                }
            }
            losses += lost;
        });
        if (read && bad != NONE)
            out.values.reason = record_text(index, bad) + " holds no value the generator writes";
        out.values.ok = read && bad == NONE;
    }
    out.losses = out.values.ok ? losses.load() : 0; // what was read of a bad file says nothing

    if (!has_progress) {
        if (out.losses > 0) {
            out.progress = file_check(progress_path);
            out.progress->reason = "missing: " + std::to_string(out.losses) + " lost positions of " +
                                   out.values.name + " have their progress history in it";
        }
        return out;
    }

    // The progress file on its own, then against the values file.
    FileCheck& p = *out.progress;
    const TableFile progress = open_checked(p, m, rules, TableContents::PROGRESS);
    if (!progress.is_open()) return out;
    if (!out.values.ok) { // nothing to compare it with
        p.ok = true;
        return out;
    }
    // Each block on its own, then each against the ones before it; where that finds a record at
    // fault, the file again in order, to name the first and count them.
    const std::size_t size = progress.header().record_size;
    const std::uint64_t block_entries = progress.header().block_entries;
    std::vector<ProgressBlock> blocks(progress.block_count());
    if (!read_blocks(progress, p, threads, [&](std::uint32_t b, const std::uint8_t* records) {
            blocks[b] = progress_block(records, progress.entries_in_block(b), size,
                                       loss_dtz.data() + b * block_entries);
        }))
        return out;
    bool agree = true;
    RecordRest carried{}; // the last longer history's bytes, zeros before the first
    std::uint8_t byte0 = 0;
    for (const ProgressBlock& b : blocks) {
        agree = agree && b.ok && (b.first_is_loss || b.first_byte0 == byte0) &&
                (!b.has_prefix || b.prefix == carried);
        if (b.has_longer) carried = b.longer;
        byte0 = b.last_byte0;
        out.continued += b.continued;
        out.longest = std::max(out.longest, b.longest);
    }
    if (!agree) progress_in_order(progress, loss_dtz, index, out.values.name, out);
    if (!p.reason.empty()) return out;
    if (out.losses == 0)
        p.reason = "no lost position of " + out.values.name + " has its history here";
    else
        p.ok = true;
    return out;
}

} // namespace damatb::verify
