#include "gen/generate_mpi.h"

#include <mpi.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "core/format.h"
#include "gen/memory_budget.h"
#include "gen/output_folder.h"
#include "gen/slice_files.h"
#include "gen/work_units.h"

namespace damatb::gen {

namespace {

using ErrorSink = std::function<void(const std::string&)>;

enum Tag : int { REPORT = 1, WORK = 2, STOP = 3 };

// Waits for a message without spinning: OpenMPI's blocking receive polls at full speed, which
// would take a core from the solving processes while the one handing out work waits.
MPI_Status wait_for(int source, int tag) {
    MPI_Status status{};
    for (int flag = 0;;) {
        MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
        if (flag) return status;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

std::string receive_text(int source, int tag, int* from = nullptr) {
    const MPI_Status status = wait_for(source, tag);
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    std::string text(std::size_t(count), '\0');
    MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (from) *from = status.MPI_SOURCE;
    return text;
}

void send_text(const std::string& text, int to, int tag) {
    MPI_Send(text.data(), int(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Every process learns process 0's text.
std::string broadcast(std::string text) {
    long size = long(text.size());
    MPI_Bcast(&size, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    text.resize(std::size_t(size));
    MPI_Bcast(text.data(), int(size), MPI_CHAR, 0, MPI_COMM_WORLD);
    return text;
}

// Each process's problem ("" when none), gathered in process 0, in the order of the processes.
std::vector<std::string> gather(const std::string& problem, int rank, int size) {
    if (rank != 0) {
        send_text(problem, 0, REPORT);
        return {};
    }
    std::vector<std::string> all(static_cast<std::size_t>(size));
    all[0] = problem;
    for (int p = 1; p < size; ++p) all[std::size_t(p)] = receive_text(p, REPORT);
    return all;
}

std::string host_name() {
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    return name;
}

// Process 0, before any work: the folder made, a file written there for the others to find
// (the folder must be the same one for every process), the files there of the same ruleset.
std::string prepare_folder(const GenerateOptions& options, const std::vector<core::ClassPlan>& plan,
                           const std::string& mark) {
    std::error_code error;
    std::filesystem::create_directories(options.out_dir, error);
    if (error) return "cannot make the output folder " + options.out_dir + ": " + error.message();
    if (std::string problem = foreign_ruleset(options.out_dir, plan, options.rules); !problem.empty())
        return problem;
    std::ofstream out(options.out_dir + "/" + mark);
    out << mark << '\n';
    out.close();
    if (!out) return "cannot write in the output folder " + options.out_dir;
    return "";
}

// Another process: whether it sees process 0's file in the folder, and can write there.
std::string check_folder(const GenerateOptions& options, const std::string& mark, int rank) {
    const std::string where = "process " + std::to_string(rank) + " on " + host_name();
    std::ifstream in(options.out_dir + "/" + mark);
    std::string line;
    if (!std::getline(in, line) || line != mark)
        return where + " does not see the file " + mark + " that process 0 wrote in " + options.out_dir +
               ": the output folder must be one folder that every process shares";
    const std::string mine = options.out_dir + "/" + mark + "." + std::to_string(rank);
    std::ofstream out(mine);
    out << rank << '\n';
    out.close();
    std::error_code ignored;
    std::filesystem::remove(mine, ignored);
    if (!out) return where + " cannot write in the output folder " + options.out_dir;
    return "";
}

// Whether the output folder, made by process 0, holds no files of another ruleset and is one
// that every process sees and can write in; process 0 hands each problem to `error`.
bool folder_shared(const GenerateOptions& options, const std::vector<core::ClassPlan>& plan, int rank, int size,
                   const ErrorSink& error) {
    std::string mark = ".damatb-mpi-" + host_name() + "-" + std::to_string(getpid());
    const std::string problem = broadcast(rank == 0 ? prepare_folder(options, plan, mark) : "");
    if (!problem.empty()) {
        if (rank == 0) error(problem);
        return false;
    }
    mark = broadcast(mark);
    std::string failed;
    for (const std::string& p : gather(rank == 0 ? "" : check_folder(options, mark, rank), rank, size))
        if (!p.empty()) { // in process 0 only
            error(p);
            failed = "failed";
        }
    if (rank == 0) {
        std::error_code ignored;
        std::filesystem::remove(options.out_dir + "/" + mark, ignored);
    }
    return broadcast(failed).empty();
}

// What process 0 does: hands out the units until every one is done, says the progress, and
// ends the run (end_run). A unit that fails: its error to `error`, then MPI_Abort.
void hand_out(const GenerateOptions& options, const std::vector<core::ClassPlan>& plan,
              const std::vector<WorkUnit>& units, int size, const ErrorSink& error) {
    auto say = [&](const std::string& line) {
        if (options.say) options.say(line);
    };
    std::vector<bool> done(units.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        done[u] = class_files_present(options.out_dir, units[u].cls) ||
                  (units[u].slice >= 0 && std::filesystem::exists(solving::slice_file_path(
                                              options.out_dir + "/" + SLICE_FOLDER, units[u].cls, units[u].slice)));
    UnitQueue queue(units, done);
    std::uint64_t total = 0, solved = 0;
    for (std::size_t u = 0; u < units.size(); ++u)
        if (!done[u] && units[u].slice < 0) total += units[u].positions;
    say(std::to_string(units.size()) + " work units (" + std::to_string(queue.done_count()) +
        " done already), handed out to " + std::to_string(size - 1) + " processes of " +
        std::to_string(options.threads) + (options.threads == 1 ? " thread" : " threads"));

    const auto start = std::chrono::steady_clock::now();
    std::vector<long> busy(std::size_t(size), -1); // the unit each process is solving
    std::vector<int> idle;
    for (int stopped = 0; stopped < size - 1;) {
        int from = 0;
        const std::string report = receive_text(MPI_ANY_SOURCE, REPORT, &from);
        const long unit = busy[std::size_t(from)];
        busy[std::size_t(from)] = -1;
        if (unit >= 0) {
            const WorkUnit& u = units[std::size_t(unit)];
            if (!report.empty()) {
                error("process " + std::to_string(from) + ", unit " + u.name + ": " + report);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            queue.finish(std::size_t(unit));
            if (u.slice < 0) solved += u.positions;
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double rate = seconds > 0 ? double(solved) / seconds : 0;
            char line[320];
            std::snprintf(line, sizeof line, "[%zu/%zu units] %s by process %d; %.0f k positions/s; %s so far, %s left",
                          queue.done_count(), units.size(), u.name.c_str(), from, rate / 1e3,
                          core::format_seconds(seconds).c_str(),
                          core::format_seconds(rate > 0 ? double(total - solved) / rate : 0).c_str());
            say(line);
        }
        idle.push_back(from);
        // Hand out what is ready now; stop the idle processes once there is nothing left to do.
        while (!idle.empty()) {
            const long next = queue.take();
            if (next >= 0) {
                busy[std::size_t(idle.back())] = next;
                MPI_Send(&next, 1, MPI_LONG, idle.back(), WORK, MPI_COMM_WORLD);
                idle.pop_back();
            } else if (queue.all_done()) {
                MPI_Send(&next, 1, MPI_LONG, idle.back(), STOP, MPI_COMM_WORLD);
                idle.pop_back();
                ++stopped;
            } else {
                break; // waiting on units being solved
            }
        }
    }
    std::vector<core::Material> classes;
    for (const core::ClassPlan& c : plan) classes.push_back(c.material);
    end_run(options, classes, true, start);
}

// What the other processes do: solve the units they are given until told to stop.
void solve_units(const GenerateOptions& options, const std::vector<WorkUnit>& units) {
    // A test hook (tests/test_mpi.sh): the process given this unit dies at once, as if killed.
    const char* die_at = std::getenv("DAMATB_TEST_DIE_AT_UNIT");
    std::string report;
    for (;;) {
        send_text(report, 0, REPORT);
        const MPI_Status status = wait_for(0, MPI_ANY_TAG);
        long unit = -1;
        MPI_Recv(&unit, 1, MPI_LONG, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (status.MPI_TAG == STOP) return;
        const WorkUnit& u = units[std::size_t(unit)];
        if (die_at && u.name == die_at) std::raise(SIGKILL);
        GenerateOptions one = options;
        one.only = u.cls;
        one.slice = u.slice;
        one.slices = options.slices; // a slice, or a class from its slice files, is solved in slices
        one.slice_count = u.slice_count;
        one.manifest.clear();
        one.say = nullptr;
        one.detail = nullptr;
        report.clear();
        try {
            generate(one);
        } catch (const std::exception& e) {
            report = e.what();
            if (report.empty()) report = "failed";
        }
    }
}

} // namespace

bool generate_with_mpi(const GenerateOptions& options, const ErrorSink& error) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    auto fail = [&](const std::string& problem) {
        if (rank == 0) error(problem);
        MPI_Finalize();
        return false;
    };
    if (size < 2)
        return fail("generate under MPI needs at least 2 processes (one hands out the work units, the others "
                    "solve them); without mpirun it runs on this machine alone");
    if (options.only) return fail("--material is not for a run under MPI: it hands out every class up to --pieces");
    if (options.slice >= 0) return fail("--slice is not for a run under MPI");

    const std::vector<core::ClassPlan> plan = core::plan_classes(options.pieces);
    // The units are the same list in every process, so a unit is sent as its place in it: every
    // process takes process 0's budget, which says how many slices a class is cut into.
    GenerateOptions shared = options;
    shared.memory = options.memory ? options.memory : default_memory_budget();
    shared.read_cache = read_cache_of(shared.memory, options.read_cache);
    MPI_Bcast(&shared.memory, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    MPI_Bcast(&shared.read_cache, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    const std::vector<WorkUnit> units = work_units(plan, shared.memory, options.slices, shared.read_cache);
    if (!folder_shared(options, plan, rank, size, error)) {
        MPI_Finalize();
        return false;
    }
    if (rank == 0) {
        if (options.say)
            options.say("ruleset " + options.rules.name() + ", tables in " + options.out_dir + ", " +
                        std::to_string(size) + " processes");
        hand_out(shared, plan, units, size, error);
    } else {
        solve_units(shared, units);
    }
    MPI_Finalize();
    return true;
}

} // namespace damatb::gen
