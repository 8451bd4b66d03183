#include "gen/table_io.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>

#include "core/movegen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "gen/chunks.h"
#include "gen/read_cache.h"

namespace damatb::gen {

namespace {

using namespace core;

std::string path_of(const std::string& dir, const Material& m, TableContents c) {
    return dir + "/" + table_file_name(m, c);
}

// The zstd level of the progress files (docs/table-format.md, "The zstd level"): their records
// are longer than the values records (1 + 2 bytes for each step after the first of the longest
// history), and only the ranking of root moves reads them, so a faster level than the values
// files' pays (the sizes and times of each level: docs/performance.md, "Size").
constexpr int PROGRESS_ZSTD_LEVEL = 5;

void write_file(const std::string& path, const BlockRecords& records, TableContents c,
                const Ruleset& rules, const Material& m, int threads) {
    WriteOptions options;
    options.threads = threads;
    if (c == TableContents::PROGRESS) options.zstd_level = PROGRESS_ZSTD_LEVEL;
    TableStatus status = write_table(path, records.header(c, rules, m),
                                     [&](std::uint64_t first, std::size_t n, std::uint8_t* out) {
                                         records.fill(c, first, n, out);
                                     },
                                     options);
    if (!status) throw std::runtime_error(status.message);
}

// The file of table m holding `contents` at path, open, when it is there and valid for the
// ruleset (header, material, contents, record layout and content checksum); else nothing, and
// into *why, when given, "PATH: what is wrong".
std::optional<TableFile> open_valid(const std::string& path, const Material& m, const Ruleset& rules,
                                    TableContents contents, std::uint64_t positions, std::string* why = nullptr) {
    OpenChecks checks;
    checks.ruleset = &rules;
    checks.material = &m;
    checks.contents = &contents;
    checks.content = true;
    OpenedTable opened = open_table(path, checks);
    std::string problem = opened.status ? record_layout_problem(opened.file.header(), positions) : opened.status.message;
    if (problem.empty()) return std::move(opened.file);
    if (opened.status) problem = path + ": " + problem;
    if (why) *why = problem;
    return std::nullopt;
}

// The file of table m holding `contents` in dir, open, when it is there and valid (open_valid).
std::optional<TableFile> open_valid_in(const std::string& dir, const Material& m, const Ruleset& rules,
                                       TableContents contents, std::uint64_t positions, std::string* why = nullptr) {
    return open_valid(path_of(dir, m, contents), m, rules, contents, positions, why);
}

// Runs a ParallelFor's bodies on `threads` threads.
ParallelFor on_threads(int threads) {
    return [threads](std::size_t count, const std::function<void(std::size_t)>& body) {
        for_each_chunk(count * CHUNK_SIZE, threads,
                       [&](std::size_t c, std::uint64_t, std::uint64_t) { body(c); });
    };
}

// Tells the read cache of a read back (ReadBound) that a thread looked at a few thousand more
// positions, at the start of each of its runs and every ReadCache::LOOK_EVERY positions in it:
// `done` positions since the run began.
void looked_at(ReadCache& cache, std::uint64_t done) {
    if (cache.bounded() && done % ReadCache::LOOK_EVERY == 0) cache.looked();
}

// Says how many times a read back gave back the pages of the classes it reads.
void said_released(const ReadCache& cache, const ReadBound& bound) {
    if (cache.releases() && bound.released) bound.released(cache.releases());
}

// The smallest WDL5 (the opponent's) that a capture of p leads to, from the solved tables.
Wdl5 best_capture(const Position& p, const Ruleset& rules, const SolvedTables& solved) {
    MoveList moves;
    generate_moves(p, rules.promotion, moves);
    Wdl5 best = Wdl5::WIN;
    for (const Move& m : moves) best = std::min(best, solved.wdl(as_white_to_move(p.after(m))));
    return best;
}

} // namespace

void write_solved(const std::string& dir, const SolvedTable& t, const Ruleset& rules, int threads) {
    const std::uint64_t n = t.index.size();
    if (t.result_files.empty() && t.must_capture.size() * 64 < n)
        throw std::logic_error(t.index.material().table_name() + ": no must_capture bits to write it with");
    const Material m = t.index.material();

    // The longest history, which sets the progress records' size (an index's steps lie
    // together, in one run).
    const int longest = t.longest_history();
    if (longest > MAX_PROGRESS_STEPS)
        throw std::runtime_error(m.table_name() + ": a progress history of " +
                                 std::to_string(longest) + " steps, more than " +
                                 std::to_string(MAX_PROGRESS_STEPS));

    // A run's records: a don't-care position marked, a loss with its history. Made a block at
    // a time, so that the records are never held whole beside the table.
    auto make = [&](TableRecords& records) {
        const std::uint64_t b = records.first(), e = b + records.entries();
        const std::vector<SolvedTable::Step> history = t.steps_in(b, e);
        const Results r = t.results_in(b, e);
        auto h = history.begin();
        for (std::uint64_t i = b; i < e; ++i) {
            const std::size_t k = std::size_t(i - b);
            if (r.must_capture[k]) {
                records.put_dont_care(i);
                continue;
            }
            const TableValue v{r.wdl[k], r.dtz[k]};
            if (v.wdl != Wdl5::LOSS) {
                records.put_value(i, v);
                continue;
            }
            ProgressHistory steps;
            while (h != history.end() && h->index < i) ++h;
            for (; h != history.end() && h->index == i; ++h) steps.steps[std::size_t(steps.count++)] = h->step();
            if (steps.count == 0) steps.steps[std::size_t(steps.count++)] = {r.round[k], r.dtz[k]};
            records.put_loss(i, v, steps);
        }
    };
    const BlockRecords records(n, longest, make, on_threads(threads));

    // The progress file first, so that a values file is never there without it.
    const std::string progress_path = path_of(dir, m, TableContents::PROGRESS);
    if (records.has_progress())
        write_file(progress_path, records, TableContents::PROGRESS, rules, m, threads);
    else
        std::filesystem::remove(progress_path);
    write_file(path_of(dir, m, TableContents::VALUES), records, TableContents::VALUES, rules, m, threads);
}

std::shared_ptr<SolvedTable> read_solved(const std::string& dir, const Material& m, const Ruleset& rules,
                                         const SolvedTables& solved, int threads, const ReadBound& bound) {
    auto t = std::make_shared<SolvedTable>(m);
    const std::uint64_t n = t->index.size();
    const std::optional<TableFile> values = open_valid_in(dir, m, rules, TableContents::VALUES, n);
    if (!values) return nullptr;
    const std::optional<TableFile> progress = open_valid_in(dir, m, rules, TableContents::PROGRESS, n);
    TableRecords records;
    if (!TableRecords::read(*values, progress ? &*progress : nullptr, &records)) return nullptr;
    t->wdl.resize(n);
    t->dtz.resize(n);
    t->round.resize(n);
    std::vector<std::vector<SolvedTable::Step>> parts(chunk_count(n));
    std::atomic<bool> damaged{false};
    ReadCache cache(solved, bound.bytes);
    for_each_chunk(n, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
        for (std::uint64_t i = b; i < e; ++i) {
            looked_at(cache, i - b);
            TableValue v;
            const Position p = t->index.position(i);
            const bool dont_care = is_dont_care(p, rules);
            if (dont_care) {
                v = capture_value(best_capture(p, rules, solved));
            } else if (!records.value(i, &v)) {
                damaged = true;
                return;
            }
            t->wdl[i] = v.wdl;
            t->dtz[i] = static_cast<std::uint8_t>(v.dtz);
            if (v.wdl != Wdl5::LOSS) continue;
            if (dont_care) {
                t->round[i] = static_cast<std::uint8_t>(CAPTURE_STEP.round);
                continue;
            }
            ProgressHistory h;
            if (!records.history(i, v, &h)) {
                damaged = true;
                return;
            }
            t->round[i] = static_cast<std::uint8_t>(h.steps[0].round);
            if (h.count > 1)
                for (const ProgressStep& s : h) parts[c].push_back({i, s});
        }
    });
    said_released(cache, bound);
    if (damaged) return nullptr;
    t->history = {join(parts)};
    return t;
}

namespace {

// Calls f(b, e, records) for each block [b, e) of a values file of n records, its records
// decompressed, on `threads` threads; f returns false when a record is damaged. False when a
// block could not be read or f returned false.
template <typename F>
bool for_each_values_block(const TableFile& values, std::uint64_t n, int threads, F&& f) {
    const std::uint64_t per_block = values.header().block_entries;
    std::vector<Range> blocks;
    for (std::uint64_t b = 0; b < n; b += per_block) blocks.push_back({b, std::min(n, b + per_block)});
    std::atomic<bool> damaged{false};
    for_each_of_chunks(blocks, threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
        Decompressor d;
        std::vector<std::uint8_t> records(per_block * VALUE_RECORD_SIZE);
        if (values.read_block(std::uint32_t(b / per_block), d, records.data()) != TableError::NONE ||
            !f(b, e, records.data()))
            damaged = true;
    });
    return !damaged;
}

} // namespace

std::shared_ptr<SolvedTable> read_solved_wdl(const std::string& dir, const Material& m, const Ruleset& rules,
                                             const SolvedTables& solved, int threads, const ReadBound& bound) {
    auto t = std::make_shared<SolvedTable>(m);
    const std::uint64_t n = t->index.size();
    const std::optional<TableFile> values = open_valid_in(dir, m, rules, TableContents::VALUES, n);
    if (!values) return nullptr;
    t->wdl.resize(n);
    // Block by block, a block's records decompressed at a time: the runs of a chunk are the
    // blocks' own.
    std::atomic<bool> loss{false};
    ReadCache cache(solved, bound.bytes);
    const bool read = for_each_values_block(*values, n, threads, [&](std::uint64_t b, std::uint64_t e,
                                                                      const std::uint8_t* records) {
        for (std::uint64_t i = b; i < e; ++i) {
            looked_at(cache, i - b);
            const Position p = t->index.position(i);
            if (is_dont_care(p, rules)) {
                t->wdl[i] = capture_value(best_capture(p, rules, solved)).wdl;
                continue;
            }
            TableValue v;
            if (!decode_stored_value(&records[(i - b) * VALUE_RECORD_SIZE], rules.king_move_limit, &v))
                return false;
            t->wdl[i] = v.wdl;
            if (v.wdl == Wdl5::LOSS) loss = true;
        }
        return true;
    });
    said_released(cache, bound);
    if (!read) return nullptr;
    // A table with a loss that is not don't care has a progress file (core/record.h): without
    // it, or with it damaged, the table is not complete.
    if (loss && !open_valid_in(dir, m, rules, TableContents::PROGRESS, n))
        return nullptr;
    return t;
}

bool needs_progress_file(const std::string& dir, const Material& m, const Ruleset& rules, int threads) {
    const TableIndex index(m);
    const std::uint64_t n = index.size();
    const std::optional<TableFile> values = open_valid_in(dir, m, rules, TableContents::VALUES, n);
    if (!values) return true;
    // Only the records that read as a loss, or as nothing, are looked at: a lost position's, or
    // a don't-care position's, which repeats the record before it (the table's first reads as a
    // loss when don't care). One that is not don't care needs the progress file, or is damaged:
    // either way the table is not complete without more.
    std::atomic<bool> needed{false};
    const bool read = for_each_values_block(*values, n, threads, [&](std::uint64_t b, std::uint64_t e,
                                                                      const std::uint8_t* records) {
        for (std::uint64_t i = b; i < e && !needed; ++i) {
            TableValue v;
            if ((!decode_stored_value(&records[(i - b) * VALUE_RECORD_SIZE], rules.king_move_limit, &v) ||
                 v.wdl == Wdl5::LOSS) &&
                !is_dont_care(index.position(i), rules))
                needed = true;
        }
        return true;
    });
    return !read || needed;
}

std::string class_files_problem(const std::string& dir, const Material& cls, const Ruleset& rules) {
    for (const Material& m : core::tables_of(cls)) {
        const std::uint64_t n = core::TableIndex(m).size();
        for (TableContents c : {TableContents::VALUES, TableContents::PROGRESS}) {
            std::string why;
            if ((c == TableContents::VALUES || std::filesystem::exists(path_of(dir, m, c))) &&
                !open_valid_in(dir, m, rules, c, n, &why))
                return why;
        }
    }
    return "";
}

} // namespace damatb::gen
