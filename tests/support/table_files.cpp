#include "support/table_files.h"

#include <map>
#include <memory>
#include <mutex>

#include "gen/generate.h"
#include "support/temp_dir.h"

namespace damatb::test {

namespace {

// The generator's threads: 2, or 1 under the thread sanitizer, to which OpenMP's runtime (not
// built for it) gives false reports.
#if defined(__SANITIZE_THREAD__)
constexpr int GENERATOR_THREADS = 1;
#else
constexpr int GENERATOR_THREADS = 2;
#endif

} // namespace

const std::string& generated_table_files(int pieces, const core::Ruleset& rules) {
    static std::mutex mutex;
    static std::map<std::string, std::pair<std::unique_ptr<TempDir>, std::string>> made;
    std::lock_guard lock(mutex);
    auto& [dir, path] = made[std::to_string(pieces) + "/" + rules.name()];
    if (!dir) {
        dir = std::make_unique<TempDir>("damatb-tables");
        gen::GenerateOptions options;
        options.pieces = pieces;
        options.rules = rules;
        options.threads = GENERATOR_THREADS;
        options.out_dir = dir->str();
        gen::generate(options);
        path = dir->str();
    }
    return path;
}

} // namespace damatb::test
