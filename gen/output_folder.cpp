#include "gen/output_folder.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/format.h"
#include "core/index.h"
#include "core/table_file.h"
#include "gen/wdl_scratch.h"

namespace damatb::gen {

using core::Material;
using core::TableStats;

namespace {

// Every table's statistics line of `classes`, in their order, from their statistics files in
// dir; throws std::runtime_error when one cannot be read.
std::string manifest_text(const std::string& dir, const std::vector<Material>& classes) {
    std::string text;
    for (const Material& cls : classes) {
        const auto stats = core::read_stats_file(dir + "/" + core::stats_file_name(cls));
        if (!stats) throw std::runtime_error(stats.error());
        for (const TableStats& t : *stats) text += t.line() + "\n";
    }
    return text;
}

// Writes a manifest's text to path (through path.tmp, renamed when complete); throws
// std::runtime_error naming it when it cannot.
void write_manifest(const std::string& path, const std::string& text) {
    std::ofstream out(path + ".tmp");
    out << text;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path);
    std::filesystem::rename(path + ".tmp", path);
}

} // namespace

bool table_files_present(const std::string& dir, const Material& cls) {
    for (const Material& m : core::tables_of(cls))
        if (!std::filesystem::exists(dir + "/" + core::table_file_name(m, core::TableContents::VALUES)))
            return false;
    return true;
}

bool class_files_present(const std::string& dir, const Material& cls) {
    return table_files_present(dir, cls) && std::filesystem::exists(dir + "/" + core::stats_file_name(cls));
}

std::optional<std::vector<TableStats>> class_stats(const std::string& dir, const Material& cls) {
    const core::Result<std::vector<TableStats>> read = core::read_stats_file(dir + "/" + core::stats_file_name(cls));
    if (!read) return std::nullopt;
    const std::vector<Material> tables = core::tables_of(cls);
    if (read->size() != tables.size()) return std::nullopt;
    for (std::size_t t = 0; t < tables.size(); ++t)
        if ((*read)[t].material != tables[t] || (*read)[t].positions != core::TableIndex(tables[t]).size())
            return std::nullopt;
    return *read;
}

void write_class_stats(const std::string& dir, const Material& cls, const std::vector<TableStats>& stats) {
    const std::string problem = core::write_stats_file(dir + "/" + core::stats_file_name(cls), stats);
    if (!problem.empty()) throw std::runtime_error(problem);
}

std::string foreign_ruleset(const std::string& dir, const std::vector<core::ClassPlan>& plan,
                            const core::Ruleset& rules) {
    for (const core::ClassPlan& c : plan)
        for (const Material& m : core::tables_of(c.material))
            for (core::TableContents contents : {core::TableContents::VALUES, core::TableContents::PROGRESS}) {
                const std::string path = dir + "/" + core::table_file_name(m, contents);
                if (!std::filesystem::exists(path)) continue;
                const core::OpenedTable opened = core::open_table(path);
                if (opened.status.ok() && opened.file.header().ruleset != rules)
                    return path + " was made under ruleset " + opened.file.header().ruleset.name() +
                           ", not " + rules.name() + ": name another output folder (--out)";
            }
    return "";
}

void end_run(const GenerateOptions& options, const std::vector<Material>& classes, bool every_class,
             std::chrono::steady_clock::time_point start) {
    if (!options.manifest.empty()) write_manifest(options.manifest, manifest_text(options.out_dir, classes));
    if (every_class) {
        std::error_code ignored;
        std::filesystem::remove(options.out_dir + "/" + SLICE_FOLDER, ignored); // when empty
        remove_wdl_scratch(options.out_dir);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.say) options.say("all done in " + core::format_seconds(seconds));
}

} // namespace damatb::gen
