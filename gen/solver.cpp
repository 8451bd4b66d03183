// The retrograde solver of one class, in the words of docs/generator.md.
//
// Its phases, each in a file of its own:
//   1. The first look (gen/solver_first_look.cpp): every position of both tables once, whether
//      the game is over there, and what its moves out of the class lead to, looked up in the
//      classes solved before.
//   2. The game under the king-move limit (gen/solver_limited.cpp), in rounds: a round starts
//      from the man moves into what the round before labelled, then finds the levels 1, 2, ...
//      of king moves, each from the one before; its steps look at candidates, found by walking
//      back from what changed or by scanning a table (gen/solver_work_lists.h), and evaluate them;
//      in a class of kings only, of two equal armies, the losses are counted instead
//      (gen/solver_counts.cpp).
//   3. The progress histories (gen/solver_histories.cpp), gathered at the end of each round:
//      the losses whose level fell after their first round.
//   4. The game without the limit (gen/solver_unlimited.cpp), from the few draws under the
//      limit that may have a result without it.
//   5. The result (below): WDL5, DTZ, rounds and histories of each table.
// Their state, the tables and the lists of nodes, is gen/solver_state.h.
// The time each kind of step took is said at the end of a class or slice (gen/step_times.h).
#include "gen/solver.h"

#include <malloc.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/fen.h"
#include "core/record.h"
#include "gen/read_cache.h"
#include "gen/slice_files.h"
#include "gen/solver_state.h"
#include "gen/spare_words.h"
#include "gen/wdl_scratch.h"

namespace damatb::gen {

namespace solving {

using namespace core;

namespace {

// The WDL5 of node i of table t, from the solver's arrays.
Wdl5 result(const SolverState& solver, const Table& here, std::uint64_t i) {
    Wdl5 v = Wdl5::DRAW;
    if (here.under_limit(i) == WON)
        v = Wdl5::WIN;
    else if (here.under_limit(i) == LOST)
        v = Wdl5::LOSS;
    else if (here.without_limit(i) == WON)
        v = Wdl5::CURSED_WIN;
    else if (here.without_limit(i) == LOST)
        v = Wdl5::BLESSED_LOSS;
    if ((v == Wdl5::WIN && here.without_limit(i) != WON) || (v == Wdl5::LOSS && here.without_limit(i) != LOST))
        throw std::logic_error("won or lost under the limit but not without it: " +
                               to_fen(here.index.position(i)));
    if (solver.rules.king_move_limit == 0 && v != Wdl5::WIN && v != Wdl5::LOSS && v != Wdl5::DRAW)
        throw std::runtime_error("a phase longer than 254 plies without the limit: " +
                                 to_fen(here.index.position(i)));
    if ((v == Wdl5::WIN || v == Wdl5::LOSS) && here.round[i] > MAX_PROGRESS_ROUND)
        throw std::runtime_error("more than " + std::to_string(MAX_PROGRESS_ROUND) +
                                 " rounds: " + to_fen(here.index.position(i)));
    return v;
}

// Writes the results of the indices b to e - 1 of table t into `out` (sized, from out.first).
void fill_results(const SolverState& solver, int t, std::uint64_t b, std::uint64_t e, Results& out) {
    const Table& here = solver.table(t);
    for (std::uint64_t i = b; i < e; ++i) {
        // An index that names an image of a position with a smaller index (index.h) is never
        // looked up: it takes that index's values (a symmetry keeps whether a capture is there,
        // and the men's ranks: the image is in the slice).
        const std::uint64_t j = here.index.canonical(i);
        const std::size_t k = std::size_t(i - out.first);
        const Wdl5 v = result(solver, here, j);
        out.wdl[k] = v;
        out.must_capture[k] = (here.info(j) & CAPTURE) ? 1 : 0;
        if (v != Wdl5::WIN && v != Wdl5::LOSS) continue;
        out.dtz[k] = std::uint8_t(here.level(j));
        if (v == Wdl5::LOSS) out.round[k] = here.round[j];
    }
}

} // namespace

// Those of each node from the runs of the rounds that lowered its level.
void slice_steps(SolverState& solver, int t, const std::function<SolvedTable::Step*(std::uint64_t count)>& place,
                 const std::function<void()>& placed, std::size_t batch) {
    const Table& here = solver.table(t);
    const std::vector<HistoryRun>& runs = solver.history;
    // Where run q's entries of table t's node j lie, or those of the nodes after it.
    auto seek = [&](std::size_t q, std::uint64_t j) {
        const HistoryRun& e = runs[q];
        return std::size_t(std::lower_bound(e.begin(), e.end(), history_node(t, j) << 17) - e.begin());
    };
    // Calls step(round, level) for each step of node j, in order, from the runs' entries at
    // `at` or after (moved on to the node's).
    auto steps_of = [&](std::uint64_t j, std::vector<std::size_t>& at, auto&& step) {
        const std::uint64_t node = history_node(t, j);
        for (std::size_t q = 0; q < runs.size(); ++q) {
            const std::uint64_t* e = runs[q].begin();
            const std::size_t size = runs[q].size();
            std::size_t& k = at[q];
            while (k < size && history_node_of(e[k]) < node) ++k;
            if (k == size || history_node_of(e[k]) != node) continue;
            if ((e[k] >> 16) & 1) step(int(here.round[j]), int((e[k] >> 8) & 0xFF));
            step(runs[q].round, int(e[k] & 0xFF));
        }
    };
    // Counted by chunk, then written in place: joining the chunks' parts would hold the steps
    // twice, beside the solver's. With no steps in the runs (a class of one round, or none whose
    // level fell), no position is looked at: the look at an image's (canonical) is dear.
    const bool none = std::all_of(runs.begin(), runs.end(), [](const HistoryRun& r) { return r.size() == 0; });
    const std::vector<Range> all = chunks_of(here.active);
    batch = std::max<std::size_t>(batch, 1);
    std::size_t from = 0;
    do { // at least once: place(0) for no positions
        const std::size_t count = std::min(batch, all.size() - from);
        const std::vector<Range> chunks(all.begin() + std::ptrdiff_t(from), all.begin() + std::ptrdiff_t(from + count));
        from += count;
        std::vector<std::uint64_t> at(chunks.size() + 1);
        SolvedTable::Step* out = nullptr;
        for (bool counting : {true, false}) {
            if (!counting) {
                for (std::size_t c = 0; c < chunks.size(); ++c) at[c + 1] += at[c];
                out = place(at.back());
            }
            for_each_of_chunks(chunks, solver.threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
                if (none) return; // at[c + 1] stays 0
                std::uint64_t n = 0;
                std::vector<std::size_t> next(runs.size()), image(runs.size());
                for (std::size_t q = 0; q < runs.size(); ++q) next[q] = seek(q, b); // the entries of the indices from i on
                for (std::uint64_t i = b; i < e; ++i) {
                    const std::uint64_t j = here.index.canonical(i); // as in fill_results
                    if (here.under_limit(j) != LOST || !solver.has_history[t][j]) continue;
                    if (j != i)
                        for (std::size_t q = 0; q < runs.size(); ++q) image[q] = seek(q, j);
                    steps_of(j, j == i ? next : image, [&](int round, int level) {
                        if (!counting) out[at[c] + n] = {i, {round, level}};
                        ++n;
                    });
                }
                if (counting) at[c + 1] = n;
            });
        }
        placed();
    } while (from < all.size());
}

namespace {

// Writes the values of the positions of table t being solved into `out`'s arrays (sized
// already, their memory taken as they are written), and their history steps as a run of
// out.history. A class solved whole gives back its records as its results are made, the
// highest chunks first: a position's results read its own record, or that of an image with a
// smaller index (fill_results), so a chunk's records are read no more once it and every chunk
// above it are done. Its peak is so the records' or the results', not both.
void finish(SolverState& solver, int t, SolvedTable& out) {
    slice_steps(solver, t, [&out](std::uint64_t count) { // from the records, before they go
        return out.history.emplace_back(count, SolvedTable::Step{0, {0, 0}}).data();
    });
    Table& here = solver.table(t);
    std::vector<Range> chunks = chunks_of(here.active);
    const bool release = !solver.slices; // in slices, the slices after this one read its records
    std::reverse(chunks.begin(), chunks.end());
    std::vector<char> done(chunks.size());
    std::size_t all_done_to = 0; // chunks[0 .. all_done_to) are done, and their records given back
    std::mutex releasing;
    for_each_of_chunks(chunks, solver.threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
        const Results r = slice_results(solver, t, b, e, 1);
        for (std::uint64_t i = b; i < e; ++i) {
            const std::size_t k = std::size_t(i - b);
            out.wdl[i] = r.wdl[k];
            out.dtz[i] = r.dtz[k];
            out.round[i] = r.round[k];
            if (r.must_capture[k]) // a word may hold the ends of two slices' runs
                __atomic_fetch_or(&out.must_capture[i / 64], std::uint64_t{1} << (i % 64), __ATOMIC_RELAXED);
        }
        if (!release) return;
        const std::lock_guard<std::mutex> lock(releasing);
        done[c] = 1;
        const std::size_t before = all_done_to;
        while (all_done_to < chunks.size() && done[all_done_to]) ++all_done_to;
        if (all_done_to > before) // the whole pages from the lowest chunk done up (some twice)
            here.release_records(chunks[all_done_to - 1].begin, chunks[0].end);
    });
}

// The table t's result, made the first time a slice is finished or read back: its arrays
// whole, unless its results go to slice files.
std::shared_ptr<SolvedTable> made(const Table& here, bool in_files) {
    auto out = std::make_shared<SolvedTable>(here.index.material());
    if (in_files) return out;
    out->wdl.resize(here.size);
    out->dtz.resize(here.size);
    out->round.resize(here.size);
    out->must_capture.assign(here.size / 64 + 1, 0);
    return out;
}

} // namespace

Results slice_results(const SolverState& solver, int t, std::uint64_t b, std::uint64_t e, int threads) {
    const std::size_t n = std::size_t(e - b);
    Results out{b, std::vector<Wdl5>(n, Wdl5::DRAW), std::vector<std::uint8_t>(n), std::vector<std::uint8_t>(n),
                std::vector<std::uint8_t>(n)};
    for_each_of_chunks(chunks_of({{b, e}}), threads > 0 ? threads : solver.threads,
                       [&](std::size_t, std::uint64_t cb, std::uint64_t ce) { fill_results(solver, t, cb, ce, out); });
    return out;
}

} // namespace solving

std::vector<std::shared_ptr<SolvedTable>> solve_class(const core::Material& cls,
                                                      const SolvedTables& solved,
                                                      const SolveOptions& options) {
    using namespace solving;
    // The spares of the class's work lists fit no other class's: given back however it ends,
    // after the solver's own lists have gone to them.
    struct ReleaseSpares {
        ~ReleaseSpares() { SpareWords::release(); }
    } release_spares;
    SolverState solver(cls, solved, options);
    std::vector<std::shared_ptr<SolvedTable>> out;
    const int slice_count = solver.slices ? solver.slices->slice_count() : 1;
    // Slice files are read back from the first slice on, as long as each is there and valid.
    bool resuming = solver.slices && !options.slice_dir.empty();
    // One slice alone: the slices it leads into are read from their files, the others skipped.
    const int only = options.only_slice;
    // Solving in slices with slice files, the results go to the files, slice by slice, and are
    // read from there when the table files are written (SolvedTable::result_files).
    const bool in_files = solver.slices && !options.slice_dir.empty();
    std::vector<int> needed;
    if (only >= 0) {
        if (!resuming || only >= slice_count)
            throw std::invalid_argument("class " + cls.class_name() + " has no slice " + std::to_string(only) +
                                        " solved on its own (it has " + std::to_string(slice_count) + ")");
        needed = solver.slices->leads_into(only);
    }
    for (int s = 0; s < slice_count; ++s) {
        const bool is_needed = std::find(needed.begin(), needed.end(), s) != needed.end();
        if (only >= 0 && s != only && !is_needed) continue;
        // The records of the slices kept, and the slice's histories' steps, are resident as far as
        // the read cache allows, from begin_slice's pass over those this slice reads to its
        // results.
        std::optional<KeptPagesWatch> watch;
        if (solver.kept) watch.emplace(*solver.kept, options.read_cache);
        solver.begin_slice(s);
        std::uint64_t positions = 0;
        for (int t = 0; t < solver.table_count(); ++t) positions += solver.table(t).active_size;
        auto results = [&] { // made when first needed, after the first slice's work lists are gone
            for (int t = int(out.size()); t < solver.table_count(); ++t) out.push_back(made(solver.table(t), in_files));
        };
        if (is_needed) {
            results();
            if (!load_slice(options.slice_dir, solver, out)) {
                // A damaged file is removed, so that a run across machines started again solves it again.
                const std::string path = slice_file_path(options.slice_dir, cls, s);
                std::error_code ignored;
                const bool removed = std::filesystem::remove(path, ignored);
                throw std::runtime_error("slice " + std::to_string(only) + " of " + cls.class_name() + " needs " +
                                         path + ", which is not there or not valid" +
                                         (removed ? " (removed: solve that slice again)" : " (solve that slice first)"));
            }
            solver.say("read back from its slice file, which this slice's forward steps lead into");
            solver.keep_slice();
            continue;
        }
        if (resuming) {
            results();
            resuming = load_slice(options.slice_dir, solver, out);
            if (resuming) {
                solver.say("read back from its slice file");
                solver.keep_slice();
                if (options.slice_done) options.slice_done(s, slice_count, positions, true);
                continue;
            }
        }
        StepTimes::Watch step(solver.times, Step::FIRST_LOOK);
        for (int t = 0; t < solver.table_count(); ++t) first_look(solver, t);
        // Nothing after the first look reads the classes solved before: the pages of those mapped
        // from their scratch files go back (the kernel keeps them cached), so that they are not
        // resident beside the work lists and histories of the steps to come.
        solved.for_each([](const SolvedTable& t) { release_wdl_pages(t); });
        solver.say("moves leaving the class looked up");
        solver.fresh_escapes();
        if (counts_losses(solver)) count_moves_left(solver);
        step.switch_to(Step::ROUNDS);
        solve_limited(solver);
        step.switch_to(Step::WITHOUT_LIMIT);
        solve_unlimited(solver);
        step.switch_to(Step::RESULTS);
        // The work lists' spare bit sets would be resident beside the results, and hold pages of
        // this slice that the next one's lists do not write.
        SpareWords::release();
        // Not read by the results.
        solver.release_active([&solver](int t) -> auto& { return solver.table(t).escape_without_limit; });
        results();
        // The slice's work lists, freed, lie in the C library's heap among the results made
        // after the first slice; given back, they do not add up from slice to slice.
        if (solver.slices) malloc_trim(0);
        if (in_files) {
            // The pages kept go back before the slice file is written, which makes the results
            // and steps a piece at a time from the records and the histories' runs (these
            // within the read cache, the watch still on).
            if (solver.kept) solver.kept->give_back();
            save_slice(options.slice_dir, solver, out);
            solver.say("written to its slice file");
        } else {
            for (int t = 0; t < solver.table_count(); ++t) finish(solver, t, *out[std::size_t(t)]);
        }
        step.stop();
        solver.say("time by step: " + solver.times.line());
        solver.times.reset();
        solver.forget_history(); // its memory given back
        solver.release_active([&solver](int t) -> auto& { return solver.has_history[std::size_t(t)]; });
        if (watch && watch->releases())
            solver.say("the slices kept given back " + std::to_string(watch->releases()) + " times");
        watch.reset();
        if (solver.kept) solver.kept->give_back();
        solver.keep_slice();
        if (solver.slices && options.slice_done) options.slice_done(s, slice_count, positions, false);
    }
    if (only >= 0) return {};
    for (const auto& t : out)
        std::sort(t->result_files.begin(), t->result_files.end(),
                  [](const ResultFile& a, const ResultFile& b) { return a.begin < b.begin; });
    return out;
}

} // namespace damatb::gen
