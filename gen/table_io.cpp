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

constexpr std::uint8_t DONT_CARE = 0xFF; // byte 0 of a don't-care values record, until filled

// The records whose bytes a record repeats (fill_unused_bytes), by their index: for byte 0 and
// byte 1 of the values record, byte 0 of the progress record and the progress record's others.
struct Sources {
    static constexpr std::uint64_t NONE = ~std::uint64_t{0};
    std::uint64_t byte0 = NONE, byte1 = NONE, progress0 = NONE, progress_rest = NONE;
    // These, with those of `later` that it has.
    Sources then(const Sources& later) const {
        auto pick = [](std::uint64_t a, std::uint64_t b) { return b != NONE ? b : a; };
        return {pick(byte0, later.byte0), pick(byte1, later.byte1), pick(progress0, later.progress0),
                pick(progress_rest, later.progress_rest)};
    }
};

// The bytes a record does not use repeat those of the record before (core/record.h): a
// don't-care values record (byte 0 DONT_CARE) both bytes, a draw's its byte 1; a progress
// record that is not a loss's its byte 0, and one that is not a loss's of more steps the
// bytes after byte 0 of the last that is. Record 0 uses all its bytes. So each record repeats
// bytes of the last record before it that uses them itself: one pass over the chunks finds
// the last such in each, and the chunks are filled in parallel from those of the chunks before.
void fill_unused_bytes(const SolvedTable& t, std::vector<std::uint8_t>& records,
                       std::vector<std::uint8_t>& progress, std::size_t pr, int threads) {
    const std::uint64_t n = t.wdl.size();
    auto dont_care = [&](std::uint64_t i) { return i > 0 && records[i * VALUE_RECORD_SIZE] == DONT_CARE; };
    auto uses = [&](std::uint64_t i) {
        if (i == 0) return Sources{0, 0, 0, 0};
        Sources s;
        if (dont_care(i)) return s;
        s.byte0 = i;
        const Wdl5 v = t.wdl[i];
        if (v == Wdl5::WIN || v == Wdl5::LOSS) s.byte1 = i;
        if (v != Wdl5::LOSS) return s;
        s.progress0 = i;
        if (has_more_steps(&progress[i * pr])) s.progress_rest = i;
        return s;
    };
    std::vector<Sources> before(chunk_count(n) + 1); // before each chunk, then after the last
    for_each_chunk(n, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
        Sources last;
        for (std::uint64_t i = b; i < e; ++i) last = last.then(uses(i));
        before[c + 1] = last;
    });
    for (std::size_t c = 1; c < before.size(); ++c) before[c] = before[c - 1].then(before[c]);
    for_each_chunk(n, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
        Sources from = before[c];
        for (std::uint64_t i = b; i < e; ++i) {
            const Sources own = uses(i);
            std::uint8_t* record = &records[i * VALUE_RECORD_SIZE];
            std::uint8_t* p = &progress[i * pr];
            if (own.byte0 == Sources::NONE) record[0] = records[from.byte0 * VALUE_RECORD_SIZE];
            if (own.byte1 == Sources::NONE) record[1] = records[from.byte1 * VALUE_RECORD_SIZE + 1];
            if (own.progress0 == Sources::NONE) p[0] = progress[from.progress0 * pr];
            if (own.progress_rest == Sources::NONE) std::copy_n(&progress[from.progress_rest * pr + 1], pr - 1, p + 1);
            from = from.then(own);
        }
    });
}

} // namespace

void write_solved(const std::string& dir, const SolvedTable& t, const Ruleset& rules, int threads) {
    const std::uint64_t n = t.wdl.size();
    if (t.must_capture.size() * 64 < n)
        throw std::logic_error(t.index.material().table_name() + ": no must_capture bits to write it with");
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
    // position, and the progress record of every loss that is not don't care; then the bytes
    // a record does not use are filled.
    std::vector<std::uint8_t> records(n * VALUE_RECORD_SIZE), progress(n * pr);
    std::atomic<bool> any_loss{false};
    for_each_chunk(n, threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
        auto h = std::lower_bound(history.begin(), history.end(), b,
                                  [](const auto& a, std::uint64_t x) { return a.index < x; });
        bool loss = false;
        for (std::uint64_t i = b; i < e; ++i) {
            std::uint8_t* record = &records[i * VALUE_RECORD_SIZE];
            if (t.dont_care(i)) {
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
    fill_unused_bytes(t, records, progress, pr, threads);

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
