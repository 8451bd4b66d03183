#include "answers/open_tables.h"

#include <filesystem>
#include <system_error>

#include "damatb/probe_bridge.h"

namespace damatb::answers {

core::Result<std::unique_ptr<probe::Tablebase>> open_tables(const std::string& dir, const core::Ruleset& rules,
                                                            std::size_t cache_bytes) {
    using Opened = core::Result<std::unique_ptr<probe::Tablebase>>;
    // The probe library says only "i/o error" of a folder that is not there.
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        return Opened::failure("tables folder '" + dir + "' " +
                               (std::filesystem::exists(dir, ec) ? "is not a folder" : "does not exist"));
    probe::Status status = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, bridge::to_probe(rules), cache_bytes, &status);
    if (status == probe::Status::NO_TABLES) return Opened::failure("no table files (*.dtb) in '" + dir + "'");
    if (!tb)
        return Opened::failure("cannot open the tables in '" + dir +
                               "': " + std::string(probe::status_string(status)));
    return Opened(std::move(tb));
}

} // namespace damatb::answers
