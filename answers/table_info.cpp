#include "answers/table_info.h"

#include <filesystem>
#include <map>
#include <set>

#include "core/table_file.h"
#include "core/table_folder.h"

namespace damatb::answers {

namespace {

namespace fs = std::filesystem;

// The statistics of every table of class cls in dir, by table name; empty when its statistics
// file is not there or cannot be read.
std::map<std::string, core::TableStats> read_stats(const std::string& dir, const core::Material& cls) {
    std::map<std::string, core::TableStats> out;
    auto stats = core::read_stats_file(dir + "/" + core::stats_file_name(cls));
    if (stats)
        for (const core::TableStats& s : *stats) out[s.material.table_name()] = s;
    return out;
}

} // namespace

core::Result<FolderInfo> folder_info(const std::string& dir, const core::Ruleset& rules) {
    const auto listed = core::list_table_folder(dir);
    if (!listed) return core::Result<FolderInfo>::failure(listed.error());
    const core::TableFolder& folder = *listed;
    FolderInfo out;
    out.values_files = folder.tables.size();
    std::map<std::string, std::map<std::string, core::TableStats>> stats; // by class name
    // The header of a file of table m holding `contents`: false (and a problem noted) when it
    // cannot be read; a problem noted too when it was built under another ruleset.
    auto header_ok = [&](const std::string& path, const core::Material& m,
                         core::TableContents contents, core::OpenedTable& t) {
        core::OpenChecks checks;
        checks.material = &m;
        checks.contents = &contents;
        t = core::open_table(path, checks);
        if (!t.status) {
            out.problems.push_back(t.status.message);
            return false;
        }
        if (t.file.header().ruleset != rules)
            out.problems.push_back(path + ": built under " + t.file.header().ruleset.name() +
                                   ", not " + rules.name());
        return true;
    };
    for (const core::TableFileName& f : folder.tables) {
        if (!f.material) {
            out.problems.push_back(f.name + ": not a table name (ignored)");
            if (!f.progress_name.empty())
                out.problems.push_back(f.progress_name + ": not a table name (ignored)");
            continue;
        }
        const core::Material class_material = core::class_key(*f.material);
        TableInfo info;
        info.class_name = class_material.class_name();
        info.table_name = f.material->table_name();
        core::OpenedTable t;
        if (!header_ok(f.path, *f.material, core::TableContents::VALUES, t)) continue;
        info.positions = t.file.header().entries;
        info.other_ruleset = t.file.header().ruleset != rules;
        std::error_code ec;
        info.bytes = fs::file_size(f.path, ec);
        if (!f.progress_path.empty()) {
            core::OpenedTable p;
            if (header_ok(f.progress_path, *f.material, core::TableContents::PROGRESS, p)) {
                info.progress_bytes = fs::file_size(f.progress_path, ec);
                info.bytes += *info.progress_bytes;
            }
        }
        if (!stats.count(info.class_name)) stats[info.class_name] = read_stats(dir, class_material);
        if (const auto it = stats[info.class_name].find(info.table_name);
            it != stats[info.class_name].end())
            info.stats = it->second;
        out.tables.push_back(std::move(info));
    }
    for (const std::string& name : folder.lone_progress)
        out.problems.push_back(name + ": no values file " + fs::path(name).stem().string() +
                               ".dtb beside it (ignored)");
    return out;
}

std::size_t FolderInfo::class_count() const {
    std::set<std::string> classes;
    for (const TableInfo& t : tables) classes.insert(t.class_name);
    return classes.size();
}

std::uint64_t FolderInfo::positions() const {
    std::uint64_t n = 0;
    for (const TableInfo& t : tables) n += t.positions;
    return n;
}

std::uint64_t FolderInfo::bytes() const {
    std::uint64_t n = 0;
    for (const TableInfo& t : tables) n += t.bytes;
    return n;
}

std::uint64_t FolderInfo::progress_bytes() const {
    std::uint64_t n = 0;
    for (const TableInfo& t : tables) n += t.progress_bytes.value_or(0);
    return n;
}

int FolderInfo::progress_files() const {
    int n = 0;
    for (const TableInfo& t : tables) n += t.progress_bytes.has_value();
    return n;
}

double bits_per_position(std::uint64_t bytes, std::uint64_t positions) {
    return positions ? 8.0 * double(bytes) / double(positions) : 0.0;
}

} // namespace damatb::answers
