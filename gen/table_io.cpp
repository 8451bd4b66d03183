#include "gen/table_io.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <stdexcept>

#include "core/movegen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "gen/chunks.h"

namespace damatb::gen {

namespace {

using namespace core;

std::string path_of(const std::string& dir, const Material& m, TableContents c) {
    return dir + "/" + table_file_name(m, c);
}

// The zstd level of the progress files (docs/table-format.md, "The zstd level"): their records
// are longer than the values records (1 + 2 bytes for each step after the first of the longest
// history), and only the ranking of root moves reads them. KMMvKM-'s (95 million positions):
// level 10 took 5.2 s to write 23.8 MB, level 5 2.0 s to write 25.9 MB, level 3 1.1 s to write
// 29.0 MB (single runs, 2 threads).
constexpr int PROGRESS_ZSTD_LEVEL = 5;

void write_file(const std::string& path, TableHeader header, const std::vector<std::uint8_t>& records,
                int threads) {
    WriteOptions options;
    options.threads = threads;
    if (header.contents == TableContents::PROGRESS) options.zstd_level = PROGRESS_ZSTD_LEVEL;
    TableStatus status = write_table(path, header, records.data(), options);
    if (!status) throw std::runtime_error(status.message);
}

// Every record of a valid file, or an empty vector.
std::vector<std::uint8_t> read_file(const std::string& path, const Material& m, const Ruleset& rules,
                                    TableContents contents) {
    OpenChecks checks;
    checks.ruleset = &rules;
    checks.material = &m;
    checks.contents = &contents;
    checks.content = true;
    OpenedTable opened = open_table(path, checks);
    if (!opened.status || opened.file.header().entries != TableIndex(m).size()) return {};
    const TableFile& f = opened.file;
    const std::size_t r = f.header().record_size;
    std::vector<std::uint8_t> records(f.header().entries * r);
    Decompressor d;
    for (std::uint32_t b = 0; b < f.block_count(); ++b)
        if (f.read_block(b, d, records.data() + std::size_t(b) * f.header().block_entries * r) !=
            TableError::NONE)
            return {};
    return records;
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
    const std::uint64_t n = t.wdl.size();
    TableHeader header;
    header.ruleset = rules;
    header.material = t.index.material();
    header.entries = n;

    // The longest history, which sets the progress records' size.
    const std::vector<SolvedTable::Step>& history = t.history;
    int longest = 1;
    for (std::size_t s = 0, e; s < history.size(); s = e) {
        for (e = s; e < history.size() && history[e].index == history[s].index;) ++e;
        longest = std::max(longest, int(e - s));
    }
    if (longest > MAX_PROGRESS_STEPS)
        throw std::runtime_error(header.material.table_name() + ": a progress history of " +
                                 std::to_string(longest) + " steps, more than " +
                                 std::to_string(MAX_PROGRESS_STEPS));
    const std::size_t pr = progress_record_size(longest);

    // Each chunk's records, with a mark in byte 0 of the values record of a don't-care
    // position, and the progress record of every loss that is not don't care; then, in order,
    // the bytes a record does not use repeat the byte before them (core/record.h).
    constexpr std::uint8_t DONT_CARE = 0xFF;
    std::vector<std::uint8_t> records(n * VALUE_RECORD_SIZE), progress(n * pr);
    std::atomic<bool> any_loss{false};
    for_each_chunk(n, threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
        auto h = std::lower_bound(history.begin(), history.end(), b,
                                  [](const auto& a, std::uint64_t x) { return a.index < x; });
        bool loss = false;
        for (std::uint64_t i = b; i < e; ++i) {
            std::uint8_t* record = &records[i * VALUE_RECORD_SIZE];
            if (is_dont_care(t.index.position(i), rules)) {
                record[0] = DONT_CARE;
                continue;
            }
            encode_value({t.wdl[i], t.dtz[i]}, record);
            if (t.wdl[i] != Wdl5::LOSS) continue;
            loss = true;
            ProgressHistory steps;
            while (h != history.end() && h->index < i) ++h;
            for (; h != history.end() && h->index == i; ++h) steps.steps[std::size_t(steps.count++)] = h->step;
            if (steps.count == 0) steps.steps[std::size_t(steps.count++)] = {t.round[i], t.dtz[i]};
            encode_progress(steps, &progress[i * pr], int(pr));
        }
        if (loss) any_loss = true;
    });
    if (n > 0 && records[0] == DONT_CARE) std::fill_n(records.begin(), VALUE_RECORD_SIZE, 0); // a loss
    std::uint8_t* before = progress.data(); // the last longer history, zeros before the first
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint8_t* record = &records[i * VALUE_RECORD_SIZE];
        std::uint8_t* p = &progress[i * pr];
        const bool dont_care = record[0] == DONT_CARE;
        const bool loss = !dont_care && t.wdl[i] == Wdl5::LOSS;
        if (!loss && i > 0) p[0] = p[-std::ptrdiff_t(pr)];
        if (loss && has_more_steps(p))
            before = p;
        else if (before != p)
            std::copy_n(before + 1, pr - 1, p + 1);
        if (i == 0) continue;
        if (dont_care)
            std::copy_n(record - VALUE_RECORD_SIZE, VALUE_RECORD_SIZE, record);
        else if (t.wdl[i] != Wdl5::WIN && t.wdl[i] != Wdl5::LOSS)
            record[1] = record[1 - VALUE_RECORD_SIZE];
    }

    // The progress file first, so that a values file is never there without it.
    const std::string progress_path = path_of(dir, header.material, TableContents::PROGRESS);
    if (any_loss) {
        header.record_size = static_cast<std::uint8_t>(pr);
        header.contents = TableContents::PROGRESS;
        write_file(progress_path, header, progress, threads);
    } else {
        std::filesystem::remove(progress_path);
    }
    header.record_size = VALUE_RECORD_SIZE;
    header.contents = TableContents::VALUES;
    header.block_entries = VALUE_BLOCK_ENTRIES;
    write_file(path_of(dir, header.material, TableContents::VALUES), header, records, threads);
}

std::shared_ptr<SolvedTable> read_solved(const std::string& dir, const Material& m, const Ruleset& rules,
                                         const SolvedTables& solved, int threads) {
    const std::vector<std::uint8_t> values =
        read_file(path_of(dir, m, TableContents::VALUES), m, rules, TableContents::VALUES);
    if (values.empty()) return nullptr;
    auto t = std::make_shared<SolvedTable>(m);
    const std::uint64_t n = t->index.size();
    if (values.size() != n * VALUE_RECORD_SIZE) return nullptr;
    t->wdl.resize(n);
    t->dtz.resize(n);
    t->round.resize(n);
    const std::vector<std::uint8_t> progress =
        read_file(path_of(dir, m, TableContents::PROGRESS), m, rules, TableContents::PROGRESS);
    const std::size_t r = progress.size() / n;
    std::vector<std::vector<SolvedTable::Step>> parts(chunk_count(n));
    std::atomic<bool> damaged{false};
    for_each_chunk(n, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
        for (std::uint64_t i = b; i < e; ++i) {
            TableValue v;
            const Position p = t->index.position(i);
            const bool dont_care = is_dont_care(p, rules);
            if (dont_care) {
                v = capture_value(best_capture(p, rules, solved));
            } else if (!decode_value(&values[i * VALUE_RECORD_SIZE], &v)) {
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
            if (progress.empty() || !decode_history(v, &progress[i * r], int(r), &h)) {
                damaged = true;
                return;
            }
            t->round[i] = static_cast<std::uint8_t>(h.steps[0].round);
            if (h.count > 1)
                for (const ProgressStep& s : h) parts[c].push_back({i, s});
        }
    });
    if (damaged) return nullptr;
    t->history = join(parts);
    return t;
}

} // namespace damatb::gen
