#include "verify/table_check.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <system_error>
#include <vector>

#include "core/fen.h"
#include "core/index.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"

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
// its own: header, ruleset, material, contents, record size, entries, content checksum and
// every block. Sets c.entries, and c.reason when a check fails (the file is then closed).
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
    if (const TableStatus v = t.file.verify(); !v) {
        c.reason = reason_of(v.message, c.path);
        return {};
    }
    return std::move(t.file);
}

// Calls f(i, record) for every record i of the file (core's for_each_record). False when a
// block does not decompress (reason set).
template <typename F>
bool for_each_record(const TableFile& file, FileCheck& c, F&& f) {
    const TableStatus s = core::for_each_record(file, f);
    if (!s) c.reason = reason_of(s.message, c.path);
    return s.ok();
}

// In TableCheck's list of DTZ by index: not a loss whose history is in the progress file.
constexpr std::uint8_t NO_HISTORY = 0xFF;

} // namespace

TableCheck check_table(const std::string& values_path, const Material& m, const Ruleset& rules) {
    TableCheck out;
    out.values = file_check(values_path);
    const std::string progress_path = fs::path(values_path).replace_extension(".dtp").string();
    std::error_code ec;
    const bool has_progress = fs::exists(progress_path, ec);
    if (has_progress) out.progress = file_check(progress_path);
    const TableIndex index(m);

    // The values file, and the DTZ of each lost position whose history is in the progress file.
    std::vector<std::uint8_t> loss_dtz;
    std::uint64_t losses = 0;
    const TableFile values = open_checked(out.values, m, rules, TableContents::VALUES);
    if (values.is_open()) {
        const int limit = rules.king_move_limit;
        std::uint64_t bad = NONE;
        loss_dtz.assign(values.header().entries, NO_HISTORY);
        const bool read = for_each_record(values, out.values, [&](std::uint64_t i, const std::uint8_t* r) {
            TableValue v;
            if (!decode_stored_value(r, limit, &v)) {
                bad = i;
                return false;
            }
            if (v.wdl == Wdl5::LOSS && !is_dont_care(index.position(i), rules)) {
                loss_dtz[i] = static_cast<std::uint8_t>(v.dtz);
                ++losses;
            }
            return true;
        });
        if (read && bad != NONE)
            out.values.reason = record_text(index, bad) + " holds no value the generator writes";
        out.values.ok = read && bad == NONE;
    }
    if (!out.values.ok) losses = 0; // what was read of a bad file says nothing
    out.losses = losses;

    if (!has_progress) {
        if (losses > 0) {
            out.progress = file_check(progress_path);
            out.progress->reason = "missing: " + std::to_string(losses) + " lost positions of " +
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
    const std::size_t size = progress.header().record_size;
    std::uint64_t unreadable = NONE, stray = 0, first_stray = NONE;
    std::uint8_t first_before = 0; // byte 0 of the record before
    std::vector<std::uint8_t> before(size, 0); // the last longer history, zeros before the first
    const bool read = for_each_record(progress, p, [&](std::uint64_t i, const std::uint8_t* r) {
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
        // A byte no lost position uses repeats the byte before it (core/record.h).
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
    if (!read) return out;
    if (unreadable != NONE)
        p.reason = "the progress history of " + record_text(index, unreadable) +
                   " does not read back";
    else if (stray)
        p.reason = std::to_string(stray) + " records hold a history that no lost position of " +
                   out.values.name + " refers to (the first: " + record_text(index, first_stray) + ")";
    else if (losses == 0)
        p.reason = "no lost position of " + out.values.name + " has its history here";
    else
        p.ok = true;
    return out;
}

} // namespace damatb::verify
