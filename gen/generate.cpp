// A run, top-down: `generate` plans it (start_run: the classes it takes, which are read back; then
// check_budget: which are solved in slices and in how many, each need against the budget), takes
// the classes in plan order (run_class: each read back or solved and written, then kept for the
// classes that read it) and ends (end_run, gen/output_folder.h, shared with a run under MPI).
#include "gen/generate.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include "core/fen.h"
#include "core/format.h"
#include "core/system_memory.h"
#include "core/table_file.h"
#include "gen/chunks.h"
#include "gen/memory_budget.h"
#include "gen/men_slices.h"
#include "gen/output_folder.h"
#include "gen/slice_files.h"
#include "gen/solver.h"
#include "gen/table_io.h"
#include "gen/wdl_scratch.h"

namespace damatb::gen {

namespace {

using namespace core;

using Clock = std::chrono::steady_clock;
using ClassTables = std::vector<std::shared_ptr<SolvedTable>>;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The solver's work lists, hundreds of megabytes each, are made and dropped at every step. The C
// library would map each from the kernel and give it back when freed, and the kernel clear every
// page anew at its first touch (a tenth of the time of a class of 10^8 positions went to that).
// Kept in the heap instead, freed memory is reused as it is; it goes back to the kernel after
// each class (malloc_trim), so that what one class freed does not add to the next one's peak.
void keep_freed_memory() {
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

// A run: its classes, what it knows of each, and what it holds of the classes done.
struct Run {
    explicit Run(const GenerateOptions& o) : options(o), slice_dir(o.out_dir + "/" + SLICE_FOLDER) {}

    void say(const std::string& line) const {
        if (options.say) options.say(line);
    }

    const GenerateOptions& options;
    const std::string slice_dir;                  // the folder of slice files
    std::vector<ClassPlan> plan;                  // the classes it takes, in order
    std::map<Material, ClassTables> from_scratch; // classes read from their scratch files, by class
    std::uint64_t budget = 0;                     // bytes
    std::uint64_t read_cache = 0;                 // bytes (gen/read_cache.h)
    std::uint64_t read_cache_releases = 0;        // so far (ClassReport::read_cache_releases)
    // By class: whether its files are there (or, with --material, it is not the one asked for),
    // whether it is solved in slices, and in how many.
    std::vector<bool> reused;
    std::vector<bool> load; // by class: read back or solved, its tables held for the classes that read it (classes_to_load)
    std::vector<bool> in_slices;
    std::vector<int> slice_count;
    std::vector<std::uint64_t> need; // by class: its estimated peak (need_of)
    SolvedTables solved;                  // what later classes read of the classes done: their WDL5
    std::vector<std::size_t> last_reader; // by class: the last class that reads it (last_readers)
    std::uint64_t total = 0, done = 0;    // positions: of every class, of the classes done
    std::uint64_t solved_positions = 0;   // of the classes solved (not read back), in so long:
    double solved_seconds = 0;
};

// The tables of class cls, their WDL5 mapped from their scratch files in dir, when its
// statistics file and every table's scratch file are there and valid; none otherwise.
ClassTables mapped_from_scratch(const std::string& dir, const Material& cls, const Ruleset& rules) {
    if (!class_stats(dir, cls)) return {};
    ClassTables tables;
    for (const Material& m : tables_of(cls)) {
        std::shared_ptr<SolvedTable> t = map_wdl_scratch(dir, m, rules);
        if (!t) return {};
        tables.push_back(std::move(t));
    }
    return tables;
}

// ---- Planning, before any work.

// Whether a table of a class, whose statistics are `stats`, counts a loss and has no progress
// file, which it needs unless its losses are all don't care (needs_progress_file: its values
// file read alone, none of the classes it reads). Such a class is read back, and solved again
// if its tables turn out not complete.
bool progress_unseen(const std::string& dir, const std::vector<TableStats>& stats, const Ruleset& rules, int threads) {
    for (const TableStats& t : stats)
        if (t.counts[std::size_t(Wdl5::LOSS)] + t.counts[std::size_t(Wdl5::BLESSED_LOSS)] > 0 &&
            !std::filesystem::exists(dir + "/" + core::table_file_name(t.material, core::TableContents::PROGRESS)) &&
            needs_progress_file(dir, t.material, rules, threads))
            return true;
    return false;
}

// Sets which classes of the plan the run holds the tables of (run.load): those it solves, the one
// asked for (--material), those whose statistics file is missing (read back whole, to make it
// again), those with a table whose progress file may be missing (progress_unseen), and those
// read back that such a class reads (in a run of one class, the others read those their
// captures lead into alone, capture_needs), unless it is read from its scratch files
// (which need none of the classes it reads): those are mapped now, into run.from_scratch. The
// others, done and read by none of these (a run started again), are not read at all.
void classes_to_load(Run& run) {
    const std::string& dir = run.options.out_dir;
    std::map<Material, std::size_t> at;
    for (std::size_t k = 0; k < run.plan.size(); ++k) at[run.plan[k].material] = k;
    std::vector<bool>& load = run.load;
    load.assign(run.plan.size(), false);
    for (std::size_t k = run.plan.size(); k-- > 0;) { // each after every class that reads it
        const Material& cls = run.plan[k].material;
        // With --material, the class asked for is read (its scratch file written for the units of
        // a run across machines that read it) even when it is done.
        const bool asked = run.options.only && cls == class_key(*run.options.only);
        const std::optional<std::vector<TableStats>> stats = class_stats(dir, cls);
        if (!run.reused[k] || asked || !stats || progress_unseen(dir, *stats, run.options.rules, run.options.threads))
            load[k] = true;
        if (!load[k]) continue;
        if (run.reused[k] && !run.from_scratch.count(cls))
            if (ClassTables t = mapped_from_scratch(dir, cls, run.options.rules); !t.empty()) {
                run.from_scratch[cls] = std::move(t);
                continue;
            }
        if (run.from_scratch.count(cls)) continue;
        // Solved, it reads every class its moves lead into. In a run of one class, every other is
        // read back, never solved (solve: its files must be valid), and reads those its captures
        // lead into alone (capture_needs); in a run of every class, one read back is solved again
        // if its files turn out not complete.
        const bool read_back_only = run.options.only && !asked;
        for (const Material& n : read_back_only ? capture_needs(run.plan[k]) : run.plan[k].needs)
            if (auto it = at.find(n); it != at.end()) load[it->second] = true;
    }
}

// Sets the classes the run takes, in plan order: every class up to options.pieces, or
// options.only, every class its captures and promotions lead into, and, transitively, every
// class the captures of those lead into (each is read back, and the values of its don't-care
// positions are its best capture's, capture_needs), but for what a class read from its scratch
// files leads into (its don't-care positions are not searched again); then which are read
// back, and the budget. Throws std::runtime_error for a slice
// without its class, or an output folder holding files of another ruleset.
void start_run(Run& run) {
    const GenerateOptions& options = run.options;
    run.plan = plan_classes(options.only ? options.only->pieces() : options.pieces);
    if (options.only) {
        std::set<Material> keep{class_key(*options.only)};
        for (auto c = run.plan.rbegin(); c != run.plan.rend(); ++c) {
            if (!keep.count(c->material)) continue;
            if (c->material == class_key(*options.only)) {
                keep.insert(c->needs.begin(), c->needs.end());
                continue;
            }
            if (ClassTables t = mapped_from_scratch(options.out_dir, c->material, options.rules); !t.empty()) {
                run.from_scratch[c->material] = std::move(t);
                continue;
            }
            // Read back (every class but the one asked for): its don't-care positions read the
            // classes its captures lead into.
            const std::vector<Material> read = capture_needs(*c);
            keep.insert(read.begin(), read.end());
        }
        std::erase_if(run.plan, [&](const ClassPlan& c) { return !keep.count(c.material); });
    }
    if (options.slice >= 0 && (!options.only || !has_men(*options.only)))
        throw std::runtime_error("a slice is solved alone only with one class that has men (--material)");
    if (const std::string problem = foreign_ruleset(options.out_dir, run.plan, options.rules); !problem.empty())
        throw std::runtime_error(problem);
    for (const ClassPlan& c : run.plan) run.total += class_positions(c.material);
    run.budget = options.memory ? options.memory : default_memory_budget();
    run.read_cache = read_cache_of(run.budget, options.read_cache);
    // With --material, every other class is read back (a missing one is an error, run_class).
    run.reused.resize(run.plan.size());
    for (std::size_t k = 0; k < run.plan.size(); ++k)
        run.reused[k] = (options.only && run.plan[k].material != class_key(*options.only)) ||
                        table_files_present(options.out_dir, run.plan[k].material);
    // In a run of every class, a class done whose files are not valid is solved again: one read
    // by no class the run solves is not read at all (classes_to_load), which would not find out.
    if (!options.only)
        for (std::size_t k = 0; k < run.plan.size(); ++k)
            if (run.reused[k])
                run.reused[k] = class_files_problem(options.out_dir, run.plan[k].material, options.rules).empty();
    classes_to_load(run);
    run.in_slices.resize(run.plan.size());
    run.slice_count.resize(run.plan.size());
    run.need.resize(run.plan.size());
}

// The slices class k is cut into when no slice file says: as many as options.slice_count says,
// else as `damatb plan --pieces P` (P its pieces) lists its units: in the fewest that fit
// (slices_to_fit) if it does not fit whole there, in one per profile if it does.
int planned_count(const Run& run, std::size_t k) {
    const GenerateOptions& options = run.options;
    const Material& cls = run.plan[k].material;
    if (options.slices) return MenSlices::profile_count(cls);
    if (options.only && cls == class_key(*options.only)) { // the plan of every class, as `plan` has it
        if (options.slice_count > 0) return options.slice_count;
        const std::vector<ClassPlan> full = plan_classes(cls.pieces());
        const std::size_t at = std::size_t(
            std::find_if(full.begin(), full.end(), [&](const ClassPlan& c) { return c.material == cls; }) -
            full.begin());
        return run.budget && memory_estimate(full, at, {}, 0, run.read_cache) > run.budget
                   ? slices_to_fit(full, at, run.budget, {}, run.read_cache)
                   : MenSlices::profile_count(cls);
    }
    return slices_to_fit(run.plan, k, run.budget, {}, run.read_cache);
}

// The estimated need of class k, the classes `read_back` says read back; sets whether it is
// solved in slices (when asked, when it does not fit whole, or when the file of its first slice
// is there: its slices solved as units of their own, or a run stopped) and in how many (as that
// file says if they fit, else planned_count).
std::uint64_t need_of(Run& run, std::size_t k, const std::vector<bool>& read_back) {
    const GenerateOptions& options = run.options;
    const Material& cls = run.plan[k].material;
    const std::uint64_t budget = run.budget;
    const bool solved = k >= read_back.size() || !read_back[k];
    if (!solved) { // read back (read_back), or not read at all
        run.in_slices[k] = false, run.slice_count[k] = 0;
        const ReadFrom from = !run.load[k]                                 ? ReadFrom::NOTHING
                              : run.from_scratch.count(cls)                ? ReadFrom::SCRATCH_FILES
                              : class_stats(options.out_dir, cls).has_value() ? ReadFrom::VALUES
                                                                             : ReadFrom::RECORDS;
        return read_back_bytes(run.plan, k, from, run.read_cache);
    }
    const int in_files = solved && has_men(cls) ? solving::slice_file_count(run.slice_dir, cls) : 0;
    const bool too_large = budget && memory_estimate(run.plan, k, read_back, 0, run.read_cache) > budget;
    run.in_slices[k] = solved && has_men(cls) && (options.slices || options.slice >= 0 || in_files > 0 || too_large);
    run.slice_count[k] = !run.in_slices[k] ? 0
                         : in_files > 0 && (!budget || memory_estimate(run.plan, k, read_back, in_files, run.read_cache) <= budget)
                             ? in_files
                             : planned_count(run, k);
    return memory_estimate(run.plan, k, read_back, run.slice_count[k], run.read_cache);
}

// Refuses, before any work, a class whose need is above the budget and a slice its class does
// not have (std::runtime_error); says the largest need.
void check_budget(Run& run) {
    const GenerateOptions& options = run.options;
    std::size_t largest = 0;
    std::uint64_t largest_need = 0;
    for (std::size_t k = 0; k < run.plan.size(); ++k) {
        const std::uint64_t need = need_of(run, k, run.reused);
        run.need[k] = need;
        if (run.budget && need > run.budget)
            throw std::runtime_error(
                "class " + run.plan[k].material.class_name() + " needs about " + format_bytes(need) +
                (run.in_slices[k] ? " in slices" : "") + ", more than the memory budget of " +
                format_bytes(run.budget) + (options.memory ? " (--memory)" : " (this machine's memory less a margin)"));
        if (need > largest_need) largest = k, largest_need = need;
    }
    if (options.slice >= 0) {
        const std::size_t k = run.plan.size() - 1; // the class asked for comes last
        const int count = run.slice_count[k] ? run.slice_count[k] : planned_count(run, k); // 0: its tables are there
        if (options.slice >= count)
            throw std::runtime_error("class " + options.only->class_name() + " has " + std::to_string(count) +
                                     " slices, 0 to " + std::to_string(count - 1) + ", not slice " +
                                     std::to_string(options.slice));
    }
    run.say("memory: the largest need is " + run.plan[largest].material.class_name() + "'s, about " +
            format_bytes(largest_need) + (run.in_slices[largest] ? " in slices" : "") + " of a budget of " +
            format_bytes(run.budget) + ", the classes read within a read cache of " + format_bytes(run.read_cache));
}

// ---- One class.

constexpr double SLICE_LINE_EVERY = 5; // seconds

// The progress line of a slice of class cls done: the slices and positions of the class done
// so far (`done`, this slice's included), the time since the class began and the time left
// at that rate (the slices read back from their files not counted in it).
std::string slice_line(const Material& cls, int s, int count, std::uint64_t positions, bool read_back,
                       std::uint64_t done, std::uint64_t solved, double seconds) {
    const std::uint64_t total = class_positions(cls);
    const double left = solved > 0 && total > done ? seconds * double(total - done) / double(solved) : 0;
    char line[256];
    std::snprintf(line, sizeof line, "  %s slice %d/%d: %llu positions %s; %s so far, %s left; peak memory %s",
                  cls.class_name().c_str(), s + 1, count, (unsigned long long)positions,
                  read_back ? "read back from its slice file" : "solved", format_seconds(seconds).c_str(),
                  format_seconds(left).c_str(), format_bytes(peak_memory()).c_str());
    return line;
}

// The progress line of a table of class cls written from its slice files: `written` positions
// of the class's tables written in `seconds`, and the time left at that rate.
std::string written_line(const Material& cls, const Material& table, std::uint64_t written, double seconds) {
    const std::uint64_t total = class_positions(cls);
    const double left = written > 0 && total > written ? seconds * double(total - written) / double(written) : 0;
    char line[256];
    std::snprintf(line, sizeof line, "  %s: %s written from the slice files, %llu of %llu positions in %s (%.0f k/s), %s left",
                  cls.class_name().c_str(), table.table_name().c_str(), (unsigned long long)written,
                  (unsigned long long)total, format_seconds(seconds).c_str(), seconds > 0 ? double(written) / seconds / 1e3 : 0.0,
                  format_seconds(left).c_str());
    return line;
}

struct ReadBack {
    ClassTables tables; // fewer than the class has when some are not there or not valid
    bool from_scratch = false;
};

// The tables of class cls read back: from its scratch files when they were mapped when the run
// started (classes_to_load); else from its table files, its WDL5 alone when its statistics file
// is there too (`has_stats`: what later classes read of it), every record otherwise (its
// statistics made again).
ReadBack read_back(Run& run, const Material& cls, bool has_stats) {
    const GenerateOptions& options = run.options;
    ReadBack out;
    if (auto it = run.from_scratch.find(cls); it != run.from_scratch.end()) {
        out.tables = std::move(it->second);
        run.from_scratch.erase(it);
    }
    out.from_scratch = !out.tables.empty();
    // The classes its don't-care positions read, within the read cache.
    const ReadBound bound{run.read_cache, [&run](std::uint64_t n) { run.read_cache_releases += n; }};
    if (!out.from_scratch)
        for (const Material& m : tables_of(cls))
            if (auto t = has_stats ? read_solved_wdl(options.out_dir, m, options.rules, run.solved, options.threads, bound)
                                   : read_solved(options.out_dir, m, options.rules, run.solved, options.threads, bound))
                out.tables.push_back(t);
    return out;
}

// Class k solved, begun at t0, and its tables written; with options.slice, that slice alone
// solved into its slice file (the tables returned are then not the class's). Counts in
// `read_back_positions` the positions of its slices read back from their files. Throws
// std::runtime_error when the class is not the one asked for (--material: it must be there) or
// does not fit in the budget.
ClassTables solve(Run& run, std::size_t k, Clock::time_point t0, std::uint64_t& read_back_positions) {
    const GenerateOptions& options = run.options;
    const Material cls = run.plan[k].material;
    if (options.only && cls != class_key(*options.only)) {
        const std::string needs = "class " + options.only->class_name() + " needs " + cls.class_name();
        if (!table_files_present(options.out_dir, cls))
            throw std::runtime_error(needs + ", which is not in " + options.out_dir + " (generate it first)");
        const std::string problem = class_files_problem(options.out_dir, cls, options.rules);
        throw std::runtime_error(needs + ", whose files in " + options.out_dir + " are not valid" +
                                 (problem.empty() ? "" : " (" + problem + ")") + ": generate it again");
    }
    if (run.reused[k]) { // its files are not valid: solved after all
        const std::uint64_t need = need_of(run, k, {});
        run.need[k] = need;
        if (run.budget && need > run.budget)
            throw std::runtime_error("class " + cls.class_name() +
                                     " is to be solved (its files are not valid), which needs about " +
                                     format_bytes(need) + ", more than the memory budget of " +
                                     format_bytes(run.budget));
    }
    SolveOptions so;
    so.rules = options.rules;
    so.threads = options.threads;
    so.slices = run.in_slices[k];
    so.slice_count = run.slice_count[k];
    if (so.slices) run.say(cls.class_name() + ": solved in " + std::to_string(so.slice_count) + " slices");
    so.progress = options.detail;
    so.read_cache = run.read_cache;
    so.read_cache_released = [&run](std::uint64_t n) { run.read_cache_releases += n; };
    if (so.slices) {
        so.slice_dir = run.slice_dir;
        // A line when a few seconds have passed since the class began or the last line (a class
        // of 4 pieces has hundreds of slices, solved in a second).
        so.slice_done = [&run, &read_back_positions, cls, t0, done = std::uint64_t{0}, solved = std::uint64_t{0},
                         said = 0.0](int s, int count, std::uint64_t positions, bool read_back) mutable {
            done += positions;
            (read_back ? read_back_positions : solved) += positions;
            const double seconds = seconds_since(t0);
            if (seconds - said < SLICE_LINE_EVERY) return;
            said = seconds;
            run.say(slice_line(cls, s, count, positions, read_back, done, solved, seconds));
        };
    }
    so.only_slice = options.slice;
    ClassTables tables = solve_class(cls, run.solved, so);
    if (so.only_slice >= 0) return tables;
    // From slice files, a large class's tables take minutes to write: a line after each table,
    // with the rate and the time left.
    const auto w0 = Clock::now();
    std::uint64_t written = 0;
    for (const auto& t : tables) {
        write_solved(options.out_dir, *t, options.rules, options.threads);
        written += t->index.size();
        if (so.slices) run.say(written_line(cls, t->index.material(), written, seconds_since(w0)));
    }
    if (so.slices) solving::remove_slice_files(run.slice_dir, cls, MenSlices::profile_count(cls));
    return tables;
}

// Drops the classes that class k is the last to read, and gives back memory. In a run of every
// class, their scratch files go too: no class of the run reads them again, and a run started
// again reads neither them nor their classes (classes_to_load).
void drop_classes_read_last_by(Run& run, std::size_t k) {
    for (std::size_t j = 0; j <= k; ++j)
        if (run.last_reader[j] == k)
            for (const Material& m : tables_of(run.plan[j].material)) {
                run.solved.remove(m);
                if (!run.options.only) remove_wdl_scratch(run.options.out_dir, m);
            }
    // The next class brings back the pages of the classes it reads (held_classes_bytes).
    run.solved.for_each([](const SolvedTable& t) { release_wdl_pages(t); });
    malloc_trim(0);
}

// Keeps of class k's tables what later classes read, their WDL5 (mapped from scratch files,
// written now unless `from_scratch`), dropping the rest, with their statistics made on the way
// into `stats` when given; then drops the classes no later class reads and gives back memory.
void keep_for_readers(Run& run, std::size_t k, ClassTables& tables, bool from_scratch,
                      std::vector<TableStats>* stats) {
    const GenerateOptions& options = run.options;
    // Kept in scratch files for the classes that read it: later in this run, or in runs of other
    // classes (--material: the units of a run across machines).
    const bool read_later = options.only || run.last_reader[k] > k;
    for (std::shared_ptr<SolvedTable>& t : tables) {
        if (stats) stats->push_back(table_stats(*t, options.threads));
        if (!from_scratch && read_later) {
            save_wdl_scratch(options.out_dir, *t, options.rules, options.threads);
            const Material m = t->index.material();
            t = map_wdl_scratch(options.out_dir, m, options.rules);
            if (!t) throw std::runtime_error("cannot map " + wdl_scratch_path(options.out_dir, m) + ", just written");
        }
        t->drop_all_but_wdl();
        run.solved.add(t);
    }
    tables.clear();
    drop_classes_read_last_by(run, k);
}

// Says class k done: its progress line (positions, time, rate, the time left at the rate of the
// classes solved so far, peak memory), then its tables' statistics if it was solved. The rates
// count the positions solved, not those of slices read back from their files.
void say_class_done(Run& run, std::size_t k, const ClassReport& report) {
    const std::uint64_t n = class_positions(report.cls);
    const std::uint64_t solved = n - report.read_back;
    run.done += n;
    if (!report.reused) {
        run.solved_seconds += report.seconds;
        run.solved_positions += solved;
    }
    const double rate = run.solved_seconds > 0 ? double(run.solved_positions) / run.solved_seconds : 0;
    const double left = rate > 0 ? double(run.total - run.done) / rate : 0;
    char line[320];
    // The class's own peak, when it can be told apart from the run's, against its estimate.
    const std::string own = report.peak ? " (this class " + format_bytes(report.peak) + ", estimated " +
                                              format_bytes(report.estimate) + ")"
                                        : "";
    const std::string read_back_note =
        report.read_back ? ", " + std::to_string(report.read_back) + " of them read back from slice files" : "";
    std::snprintf(line, sizeof line, "[%zu/%zu] %s: %llu positions %s in %s (%.0f k/s%s); %s left; peak memory %s%s",
                  k + 1, run.plan.size(), report.cls.class_name().c_str(), (unsigned long long)n,
                  report.reused ? "reused" : "solved", format_seconds(report.seconds).c_str(),
                  report.seconds > 0 ? double(report.reused ? n : solved) / report.seconds / 1e3 : 0.0,
                  read_back_note.c_str(), format_seconds(left).c_str(), format_bytes(peak_memory()).c_str(), own.c_str());
    run.say(line + (report.read_cache_releases ? "; the classes read given back " +
                                                     std::to_string(report.read_cache_releases) +
                                                     " times to keep within the read cache"
                                               : std::string()));
    if (!report.reused)
        for (const TableStats& t : report.tables) run.say("  " + t.line());
}

// Class k read back from its files, or solved and written, then kept for the classes that read
// it, its statistics file written if it was not there; its report. With options.slice, when the
// class is solved, only that slice of it is (the report says it is not reused).
ClassReport run_class(Run& run, std::size_t k) {
    const GenerateOptions& options = run.options;
    const Material cls = run.plan[k].material;
    ClassReport report;
    report.cls = cls;
    const bool own_peak = reset_recent_peak_memory();
    const std::uint64_t releases_before = run.read_cache_releases;
    const auto t0 = Clock::now();
    const std::optional<std::vector<TableStats>> stats = class_stats(options.out_dir, cls);
    auto done = [&] {
        report.seconds = seconds_since(t0);
        if (own_peak) report.peak = recent_peak_memory();
        report.estimate = run.need[k];
        report.read_cache_releases = run.read_cache_releases - releases_before;
        say_class_done(run, k, report);
        return report;
    };
    if (!run.load[k]) { // done, and read by no class this run solves: its statistics alone
        report.reused = true;
        report.held = false;
        report.tables = *stats;
        drop_classes_read_last_by(run, k);
        return done();
    }
    ReadBack read = read_back(run, cls, stats.has_value());
    if (read.tables.size() == tables_of(cls).size()) {
        report.reused = true;
        if (stats) report.tables = *stats;
    } else {
        read.tables = solve(run, k, t0, report.read_back);
        if (options.slice >= 0) {
            report.seconds = seconds_since(t0);
            run.say(cls.class_name() + ".slice-" + std::to_string(options.slice) + ": done in " +
                    format_seconds(report.seconds) + ", in " +
                    solving::slice_file_path(run.slice_dir, cls, options.slice) + "; peak memory " +
                    format_bytes(peak_memory()));
            return report;
        }
    }
    const bool make_stats = !report.reused || !stats; // made again if lost
    keep_for_readers(run, k, read.tables, read.from_scratch, make_stats ? &report.tables : nullptr);
    if (make_stats) write_class_stats(options.out_dir, cls, report.tables);
    return done();
}

} // namespace

TableStats table_stats(const SolvedTable& t, int threads, std::uint64_t piece) {
    TableStats s;
    s.material = t.index.material();
    s.positions = t.index.size();
    // Each piece's share, on the threads, then joined in order: the first position of the
    // longest win or loss is the same whatever the thread count.
    struct Share {
        std::array<std::uint64_t, WDL5_NB> counts{};
        int rounds = 0, longest_win = -1, longest_loss = -1;
        std::uint64_t win_at = 0, loss_at = 0;
        std::array<std::uint64_t, 256> wins{}, losses{}; // by DTZ, a byte
    };
    std::vector<Range> pieces;
    for (std::uint64_t b = 0; b < s.positions; b += piece) pieces.push_back({b, std::min(s.positions, b + piece)});
    std::vector<Share> shares(pieces.size());
    for_each_of_chunks(pieces, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
        Share& out = shares[c];
        const Results r = t.results_in(b, e);
        for (std::size_t k = 0; k < r.wdl.size(); ++k) {
            const int dtz = r.dtz[k];
            ++out.counts[static_cast<std::size_t>(r.wdl[k])];
            out.rounds = std::max(out.rounds, int(r.round[k])); // kept for losses only
            if (r.wdl[k] == Wdl5::WIN) {
                ++out.wins[std::size_t(dtz)];
                if (dtz > out.longest_win) out.longest_win = dtz, out.win_at = b + k;
            }
            if (r.wdl[k] == Wdl5::LOSS) {
                ++out.losses[std::size_t(dtz)];
                if (dtz > out.longest_loss) out.longest_loss = dtz, out.loss_at = b + k;
            }
        }
    });
    std::uint64_t win_at = 0, loss_at = 0;
    std::vector<std::uint64_t> wins(256), losses(256);
    for (const Share& share : shares) {
        for (std::size_t v = 0; v < WDL5_NB; ++v) s.counts[v] += share.counts[v];
        s.rounds = std::max(s.rounds, share.rounds);
        for (std::size_t d = 0; d < 256; ++d) wins[d] += share.wins[d], losses[d] += share.losses[d];
        if (share.longest_win > s.longest_win) s.longest_win = share.longest_win, win_at = share.win_at;
        if (share.longest_loss > s.longest_loss) s.longest_loss = share.longest_loss, loss_at = share.loss_at;
    }
    if (s.longest_win >= 0) s.longest_win_fen = to_fen(t.index.position(win_at));
    if (s.longest_loss >= 0) s.longest_loss_fen = to_fen(t.index.position(loss_at));
    wins.resize(std::size_t(s.longest_win + 1));
    losses.resize(std::size_t(s.longest_loss + 1));
    s.dtz_counts = DtzCounts{std::move(wins), std::move(losses)};
    return s;
}

std::vector<std::size_t> last_readers(const std::vector<ClassPlan>& plan) {
    std::map<Material, std::size_t> last;
    for (std::size_t k = 0; k < plan.size(); ++k)
        for (const Material& n : plan[k].needs) last[n] = k;
    std::vector<std::size_t> out(plan.size());
    for (std::size_t k = 0; k < plan.size(); ++k) {
        auto it = last.find(plan[k].material);
        out[k] = it == last.end() ? k : it->second;
    }
    return out;
}

std::vector<ClassReport> generate(const GenerateOptions& options) {
    keep_freed_memory();
    Run run(options);
    start_run(run);
    check_budget(run);
    std::filesystem::create_directories(options.out_dir);
    run.last_reader = last_readers(run.plan);
    std::vector<ClassReport> reports;
    const auto start = Clock::now();
    for (std::size_t k = 0; k < run.plan.size(); ++k) {
        reports.push_back(run_class(run, k));
        if (options.slice >= 0 && !reports.back().reused) return reports; // the class is written by a later run
    }
    std::vector<Material> classes;
    for (const ClassPlan& c : run.plan) classes.push_back(c.material);
    end_run(options, classes, !options.only, start);
    return reports;
}

} // namespace damatb::gen
