#include "gen/generate.h"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "core/fen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "gen/men_slices.h"
#include "gen/slice_files.h"
#include "gen/solver.h"
#include "gen/table_io.h"
#include "gen/wdl_scratch.h"

namespace damatb::gen {

namespace {

using namespace core;

// The statistics in class cls's statistics file in dir, if it is there and holds one line for
// each of the class's tables, in order.
std::optional<std::vector<TableStats>> stats_of(const std::string& dir, const Material& cls) {
    const Result<std::vector<TableStats>> read = read_stats_file(dir + "/" + stats_file_name(cls));
    if (!read) return std::nullopt;
    const std::vector<Material> tables = tables_of(cls);
    if (read->size() != tables.size()) return std::nullopt;
    for (std::size_t t = 0; t < tables.size(); ++t)
        if ((*read)[t].material != tables[t] || (*read)[t].positions != TableIndex(tables[t]).size())
            return std::nullopt;
    return *read;
}

void write_stats(const std::string& dir, const Material& cls, const std::vector<TableStats>& stats) {
    const std::string problem = write_stats_file(dir + "/" + stats_file_name(cls), stats);
    if (!problem.empty()) throw std::runtime_error(problem);
}

// The solver's work lists, hundreds of megabytes each, are made and dropped at every step. The C
// library would map each from the kernel and give it back when freed, and the kernel clear every
// page anew at its first touch (a tenth of the time of a class of 10^8 positions went to that).
// Kept in the heap instead, freed memory is reused as it is; it goes back to the kernel after
// each class (malloc_trim), so that what one class freed does not add to the next one's peak.
void keep_freed_memory() {
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

// Whether every table file of class cls is in dir (not whether it is valid: reading it says).
bool files_present(const std::string& dir, const Material& cls) {
    for (const Material& m : tables_of(cls))
        if (!std::filesystem::exists(dir + "/" + table_file_name(m, TableContents::VALUES)))
            return false;
    return true;
}

// The process's peak resident memory so far.
std::uint64_t peak_memory() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return std::uint64_t(usage.ru_maxrss) << 10; // KiB
}

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

// The tables of class cls, their WDL5 mapped from their scratch files in dir, when its
// statistics file and every table's scratch file are there and valid; none otherwise.
std::vector<std::shared_ptr<SolvedTable>> mapped_from_scratch(const std::string& dir, const Material& cls,
                                                              const Ruleset& rules) {
    if (!stats_of(dir, cls)) return {};
    std::vector<std::shared_ptr<SolvedTable>> tables;
    for (const Material& m : tables_of(cls)) {
        std::shared_ptr<SolvedTable> t = map_wdl_scratch(dir, m, rules);
        if (!t) return {};
        tables.push_back(std::move(t));
    }
    return tables;
}

} // namespace

std::string foreign_ruleset(const std::string& dir, const std::vector<ClassPlan>& plan, const Ruleset& rules) {
    for (const ClassPlan& c : plan)
        for (const Material& m : tables_of(c.material))
            for (TableContents contents : {TableContents::VALUES, TableContents::PROGRESS}) {
                const std::string path = dir + "/" + table_file_name(m, contents);
                if (!std::filesystem::exists(path)) continue;
                const OpenedTable opened = open_table(path);
                if (opened.status.ok() && opened.file.header().ruleset != rules)
                    return path + " was made under ruleset " + opened.file.header().ruleset.name() +
                           ", not " + rules.name() + ": name another output folder (--out)";
            }
    return "";
}

bool class_files_present(const std::string& dir, const Material& cls) {
    return files_present(dir, cls) && std::filesystem::exists(dir + "/" + stats_file_name(cls));
}

bool has_men(const Material& cls) { return cls.mover.men + cls.other.men > 0; }

std::uint64_t class_positions(const Material& cls) {
    // Remembered: making a table's index takes milliseconds at 7 pieces, and a plan's estimates
    // ask for each earlier class's positions again for every class.
    static std::mutex mutex;
    static std::map<Material, std::uint64_t> known;
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, added] = known.try_emplace(cls, 0);
    if (added)
        for (const Material& m : tables_of(cls)) it->second += TableIndex(m).size();
    return it->second;
}

std::uint64_t physical_memory() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

std::uint64_t default_memory_budget() {
    const std::uint64_t memory = physical_memory();
    const std::uint64_t margin = std::max<std::uint64_t>(memory / 16, std::uint64_t{1} << 30);
    return memory > margin ? memory - margin : memory;
}

std::string format_seconds(double s) {
    char buf[32];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%.1f s", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%d min %02d s", int(s) / 60, int(s) % 60);
    else
        std::snprintf(buf, sizeof buf, "%d h %02d min", int(s) / 3600, int(s) / 60 % 60);
    return buf;
}

std::string format_bytes(std::uint64_t bytes) {
    char buf[32];
    if (bytes >= (std::uint64_t{1} << 30))
        std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(1 << 30));
    else
        std::snprintf(buf, sizeof buf, "%llu MiB", (unsigned long long)(bytes >> 20));
    return buf;
}

TableStats table_stats(const SolvedTable& t) {
    TableStats s;
    s.material = t.index.material();
    s.positions = t.wdl.size();
    std::uint64_t win_at = 0, loss_at = 0;
    for (std::uint64_t i = 0; i < t.wdl.size(); ++i) {
        ++s.counts[static_cast<std::size_t>(t.wdl[i])];
        s.rounds = std::max(s.rounds, int(t.round[i])); // kept for losses only
        if (t.wdl[i] == Wdl5::WIN && t.dtz[i] > s.longest_win) {
            s.longest_win = t.dtz[i];
            win_at = i;
        }
        if (t.wdl[i] == Wdl5::LOSS && t.dtz[i] > s.longest_loss) {
            s.longest_loss = t.dtz[i];
            loss_at = i;
        }
    }
    if (s.longest_win >= 0) s.longest_win_fen = to_fen(t.index.position(win_at));
    if (s.longest_loss >= 0) s.longest_loss_fen = to_fen(t.index.position(loss_at));
    return s;
}

std::string manifest_text(const std::vector<ClassReport>& reports) {
    std::string text;
    for (const ClassReport& r : reports)
        for (const TableStats& t : r.tables) text += t.line() + "\n";
    return text;
}

void write_manifest(const std::string& path, const std::string& text) {
    std::ofstream out(path + ".tmp");
    out << text;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path);
    std::filesystem::rename(path + ".tmp", path);
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

namespace {

// The solver's bytes per position of what it solves, a class or a slice (docs/six-pieces.md,
// "The memory estimate").
constexpr std::uint64_t SOLVER_BYTES = 44;

// What a class solved in slices holds for its whole length: its results (WDL5, DTZ and round,
// 3 bytes) and a few bits of marks per position.
std::uint64_t results_bytes(const Material& cls) { return class_positions(cls) * 7 / 2; }

// slice_solver_bytes from the class's profiles (MenSlices::estimate).
std::vector<std::uint64_t> slice_bytes(const Material& cls, const std::vector<MenSlices::Slice>& profiles, int count) {
    // The class's results (results_bytes), then the solver's SOLVER_BYTES per position of the
    // slice (as whole, below) with the 5 bytes (record, value without the limit) it keeps of each
    // slice done that this slice or one still to come reads.
    const std::uint64_t results = results_bytes(cls);
    const std::vector<MenSlices::Slice> slices = MenSlices::cut(profiles, count);
    const std::vector<std::vector<int>> leads = MenSlices::cut_leads_into(profiles, count, tables_of(cls).size() == 1);
    // Slice d is kept from slice d + 1 to its last reader: counted in from, counted out after.
    std::vector<std::uint64_t> from(slices.size() + 1), after(slices.size() + 1);
    const std::vector<int> last_reader = MenSlices::last_readers(leads);
    for (std::size_t d = 0; d < slices.size(); ++d)
        if (std::size_t(last_reader[d]) > d)
            from[d + 1] += slices[d].positions, after[std::size_t(last_reader[d]) + 1] += slices[d].positions;
    std::vector<std::uint64_t> out;
    std::uint64_t kept = 0; // the positions of the slices done that this slice or a later one reads
    for (std::size_t s = 0; s < slices.size(); ++s) {
        kept += from[s];
        kept -= after[s];
        out.push_back(results + SOLVER_BYTES * slices[s].positions + 5 * kept);
    }
    return out;
}

} // namespace

std::vector<std::uint64_t> slice_solver_bytes(const Material& cls, int count) {
    return slice_bytes(cls, MenSlices::estimate(cls), count);
}

std::uint64_t sliced_solver_bytes(const Material& cls, int count) {
    const std::vector<std::uint64_t> slices = slice_solver_bytes(cls, count);
    return *std::max_element(slices.begin(), slices.end());
}

int slices_to_fit(const std::vector<ClassPlan>& plan, std::size_t k, std::uint64_t budget,
                  const std::vector<bool>& reused) {
    const Material& cls = plan[k].material;
    const std::vector<MenSlices::Slice> profiles = MenSlices::estimate(cls);
    const int most = int(profiles.size());
    if (k < reused.size() && reused[k]) return most; // read back, not solved
    const std::uint64_t held = held_classes_bytes(plan, k); // memory_estimate's, besides the solver's
    const std::uint64_t within = budget / 5 * 4;
    // A slice of `count` holds at least the class's positions / count: fewer cannot fit.
    const std::uint64_t results = results_bytes(cls);
    auto fits = [&](int count) {
        const std::vector<std::uint64_t> bytes = slice_bytes(cls, profiles, count);
        return *std::max_element(bytes.begin(), bytes.end()) + held <= within;
    };
    if (within <= held + results || !fits(most)) return most; // not even in the most slices
    const std::uint64_t fewest = SOLVER_BYTES * class_positions(cls) / (within - held - results);
    for (int count = int(std::max<std::uint64_t>(2, std::min<std::uint64_t>(fewest, std::uint64_t(most))));
         count < most; ++count)
        if (fits(count)) return count;
    return most;
}

std::uint64_t held_classes_bytes(const std::vector<ClassPlan>& plan, std::size_t k) {
    std::uint64_t bytes = 0;
    for (const Material& n : plan[k].needs) bytes += class_positions(n);
    return bytes + (64u << 20);
}

std::uint64_t memory_estimate(const std::vector<ClassPlan>& plan, std::size_t k,
                              const std::vector<bool>& reused, int slices) {
    // Solver: eight bytes of state (then six, without the limit), three of results and its
    // work lists, with the freed memory the C library keeps (keep_freed_memory): at most 44
    // bytes in all per position of the class (docs/six-pieces.md, "The memory estimate"); in
    // slices, sliced_solver_bytes. A class read back holds its three bytes of results while it
    // is read. Then the WDL5 of every earlier class a later one still reads, one byte per
    // position.
    const Material& cls = plan[k].material;
    const bool read_back = k < reused.size() && reused[k];
    std::uint64_t bytes = read_back ? class_positions(cls) * 4
                          : slices > 0 && has_men(cls) ? sliced_solver_bytes(cls, slices)
                                                   : class_positions(cls) * SOLVER_BYTES;
    return bytes + held_classes_bytes(plan, k);
}

std::vector<ClassReport> generate(const GenerateOptions& options) {
    keep_freed_memory();
    std::vector<ClassPlan> plan = plan_classes(options.only ? options.only->pieces() : options.pieces);
    // The classes read back from their WDL5 scratch files (gen/wdl_scratch.h), by class.
    std::map<Material, std::vector<std::shared_ptr<SolvedTable>>> from_scratch;
    if (options.only) {
        // The class and everything its captures and promotions lead into, transitively, but for
        // what a class read from its scratch files leads into: its don't-care positions are not
        // searched again.
        std::set<Material> keep{class_key(*options.only)};
        for (auto c = plan.rbegin(); c != plan.rend(); ++c) {
            if (!keep.count(c->material)) continue;
            if (c->material != class_key(*options.only))
                if (auto tables = mapped_from_scratch(options.out_dir, c->material, options.rules); !tables.empty()) {
                    from_scratch[c->material] = std::move(tables);
                    continue;
                }
            keep.insert(c->needs.begin(), c->needs.end());
        }
        std::erase_if(plan, [&](const ClassPlan& c) { return !keep.count(c.material); });
    }
    auto say = [&](const std::string& line) {
        if (options.say) options.say(line);
    };
    if (options.slice >= 0 && (!options.only || !has_men(*options.only)))
        throw std::runtime_error("a slice is solved alone only with one class that has men (--material)");

    if (const std::string problem = foreign_ruleset(options.out_dir, plan, options.rules); !problem.empty())
        throw std::runtime_error(problem);
    std::uint64_t total = 0, done = 0;
    for (const ClassPlan& c : plan) total += class_positions(c.material);
    // Refused before any work: a class that would not fit in the budget.
    const std::uint64_t budget = options.memory ? options.memory : default_memory_budget();
    std::vector<bool> reused(plan.size());
    // With --material, every other class is read back (a missing one is an error, below).
    for (std::size_t k = 0; k < plan.size(); ++k)
        reused[k] = (options.only && plan[k].material != class_key(*options.only)) ||
                    files_present(options.out_dir, plan[k].material);
    // A class with men is solved in slices when asked, when it does not fit whole, or when the
    // file of its first slice is there (its slices solved as units of their own, or a run
    // stopped). In as many as options.slice_count says, or that file says if they fit; else as
    // `damatb plan --pieces P` (P its pieces) lists its units: in the fewest that fit
    // (slices_to_fit) if it does not fit whole there, in one per profile if it does.
    const std::string slice_dir = options.out_dir + "/" + SLICE_FOLDER;
    std::vector<bool> in_slices(plan.size());
    std::vector<int> slice_count(plan.size());
    auto planned_count = [&](std::size_t k) {
        const Material& cls = plan[k].material;
        if (options.slices) return MenSlices::profile_count(cls);
        if (options.only && cls == class_key(*options.only)) { // the plan of every class, as `plan` has it
            if (options.slice_count > 0) return options.slice_count;
            const std::vector<ClassPlan> full = plan_classes(cls.pieces());
            const std::size_t at = std::size_t(std::find_if(full.begin(), full.end(), [&](const ClassPlan& c) {
                                                   return c.material == cls;
                                               }) - full.begin());
            return budget && memory_estimate(full, at) > budget ? slices_to_fit(full, at, budget)
                                                                : MenSlices::profile_count(cls);
        }
        return slices_to_fit(plan, k, budget);
    };
    auto need_of = [&](std::size_t k, const std::vector<bool>& read_back) {
        const Material& cls = plan[k].material;
        const bool solved = k >= read_back.size() || !read_back[k];
        const int in_files = solved && has_men(cls) ? solving::slice_file_count(slice_dir, cls) : 0;
        const bool too_large = budget && memory_estimate(plan, k, read_back) > budget;
        in_slices[k] = solved && has_men(cls) && (options.slices || options.slice >= 0 || in_files > 0 || too_large);
        slice_count[k] = !in_slices[k] ? 0
                         : in_files > 0 && (!budget || memory_estimate(plan, k, read_back, in_files) <= budget)
                             ? in_files
                             : planned_count(k);
        return memory_estimate(plan, k, read_back, slice_count[k]);
    };
    std::size_t largest = 0;
    std::uint64_t largest_need = 0;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        const std::uint64_t need = need_of(k, reused);
        if (budget && need > budget)
            throw std::runtime_error(
                "class " + plan[k].material.class_name() + " needs about " + format_bytes(need) +
                (in_slices[k] ? " in slices" : "") + ", more than the memory budget of " + format_bytes(budget) +
                (options.memory ? " (--memory)" : " (this machine's memory less a margin)"));
        if (need > largest_need) largest = k, largest_need = need;
    }
    if (options.slice >= 0) {
        const std::size_t k = plan.size() - 1; // the class asked for comes last
        const int count = slice_count[k] ? slice_count[k] : planned_count(k); // 0: its tables are there
        if (options.slice >= count)
            throw std::runtime_error("class " + options.only->class_name() + " has " + std::to_string(count) +
                                     " slices, 0 to " + std::to_string(count - 1) + ", not slice " +
                                     std::to_string(options.slice));
    }
    say("memory: the largest need is " + plan[largest].material.class_name() + "'s, about " +
        format_bytes(largest_need) + (in_slices[largest] ? " in slices" : "") + " of a budget of " +
        format_bytes(budget));
    std::filesystem::create_directories(options.out_dir);

    // What later classes read of the classes solved: their WDL5, as long as one of them
    // captures or promotes into it.
    SolvedTables solved;
    const std::vector<std::size_t> last_reader = last_readers(plan);
    std::vector<ClassReport> reports;
    const auto start = std::chrono::steady_clock::now();
    double solved_seconds = 0;
    std::uint64_t solved_positions = 0;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        const Material cls = plan[k].material;
        const bool wanted = !options.only || cls == class_key(*options.only);
        ClassReport report{cls, {}, false, 0};
        const auto t0 = std::chrono::steady_clock::now();

        // A class already there is read back: its WDL5 alone when its statistics file is there
        // too (what later classes read of it), every record otherwise (its statistics made).
        // From its scratch files when they are there.
        std::vector<std::shared_ptr<SolvedTable>> tables;
        const std::optional<std::vector<TableStats>> stats = stats_of(options.out_dir, cls);
        if (auto it = from_scratch.find(cls); it != from_scratch.end()) {
            tables = std::move(it->second);
            from_scratch.erase(it);
        } else if (stats) {
            tables = mapped_from_scratch(options.out_dir, cls, options.rules);
        }
        const bool scratch_read = !tables.empty();
        if (!scratch_read)
            for (const Material& m : tables_of(cls))
                if (auto t = stats ? read_solved_wdl(options.out_dir, m, options.rules, solved, options.threads)
                                   : read_solved(options.out_dir, m, options.rules, solved, options.threads))
                    tables.push_back(t);
        if (tables.size() == tables_of(cls).size()) {
            report.reused = true;
            if (stats) report.tables = *stats;
        } else if (!wanted) {
            throw std::runtime_error("class " + options.only->class_name() + " needs " +
                                     cls.class_name() + ", which is not in " + options.out_dir +
                                     " (generate it first)");
        } else {
            if (reused[k] && budget && need_of(k, {}) > budget)
                throw std::runtime_error("class " + cls.class_name() +
                                         " is to be solved (its files are not valid), which needs about " +
                                         format_bytes(need_of(k, {})) +
                                         ", more than the memory budget of " + format_bytes(budget));
            if (reused[k]) need_of(k, {});
            SolveOptions so;
            so.rules = options.rules;
            so.threads = options.threads;
            so.slices = in_slices[k];
            so.slice_count = slice_count[k];
            if (so.slices) say(cls.class_name() + ": solved in " + std::to_string(slice_count[k]) + " slices");
            so.progress = options.detail;
            if (so.slices) {
                so.slice_dir = slice_dir;
                // A line when a few seconds have passed since the class began or the last line (a class
                // of 4 pieces has hundreds of slices, solved in a second).
                so.slice_done = [&, t0, done = std::uint64_t{0}, solved = std::uint64_t{0}, said = 0.0](
                                    int s, int count, std::uint64_t positions, bool read_back) mutable {
                    done += positions;
                    if (!read_back) solved += positions;
                    const double seconds =
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                    if (seconds - said < SLICE_LINE_EVERY) return;
                    said = seconds;
                    say(slice_line(cls, s, count, positions, read_back, done, solved, seconds));
                };
            }
            so.only_slice = wanted ? options.slice : -1;
            tables = solve_class(cls, solved, so);
            if (so.only_slice >= 0) {
                report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                say(cls.class_name() + ".slice-" + std::to_string(so.only_slice) + ": done in " +
                    format_seconds(report.seconds) + ", in " + solving::slice_file_path(slice_dir, cls, so.only_slice) +
                    "; peak memory " + format_bytes(peak_memory()));
                reports.push_back(std::move(report));
                return reports;
            }
            for (const auto& t : tables) write_solved(options.out_dir, *t, options.rules, options.threads);
            if (so.slices) solving::remove_slice_files(slice_dir, cls, MenSlices::profile_count(cls));
        }
        // Its WDL5 kept in scratch files for the classes that read it: later in this run, or in
        // runs of other classes (--material: the units of a run across machines).
        const bool read_later = options.only || last_reader[k] > k;
        for (std::shared_ptr<SolvedTable>& t : tables) {
            if (!report.reused || !stats) report.tables.push_back(table_stats(*t));
            t->dtz = std::vector<std::uint8_t>();
            t->round = std::vector<std::uint8_t>();
            t->must_capture = std::vector<std::uint64_t>();
            t->history = {};
            if (!scratch_read && read_later) {
                save_wdl_scratch(options.out_dir, *t, options.rules);
                const Material m = t->index.material();
                t = map_wdl_scratch(options.out_dir, m, options.rules);
                if (!t) throw std::runtime_error("cannot map " + wdl_scratch_path(options.out_dir, m) + ", just written");
            }
            solved.add(t);
        }
        tables.clear();
        for (std::size_t j = 0; j <= k; ++j)
            if (last_reader[j] == k)
                for (const Material& m : tables_of(plan[j].material)) solved.remove(m);
        // The next class brings back the pages of the classes it reads (held_classes_bytes).
        solved.for_each([](const SolvedTable& t) { release_wdl_pages(t); });
        malloc_trim(0);
        if (!report.reused || !stats) write_stats(options.out_dir, cls, report.tables); // made again if lost
        report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

        const std::uint64_t n = class_positions(cls);
        done += n;
        if (!report.reused) {
            solved_seconds += report.seconds;
            solved_positions += n;
        }
        const double rate = solved_seconds > 0 ? double(solved_positions) / solved_seconds : 0;
        const double left = rate > 0 ? double(total - done) / rate : 0;
        char line[256];
        std::snprintf(line, sizeof line, "[%zu/%zu] %s: %llu positions %s in %s (%.0f k/s); %s left; peak memory %s",
                      k + 1, plan.size(), cls.class_name().c_str(), (unsigned long long)n,
                      report.reused ? "reused" : "solved", format_seconds(report.seconds).c_str(),
                      report.seconds > 0 ? double(n) / report.seconds / 1e3 : 0.0,
                      format_seconds(left).c_str(), format_bytes(peak_memory()).c_str());
        say(line);
        if (!report.reused)
            for (const TableStats& t : report.tables) say("  " + t.line());
        reports.push_back(std::move(report));
    }
    if (!options.only) remove_wdl_scratch(options.out_dir); // every class that reads them done
    if (!options.manifest.empty()) write_manifest(options.manifest, manifest_text(reports));
    say("all done in " +
        format_seconds(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
    return reports;
}

} // namespace damatb::gen
