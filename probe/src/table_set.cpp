#include "table_set.h"

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "core/fen.h"
#include "core/table_folder.h"
#include "last_error.h"

namespace damatb::probe {

namespace {

// A material in 32 bits: the mover's kings and men, then the other side's, one byte each.
std::uint32_t material_key(const core::Material& m) {
    return std::uint32_t{m.mover.kings} | std::uint32_t{m.mover.men} << 8 |
           std::uint32_t{m.other.kings} << 16 | std::uint32_t{m.other.men} << 24;
}

Status status_of(core::TableError e) {
    using core::TableError;
    switch (e) {
    case TableError::NONE: return Status::OK;
    case TableError::CANNOT_OPEN:
    case TableError::IO: return Status::IO;
    case TableError::CHECKSUM: return Status::CHECKSUM;
    case TableError::RULESET_MISMATCH: return Status::RULESET_MISMATCH;
    default: return Status::FILE_DAMAGED; // truncated, not a table, another material, a bad block
    }
}

// The calling thread's decompression context, made on first use (throws std::bad_alloc).
core::Decompressor& thread_decompressor() {
    thread_local std::optional<core::Decompressor> d;
    if (!d) d.emplace();
    return *d;
}

} // namespace

TableSet::TableSet(const core::Ruleset& rules, std::size_t cache_bytes)
    : rules_(rules), cache_(cache_bytes) {}

Status TableSet::add_folder(const std::string& dir) {
    const auto folder = core::list_table_folder(dir);
    if (!folder) return fail(Status::IO, folder.error());
    folders_ += (folders_.empty() ? "'" : ", '") + dir + "'";
    for (const core::TableFileName& f : folder->tables) {
        if (!f.material) continue;
        const std::uint32_t key = material_key(*f.material);
        if (tables_.count(key)) continue; // an earlier folder has it
        auto t = std::make_unique<Table>();
        t->material = *f.material;
        t->values.path = f.path;
        t->values.number = static_cast<std::uint32_t>(2 * tables_.size());
        t->progress.path = f.progress_path;
        t->progress.number = t->values.number + 1;
        tables_.emplace(key, std::move(t));
        max_pieces_ = std::max(max_pieces_, f.material->pieces());
    }
    return Status::OK;
}

Status TableSet::open(Table& t, File& f, core::TableContents contents) const {
    auto result = [&f] { return f.status == Status::OK ? Status::OK : fail(f.status, f.message); };
    if (f.ready.load(std::memory_order_acquire)) return result();
    std::lock_guard<std::mutex> lock(f.mutex);
    if (f.ready.load(std::memory_order_relaxed)) return result();
    core::OpenChecks checks;
    checks.ruleset = &rules_;
    checks.material = &t.material;
    checks.contents = &contents;
    core::OpenedTable opened = core::open_table(f.path, checks);
    Status s = status_of(opened.status.error);
    f.message = opened.status.message;
    if (s == Status::OK) {
        core::TableIndex index(t.material);
        if (const std::string problem = core::record_layout_problem(opened.file.header(), index.size());
            !problem.empty()) {
            s = Status::FILE_DAMAGED;
            f.message = f.path + ": " + problem;
        } else {
            f.file = std::move(opened.file);
            if (contents == core::TableContents::VALUES) t.index.emplace(std::move(index));
        }
    }
    f.status = s;
    f.ready.store(true, std::memory_order_release);
    return result();
}

Status TableSet::read_record(const File& f, std::uint64_t i, std::uint8_t* out) const {
    const std::size_t r = f.file.header().record_size;
    const std::uint32_t block_entries = f.file.header().block_entries;
    const auto b = static_cast<std::uint32_t>(i / block_entries);
    const std::size_t offset = (i % block_entries) * r;
    const std::uint64_t key = std::uint64_t{f.number} << 32 | b;
    if (cache_.read(key, offset, r, out)) return Status::OK;
    const std::size_t size = std::size_t{f.file.entries_in_block(b)} * r;
    core::Decompressor& d = thread_decompressor();
    BlockCache::Reservation kept = cache_.reserve(key, size);
    std::uint8_t* block = kept.data();
    if (!kept) { // not to be kept: the thread's own buffer
        thread_local std::vector<std::uint8_t> scratch;
        scratch.resize(size);
        block = scratch.data();
    }
    if (f.file.read_block(b, d, block) != core::TableError::NONE)
        return fail(Status::FILE_DAMAGED,
                    f.path + ": block " + std::to_string(b) + " does not decompress");
    std::memcpy(out, block + offset, r);
    if (kept) cache_.keep(std::move(kept));
    return Status::OK;
}

Status TableSet::table_of(const core::Position& pos, Table** out) const {
    const core::Material m = core::material_of(pos);
    auto it = tables_.find(material_key(m));
    if (it == tables_.end())
        return fail(Status::CLASS_MISSING, "class " + m.class_name() + " is missing: no " +
                                               m.table_name() + ".dtb in " + folders_);
    Table& t = *it->second;
    if (Status s = open(t, t.values, core::TableContents::VALUES); s != Status::OK) return s;
    *out = &t;
    return Status::OK;
}

Status TableSet::value(const core::Position& pos, TableValue* out) const {
    Table* t = nullptr;
    if (Status s = table_of(pos, &t); s != Status::OK) return s;
    std::uint8_t bytes[core::VALUE_RECORD_SIZE];
    if (Status s = read_record(t->values, t->index->index(pos), bytes); s != Status::OK) return s;
    // A value the generator never writes means a damaged file, not an answer.
    TableValue v;
    if (!core::decode_stored_value(bytes, rules_.king_move_limit, &v))
        return fail(Status::FILE_DAMAGED, t->values.path + ": the record of " + core::to_fen(pos) +
                                              " holds no value the generator writes");
    *out = v;
    return Status::OK;
}

Status TableSet::history(const core::Position& pos, const TableValue& v, ProgressHistory* out) const {
    Table* t = nullptr;
    if (Status s = table_of(pos, &t); s != Status::OK) return s;
    if (t->progress.path.empty()) { // a loss, and no progress file
        std::filesystem::path progress = t->values.path;
        progress.replace_extension(core::table_file_extension(core::TableContents::PROGRESS));
        return fail(Status::FILE_DAMAGED,
                    progress.string() + ": missing: the lost positions of " +
                        core::table_file_name(t->material, core::TableContents::VALUES) +
                        " have their progress history in it");
    }
    if (Status s = open(*t, t->progress, core::TableContents::PROGRESS); s != Status::OK) return s;
    std::uint8_t bytes[core::MAX_RECORD_SIZE];
    if (Status s = read_record(t->progress, t->index->index(pos), bytes); s != Status::OK) return s;
    const int size = t->progress.file.header().record_size;
    if (!core::decode_history(v, bytes, size, out))
        return fail(Status::FILE_DAMAGED, t->progress.path + ": the progress history of " +
                                              core::to_fen(pos) + " does not read back");
    return Status::OK;
}

} // namespace damatb::probe
