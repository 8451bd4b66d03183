#include "table_set.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace damatb::probe {

namespace {

constexpr std::size_t RECORD_SIZE = 3;

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

std::optional<core::Material> material_of_table_name(std::string_view name) {
    std::string_view cls = name;
    const bool other_moves = !cls.empty() && cls.back() == '-';
    if (!cls.empty() && (cls.back() == '+' || cls.back() == '-')) cls.remove_suffix(1);
    auto m = core::parse_class_name(cls);
    if (!m) return std::nullopt;
    const core::Material material = other_moves ? m->swapped() : *m;
    if (material.table_name() != name) return std::nullopt; // "KvKM", "KvK+", ...
    return material;
}

TableSet::TableSet(const core::Ruleset& rules, std::size_t cache_bytes)
    : rules_(rules), cache_(cache_bytes) {}

Status TableSet::add_folder(const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) return Status::IO;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) return Status::IO;
        const fs::path& path = it->path();
        if (path.extension() != ".dtb") continue;
        std::error_code type_ec;
        if (!it->is_regular_file(type_ec)) continue;
        auto material = material_of_table_name(path.stem().string());
        if (!material) continue;
        const std::uint32_t key = material_key(*material);
        if (tables_.count(key)) continue; // an earlier folder has it
        auto t = std::make_unique<Table>();
        t->material = *material;
        t->path = path.string();
        t->number = static_cast<std::uint32_t>(tables_.size());
        tables_.emplace(key, std::move(t));
        max_pieces_ = std::max(max_pieces_, material->pieces());
    }
    return ec ? Status::IO : Status::OK;
}

Status TableSet::open(Table& t) const {
    if (t.ready.load(std::memory_order_acquire)) return t.status;
    std::lock_guard<std::mutex> lock(t.mutex);
    if (t.ready.load(std::memory_order_relaxed)) return t.status;
    core::OpenChecks checks;
    checks.ruleset = &rules_;
    checks.material = &t.material;
    core::OpenedTable opened = core::open_table(t.path, checks);
    Status s = status_of(opened.status.error);
    if (s == Status::OK) {
        core::TableIndex index(t.material);
        if (opened.file.header().record_size != RECORD_SIZE ||
            opened.file.header().entries != index.size())
            s = Status::FILE_DAMAGED;
        else {
            t.file = std::move(opened.file);
            t.index.emplace(std::move(index));
        }
    }
    t.status = s;
    t.ready.store(true, std::memory_order_release);
    return s;
}

Status TableSet::record(const core::Position& pos, Record* out) const {
    auto it = tables_.find(material_key(core::material_of(pos)));
    if (it == tables_.end()) return Status::CLASS_MISSING;
    Table& t = *it->second;
    if (Status s = open(t); s != Status::OK) return s;

    const std::uint64_t i = t.index->index(pos);
    const std::uint32_t block_entries = t.file.header().block_entries;
    const auto b = static_cast<std::uint32_t>(i / block_entries);
    const std::size_t offset = (i % block_entries) * RECORD_SIZE;
    const std::uint64_t key = std::uint64_t{t.number} << 32 | b;
    std::uint8_t bytes[RECORD_SIZE];
    if (!cache_.read(key, offset, RECORD_SIZE, bytes)) {
        const std::size_t size = std::size_t{t.file.entries_in_block(b)} * RECORD_SIZE;
        core::Decompressor& d = thread_decompressor();
        if (cache_.would_keep(size)) {
            std::vector<std::uint8_t> block(size);
            if (t.file.read_block(b, d, block.data()) != core::TableError::NONE)
                return Status::FILE_DAMAGED;
            std::memcpy(bytes, block.data() + offset, RECORD_SIZE);
            cache_.insert(key, std::move(block));
        } else {
            thread_local std::vector<std::uint8_t> scratch;
            scratch.resize(size);
            if (t.file.read_block(b, d, scratch.data()) != core::TableError::NONE)
                return Status::FILE_DAMAGED;
            std::memcpy(bytes, scratch.data() + offset, RECORD_SIZE);
        }
    }

    // A value the generator never writes means a damaged file, not an answer.
    if (bytes[0] > static_cast<int>(core::Wdl5::WIN)) return Status::FILE_DAMAGED;
    const auto wdl = static_cast<core::Wdl5>(bytes[0]);
    const bool decided = wdl == core::Wdl5::WIN || wdl == core::Wdl5::LOSS;
    if (decided && rules_.king_move_limit != 0 && bytes[1] > rules_.king_move_limit)
        return Status::FILE_DAMAGED;
    *out = Record{wdl, bytes[1], bytes[2]};
    return Status::OK;
}

} // namespace damatb::probe
