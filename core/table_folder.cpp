#include "core/table_folder.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <tuple>

#include "core/table_file.h"

namespace damatb::core {

namespace fs = std::filesystem;

std::size_t TableFolder::file_count() const {
    std::size_t n = lone_progress.size();
    for (const TableFileName& t : tables) n += t.progress_path.empty() ? 1 : 2;
    return n;
}

Result<TableFolder> list_table_folder(const std::string& dir) {
    TableFolder out;
    std::vector<fs::path> progress; // the *.dtp files
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        const bool values = p.extension() == table_file_extension(TableContents::VALUES);
        const bool progress_file = p.extension() == table_file_extension(TableContents::PROGRESS);
        if (!values && !progress_file) continue;
        std::error_code type_ec;
        if (fs::is_directory(p, type_ec)) continue;
        if (progress_file) {
            progress.push_back(p);
            continue;
        }
        out.tables.push_back(
            {p.string(), p.filename().string(), material_of_table_name(p.stem().string()), "", ""});
    }
    if (ec) return Result<TableFolder>::failure("cannot list the tables folder '" + dir + "': " + ec.message());
    auto key = [](const TableFileName& f) {
        return f.material ? std::tuple(0, f.material->pieces(), f.material->men(), f.name)
                          : std::tuple(1, 0, 0, f.name);
    };
    std::sort(out.tables.begin(), out.tables.end(),
              [&](const TableFileName& a, const TableFileName& b) { return key(a) < key(b); });
    for (const fs::path& p : progress) {
        const std::string stem = p.stem().string();
        auto t = std::find_if(out.tables.begin(), out.tables.end(), [&](const TableFileName& f) {
            return fs::path(f.name).stem().string() == stem;
        });
        if (t == out.tables.end()) {
            out.lone_progress.push_back(p.filename().string());
        } else {
            t->progress_path = p.string();
            t->progress_name = p.filename().string();
        }
    }
    std::sort(out.lone_progress.begin(), out.lone_progress.end());
    return out;
}

} // namespace damatb::core
