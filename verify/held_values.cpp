#include "verify/held_values.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <stdexcept>

#include "core/fen.h"
#include "core/huge_pages.h"
#include "core/movegen.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "damatb/probe_bridge.h"
#include "verify/parallel_for.h"

namespace damatb::verify {

struct HeldValues::Table {
    explicit Table(const core::Material& m) : index(m) {}
    core::TableIndex index;
    std::string path;
    // The records of the file, in index order, the two bytes of each in one (a record looked up
    // is read and written whole, atomically).
    mutable core::HugeVector<std::uint16_t> records;
};

namespace {

static_assert(core::VALUE_RECORD_SIZE == sizeof(std::uint16_t));

// In byte 0 of a record held: the record holds the value its first look-up found (the capture
// search's for a don't-care position). A values file never sets it (its WDL5 is 0 to 4).
constexpr std::uint8_t ANSWERED = 0x80;
// What a record of a file with ANSWERED set becomes: still no value (its look-up fails).
constexpr std::uint8_t NO_VALUE = 0x7F;

constexpr int COUNTS = 9; // 0 to 8 of a kind of piece

// The place of material m in HeldValues::by_material_, or -1 when it has more than 8 of a kind.
int material_slot(const core::Material& m) {
    const int counts[] = {m.mover.kings, m.mover.men, m.other.kings, m.other.men};
    int slot = 0;
    for (int c : counts) {
        if (c >= COUNTS) return -1;
        slot = slot * COUNTS + c;
    }
    return slot;
}

// The classes whose values a check of class cls reads, each once, nearest first: cls (its class
// key), the classes its moves lead into (captures and crownings), then those the captures of
// their don't-care positions lead into, then theirs. A don't-care position has only captures,
// so beyond the first move a crowning that captures nothing (into a class of as many pieces)
// is never made: KMMvKK, which MMMvKK's moves reach, leads into KKMvKK by a crowning, but no
// value of KKMvKK is ever read.
std::vector<core::Material> classes_reached(const core::Material& cls) {
    std::map<core::Material, std::vector<core::Material>> needs;
    for (core::ClassPlan& p : core::plan_classes(cls.pieces())) needs[p.material] = std::move(p.needs);
    std::vector<core::Material> out{core::class_key(cls)};
    for (std::size_t k = 0; k < out.size(); ++k)
        for (const core::Material& n : needs[out[k]])
            if ((k == 0 || n.pieces() < out[k].pieces()) && std::find(out.begin(), out.end(), n) == out.end())
                out.push_back(n);
    return out;
}

// The records of the values file at `path` of the table `index` numbers, read on `threads`
// threads; false when it is not a valid values file for `rules`.
bool read_values(const std::string& path, const core::TableIndex& index, const core::Ruleset& rules,
                 int threads, core::HugeVector<std::uint16_t>& records);

} // namespace

HeldValues::HeldValues(const core::Material& cls, const probe::Tablebase& tb,
                       const core::Ruleset& rules, const std::string& dir, std::uint64_t most_bytes,
                       int threads)
    : tb_(tb), rules_(rules) {
    if (dir.empty()) return;
    const auto start = std::chrono::steady_clock::now();
    for (const core::Material& c : classes_reached(cls))
        for (const core::Material& m : core::tables_of(c)) {
            const int slot = material_slot(m);
            const std::uint64_t size = core::TableIndex(m).size() * core::VALUE_RECORD_SIZE;
            if (slot < 0 || bytes_ + size > most_bytes) continue;
            auto t = std::make_unique<Table>(m);
            t->path = dir + "/" + core::table_file_name(m, core::TableContents::VALUES);
            if (!read_values(t->path, t->index, rules, threads, t->records)) continue; // then through tb
            by_material_[std::size_t(slot)] = t.get();
            bytes_ += size;
            held_.push_back(std::move(t));
        }
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

HeldValues::~HeldValues() = default;

bool HeldValues::holds_class(const core::Material& cls) const {
    for (const core::Material& m : core::tables_of(core::class_key(cls)))
        if (!find(m)) return false;
    return true;
}

const HeldValues::Table* HeldValues::find(const core::Material& m) const {
    const int slot = material_slot(m);
    return slot < 0 ? nullptr : by_material_[std::size_t(slot)];
}

core::TableValue HeldValues::value(const core::Position& p) const {
    const core::Position q = core::as_white_to_move(p);
    if (const Table* t = find(core::material_of(q))) return held(*t, t->index.index(q), p);
    return core::is_dont_care(p, rules_) ? searched(p) : probed(q);
}

core::TableValue HeldValues::stored_at(const core::TableIndex& index, std::uint64_t i, const core::Position& p) const {
    if (const Table* t = find(index.material())) return held(*t, t->index.canonical(i), p, true);
    return probed(p);
}

core::TableValue HeldValues::held(const Table& t, std::uint64_t i, const core::Position& p, bool stored) const {
    std::atomic_ref<std::uint16_t> record(t.records[i]);
    std::uint16_t bits = record.load(std::memory_order_relaxed);
    std::uint8_t bytes[core::VALUE_RECORD_SIZE];
    std::memcpy(bytes, &bits, sizeof bits);
    if (bytes[0] & ANSWERED) { // decode_value's reading of what encode_value wrote below
        const auto wdl = core::Wdl5(bytes[0] & std::uint8_t(~ANSWERED));
        return {wdl, wdl == core::Wdl5::WIN || wdl == core::Wdl5::LOSS ? int(bytes[1]) : 0};
    }
    core::TableValue v;
    if (!stored && core::is_dont_care(p, rules_)) {
        v = searched(p);
    } else if (!core::decode_stored_value(bytes, rules_.king_move_limit, &v)) {
        // As the probe library reads a record (probe/src/table_set.cpp, TableSet::value).
        throw std::runtime_error(t.path + ": the record of " + core::to_fen(core::as_white_to_move(p)) +
                                 " holds no value the generator writes");
    }
    core::encode_value(v, bytes);
    bytes[0] |= ANSWERED;
    std::memcpy(&bits, bytes, sizeof bits);
    record.store(bits, std::memory_order_relaxed);
    return v;
}

void HeldValues::values(const core::Position* ps, std::size_t n, core::TableValue* out) const {
    // The records first, asked of memory at once; each read once all are asked for.
    thread_local std::vector<std::pair<const Table*, std::uint64_t>> at;
    at.resize(n);
    // Positions after king moves of the side that moved (Black once turned around) share the
    // part of the index of the groups before its kings (core::SharedIndex).
    core::SharedIndex shared;
    const Table* shared_table = nullptr;
    core::Position last;
    for (std::size_t k = 0; k < n; ++k) {
        const core::Position q = core::as_white_to_move(ps[k]);
        // Only Black's kings moved since the last position: the same material, the same table
        // (a king move that captures changes White's pieces).
        const bool kings_moved = shared_table && q.men(core::WHITE) == last.men(core::WHITE) &&
                                 q.kings(core::WHITE) == last.kings(core::WHITE) &&
                                 q.men(core::BLACK) == last.men(core::BLACK);
        const Table* t = kings_moved ? shared_table : find(core::material_of(q));
        at[k] = {t, 0};
        if (!t) continue;
        if (!kings_moved) {
            shared = core::SharedIndex(t->index, core::BLACK, true);
            shared_table = t;
        }
        last = q;
        at[k].second = shared(q);
        __builtin_prefetch(&t->records[at[k].second]);
    }
    for (std::size_t k = 0; k < n; ++k)
        out[k] = at[k].first ? held(*at[k].first, at[k].second, ps[k]) : value(ps[k]);
}

core::TableValue HeldValues::searched(const core::Position& p) const {
    // As the probe library answers it (probe/src/tablebase.cpp, lookup): the best capture's.
    core::MoveList moves;
    core::generate_moves(p, rules_.promotion, moves);
    core::Wdl5 best = core::Wdl5::WIN; // the opponent's, after the best capture
    for (const core::Move& m : moves) {
        const core::Position q = p.after(m);
        best = std::min(best, q.pieces(q.side_to_move()) ? value(q).wdl : core::Wdl5::LOSS);
    }
    return core::capture_value(best);
}

core::TableValue HeldValues::probed(const core::Position& q) const {
    probe::Value pv;
    if (tb_.probe(bridge::to_probe(q), 0, &pv) != probe::Status::OK)
        throw std::runtime_error(probe::last_error());
    return {bridge::to_core(pv.wdl), std::max(pv.dtz, 0)};
}

namespace {

bool read_values(const std::string& path, const core::TableIndex& index, const core::Ruleset& rules,
                 int threads, core::HugeVector<std::uint16_t>& records) {
    const core::Material& m = index.material();
    const core::TableContents values = core::TableContents::VALUES;
    core::OpenChecks checks;
    checks.ruleset = &rules;
    checks.material = &m;
    checks.contents = &values;
    const core::OpenedTable opened = core::open_table(path, checks);
    if (!opened.status.ok() || !core::record_layout_problem(opened.file.header(), index.size()).empty())
        return false;
    const core::TableFile& file = opened.file;
    records.resize(index.size());
    std::uint8_t* bytes = reinterpret_cast<std::uint8_t*>(records.data());
    const std::size_t block_entries = file.header().block_entries;
    std::atomic<bool> ok{true};
    parallel_for(file.block_count(), threads, [&](std::uint64_t b) {
        thread_local core::Decompressor d;
        std::uint8_t* block = bytes + b * block_entries * core::VALUE_RECORD_SIZE;
        if (file.read_block(std::uint32_t(b), d, block) != core::TableError::NONE) ok = false;
        const std::uint32_t entries = file.entries_in_block(std::uint32_t(b));
        for (std::uint32_t j = 0; j < entries; ++j)
            if (std::uint8_t& wdl = block[j * core::VALUE_RECORD_SIZE]; wdl & ANSWERED) wdl = NO_VALUE;
    });
    if (!ok) records = {};
    return ok;
}

} // namespace

} // namespace damatb::verify
