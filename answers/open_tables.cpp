#include "answers/open_tables.h"

#include "damatb/probe_bridge.h"

namespace damatb::answers {

core::Result<std::unique_ptr<probe::Tablebase>> open_tables(const std::string& dir, const core::Ruleset& rules,
                                                            std::size_t cache_bytes) {
    using Opened = core::Result<std::unique_ptr<probe::Tablebase>>;
    probe::Status status = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, bridge::to_probe(rules), cache_bytes, &status);
    if (status == probe::Status::NO_TABLES) return Opened::failure("no table files (*.dtb) in '" + dir + "'");
    if (!tb)
        return Opened::failure("cannot open the tables in '" + dir +
                               "': " + std::string(probe::status_string(status)));
    return Opened(std::move(tb));
}

} // namespace damatb::answers
