// damatb_bench_probe: the probe library's speed on a folder of tables (scripts/bench_probe.sh).
//
//   damatb_bench_probe DIR [--positions N] [--seconds S] [--cache-mib M] [--small-cache-mib M]
//                          [--seed X]
//
// Draws N random positions (default 100000) uniformly over every position of the tables in DIR
// (default ruleset), half of them with Black to move, and prints the median latency of a probe
// whose block is cached, of the first probe of each block in a fresh Tablebase (and the mean of
// those), of a probe with cache 0 (every probe decompresses its block), of a table's first probe
// (the file mapped and checked), and of probe_root with blocks cached; then probes per second on
// 1 and 2 threads with every block cached (a cache of M MiB, default 512) and with a small cache
// (default 8 MiB), per second of wall time and per second of each thread's CPU time (which a
// busy machine spoils least).
// Every probe must answer OK. Latencies come from a monotonic clock read around each probe (the
// cached ones around batches of 64, the clock costing about as much as a probe).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/index.h"
#include "core/material.h"
#include "core/table_file.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"

using namespace damatb;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
    std::string dir;
    std::size_t positions = 100000;
    double seconds = 2.0;
    std::size_t cache_mib = 512;
    std::size_t small_cache_mib = 8;
    unsigned seed = 1;
};

// One table file found in the folder.
struct Table {
    core::TableIndex index;
    std::uint32_t block_entries;
};

// A position of the sample, with the block its probe reads.
struct Sample {
    probe::Position pos;
    std::uint64_t block; // table number << 32 | block number
};

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "damatb_bench_probe: error: " << message << '\n';
    std::exit(1);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) fail(a + " needs a value");
            return argv[++i];
        };
        if (a == "--positions") o.positions = std::stoul(next());
        else if (a == "--seconds") o.seconds = std::stod(next());
        else if (a == "--cache-mib") o.cache_mib = std::stoul(next());
        else if (a == "--small-cache-mib") o.small_cache_mib = std::stoul(next());
        else if (a == "--seed") o.seed = static_cast<unsigned>(std::stoul(next()));
        else if (!a.empty() && a[0] != '-' && o.dir.empty()) o.dir = a;
        else fail("usage: damatb_bench_probe DIR [--positions N] [--seconds S] [--cache-mib M] "
                  "[--small-cache-mib M] [--seed X]");
    }
    if (o.dir.empty()) fail("no table folder given");
    if (o.positions == 0) fail("--positions must be positive");
    return o;
}

std::unique_ptr<probe::Tablebase> open(const std::string& dir, std::size_t cache_bytes) {
    probe::Status s = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, probe::Ruleset{}, cache_bytes, &s);
    if (!tb) fail(dir + ": " + std::string(probe::status_string(s)));
    return tb;
}

// Every table file of the folder, of the classes up to max_pieces.
std::vector<Table> find_tables(const std::string& dir, int max_pieces) {
    std::vector<Table> tables;
    for (const core::ClassPlan& c : core::plan_classes(max_pieces)) {
        for (const core::Material& m : core::tables_of(c.material)) {
            const std::string path = dir + "/" + m.table_name() + ".dtb";
            if (!std::filesystem::exists(path)) continue;
            core::OpenedTable t = core::open_table(path);
            if (!t.status.ok()) fail(t.status.message);
            tables.push_back({core::TableIndex(m), t.file.header().block_entries});
        }
    }
    return tables;
}

// N positions uniform over every position of the tables, half of them turned to Black to move.
std::vector<Sample> draw(const std::vector<Table>& tables, std::size_t n, unsigned seed) {
    std::vector<std::uint64_t> ends; // cumulative sizes
    std::uint64_t total = 0;
    for (const Table& t : tables) ends.push_back(total += t.index.size());
    std::mt19937_64 rng(seed);
    std::vector<Sample> out;
    out.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint64_t u = rng() % total;
        const auto t =
            static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), u) - ends.begin());
        const std::uint64_t i = u - (ends[t] - tables[t].index.size());
        core::Position p = tables[t].index.position(i);
        const std::uint64_t block =
            std::uint64_t{t} << 32 | tables[t].index.index(p) / tables[t].block_entries;
        if (rng() % 2) p = p.flipped();
        out.push_back({bridge::to_probe(p), block});
    }
    return out;
}

void must(probe::Status s) {
    if (s != probe::Status::OK) fail("probe: " + std::string(probe::status_string(s)));
}

double micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

// The mean: unlike the median, it counts the rare dear probes too (a first touch that maps the
// cache's next chunk of memory).
double mean(const std::vector<double>& v) {
    double sum = 0;
    for (double x : v) sum += x;
    return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One probe, timed.
double timed_probe(const probe::Tablebase& tb, const probe::Position& p) {
    probe::Value v;
    const auto start = Clock::now();
    const probe::Status s = tb.probe(p, 0, &v);
    const double us = micros(Clock::now() - start);
    must(s);
    return us;
}

// The CPU time the calling thread has used, in seconds.
double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Rate {
    double per_second = 0;     // probes per second of wall time, all threads together
    double per_cpu_second = 0; // probes per second of CPU time, of each thread on average
};

// The rate of `threads` threads probing the sample for `seconds`, each from its own starting
// point. On a machine shared with other work, the rate per CPU second shows what each thread
// would do on a core of its own.
Rate throughput(const probe::Tablebase& tb, const std::vector<Sample>& sample, int threads,
                double seconds) {
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> probes{0};
    std::vector<double> cpu(static_cast<std::size_t>(threads));
    std::vector<std::thread> workers;
    const auto start = Clock::now();
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            const double cpu_start = thread_cpu_seconds();
            std::size_t k = static_cast<std::size_t>(t) * sample.size() /
                            static_cast<std::size_t>(threads);
            std::uint64_t done = 0;
            probe::Value v;
            while (!stop.load(std::memory_order_relaxed)) {
                for (int j = 0; j < 256; ++j, ++done) {
                    must(tb.probe(sample[k].pos, 0, &v));
                    if (++k == sample.size()) k = 0;
                }
            }
            probes += done;
            cpu[static_cast<std::size_t>(t)] = thread_cpu_seconds() - cpu_start;
        });
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& w : workers) w.join();
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    double cpu_total = 0;
    for (double c : cpu) cpu_total += c;
    const auto n = static_cast<double>(probes);
    return {n / wall, n / cpu_total};
}

void print_throughput(const std::string& what, const probe::Tablebase& tb,
                      const std::vector<Sample>& sample, double seconds) {
    const Rate one = throughput(tb, sample, 1, seconds);
    const Rate two = throughput(tb, sample, 2, seconds);
    std::cout << std::setprecision(3) << "throughput, " << what << ": 1 thread "
              << one.per_second / 1e6 << " M probes/s, 2 threads " << two.per_second / 1e6
              << " M probes/s\n  per second of CPU time of each thread: 1 thread "
              << one.per_cpu_second / 1e6 << " M, 2 threads " << two.per_cpu_second / 1e6
              << " M (so on two idle cores " << 2 * two.per_cpu_second / 1e6 << " M probes/s)\n";
}

} // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    const std::size_t big = o.cache_mib << 20;
    const int max_pieces = open(o.dir, 0)->max_pieces();
    const std::vector<Table> tables = find_tables(o.dir, max_pieces);
    std::uint64_t total = 0;
    for (const Table& t : tables) total += t.index.size();
    const std::vector<Sample> sample = draw(tables, o.positions, o.seed);
    std::cout << std::fixed << "tables: " << tables.size() << " files of up to " << max_pieces
              << " pieces, " << total << " positions; " << sample.size()
              << " random positions, uniform over them\n";

    // First touches, in a fresh Tablebase with a cache that keeps every block.
    std::vector<double> first_of_table, first_of_block;
    {
        auto tb = open(o.dir, big);
        std::set<std::uint64_t> tables_seen, blocks_seen;
        for (const Sample& s : sample) {
            const bool new_table = tables_seen.insert(s.block >> 32).second;
            const bool new_block = blocks_seen.insert(s.block).second;
            const double us = timed_probe(*tb, s.pos);
            if (new_table) first_of_table.push_back(us);
            else if (new_block) first_of_block.push_back(us);
        }
    }
    std::vector<double> uncached;
    {
        auto tb = open(o.dir, 0);
        for (std::size_t k = 0; k < std::min<std::size_t>(sample.size(), 20000); ++k)
            uncached.push_back(timed_probe(*tb, sample[k].pos));
    }

    auto tb = open(o.dir, big);
    probe::Value v;
    for (const Sample& s : sample) must(tb->probe(s.pos, 0, &v)); // every block cached
    std::vector<double> cached;
    constexpr std::size_t BATCH = 64;
    for (int round = 0; round < 5; ++round)
        for (std::size_t k = 0; k + BATCH <= sample.size(); k += BATCH) {
            const auto start = Clock::now();
            for (std::size_t j = k; j < k + BATCH; ++j) must(tb->probe(sample[j].pos, 0, &v));
            cached.push_back(micros(Clock::now() - start) / BATCH);
        }
    std::vector<double> root;
    std::size_t root_moves = 0;
    std::vector<probe::RootMove> moves;
    for (std::size_t k = 0; k < std::min<std::size_t>(sample.size(), 20000); ++k) {
        const auto start = Clock::now();
        const probe::Status s = tb->probe_root(sample[k].pos, 0, &moves);
        root.push_back(micros(Clock::now() - start));
        must(s);
        root_moves += moves.size();
    }

    std::cout << std::setprecision(2);
    std::cout << "probe, block cached: median " << median(cached) << " us\n";
    std::cout << "probe, first touch of a block: median " << median(first_of_block)
              << " us, mean " << mean(first_of_block) << " us (" << first_of_block.size()
              << " blocks)\n";
    std::cout << "probe, cache 0 (every probe decompresses): median " << median(uncached)
              << " us\n";
    std::cout << "probe, first of a table (file mapped and checked): median "
              << median(first_of_table) << " us (" << first_of_table.size() << " tables)\n";
    std::cout << "probe_root, blocks cached: median " << median(root) << " us ("
              << static_cast<double>(root_moves) / static_cast<double>(root.size())
              << " moves on average)\n";
    print_throughput("every block cached, " + std::to_string(o.cache_mib) + " MiB", *tb, sample,
                     o.seconds);
    auto small = open(o.dir, o.small_cache_mib << 20);
    print_throughput("cache " + std::to_string(o.small_cache_mib) + " MiB", *small, sample,
                     o.seconds);
    return 0;
}
