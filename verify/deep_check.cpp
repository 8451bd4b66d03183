#include "verify/deep_check.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "core/consistency.h"
#include "core/fen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "core/index.h"
#include "damatb/probe_bridge.h"

namespace damatb::verify {

namespace {

constexpr std::size_t MAX_EXAMPLES = 3;
constexpr std::uint64_t CHUNK = 4096; // positions a thread takes at a time
constexpr auto PROGRESS_EVERY = std::chrono::seconds(5);

// The values of one table of the class checked, read whole.
struct TableValues {
    explicit TableValues(const core::Material& m) : index(m) {}
    core::TableIndex index;
    std::string path;
    std::vector<std::uint8_t> records;
};

// The values files of the tables of material's class in dir, every one valid for rules; none
// when one cannot be read or they would take more than most_bytes.
std::vector<TableValues> read_class_values(const std::string& dir, const core::Material& material,
                                           const core::Ruleset& rules, std::uint64_t most_bytes) {
    std::vector<TableValues> out;
    if (dir.empty()) return out;
    std::uint64_t bytes = 0;
    const std::vector<core::Material> tables = core::tables_of(core::class_key(material));
    for (const core::Material& m : tables) bytes += core::TableIndex(m).size() * core::VALUE_RECORD_SIZE;
    if (bytes > most_bytes) return out;
    const core::TableContents values = core::TableContents::VALUES;
    for (const core::Material& m : tables) {
        TableValues& t = out.emplace_back(m);
        t.path = dir + "/" + core::table_file_name(m, values);
        core::OpenChecks checks;
        checks.ruleset = &rules;
        checks.material = &m;
        checks.contents = &values;
        core::OpenedTable opened = core::open_table(t.path, checks);
        if (!opened.status.ok() || opened.file.header().record_size != core::VALUE_RECORD_SIZE ||
            !core::read_all_records(opened.file, t.records).ok())
            return {};
    }
    return out;
}

} // namespace

DeepCheck deep_check(const core::Material& material, const probe::Tablebase& tb,
                     const core::Ruleset& rules, int threads,
                     const std::function<void(std::uint64_t done)>& progress, const std::string& dir,
                     std::uint64_t most_in_memory) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const core::TableIndex index(material);
    const std::uint64_t size = index.size();
    DeepCheck result;
    std::mutex mutex; // guards result's wrong, examples and error
    std::atomic<std::uint64_t> next{0}, done{0};
    std::atomic<bool> stop{false};

    // The stored value of a position; a table that cannot give one ends the check (an error
    // naming the class or the file).
    const std::vector<TableValues> in_memory = read_class_values(dir, material, rules, most_in_memory);
    const core::ValueLookup lookup = [&](const core::Position& p) {
        if (!in_memory.empty() && p.pieces(p.side_to_move()) != 0) {
            const core::Position q = core::as_white_to_move(p);
            const core::Material m = core::material_of(q);
            const auto t = std::find_if(in_memory.begin(), in_memory.end(),
                                        [&](const TableValues& v) { return v.index.material() == m; });
            // As the probe library reads a record (probe/src/table_set.cpp, TableSet::value).
            if (t != in_memory.end() && !core::is_dont_care(p, rules)) {
                core::TableValue v;
                const std::uint64_t i = t->index.index(q);
                if (!core::decode_stored_value(&t->records[i * core::VALUE_RECORD_SIZE], rules.king_move_limit, &v))
                    throw std::runtime_error(t->path + ": the record of " + core::to_fen(q) +
                                             " holds no value the generator writes");
                return v;
            }
        }
        probe::Value v;
        if (tb.probe(bridge::to_probe(p), 0, &v) != probe::Status::OK)
            throw std::runtime_error(probe::last_error());
        return core::TableValue{bridge::to_core(v.wdl), std::max(v.dtz, 0)};
    };
    auto work = [&] {
        try {
            for (std::uint64_t first; !stop && (first = next.fetch_add(CHUNK)) < size;) {
                const std::uint64_t last = std::min(size, first + CHUNK);
                for (std::uint64_t i = first; i < last; ++i) {
                    const core::Position pos = index.position(i);
                    if (auto why = core::check_one_ply(pos, lookup(pos), rules, lookup)) {
                        std::lock_guard lock(mutex);
                        ++result.wrong;
                        if (result.examples.size() < MAX_EXAMPLES)
                            result.examples.push_back(std::move(*why));
                    }
                }
                done += last - first;
            }
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex);
            if (result.error.empty()) result.error = e.what();
            stop = true;
        }
    };

    // The workers, and the calling thread waking every PROGRESS_EVERY until they are done.
    int running = threads;
    std::condition_variable finished;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&] {
            work();
            std::lock_guard lock(mutex);
            if (--running == 0) finished.notify_one();
        });
    {
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, PROGRESS_EVERY, [&] { return running == 0; })) {
            lock.unlock();
            if (progress) progress(done);
            lock.lock();
        }
    }
    for (std::thread& w : workers) w.join();
    result.positions = done;
    result.in_memory = !in_memory.empty();
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

} // namespace damatb::verify
