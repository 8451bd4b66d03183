// damatb generate: solve every class up to N pieces into table files.
#include <cstdlib>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "gen/generate.h"
#ifdef DAMATB_MPI
#include "gen/generate_mpi.h"
#endif

namespace damatb::cli {

namespace {

// Whether this process was started by an MPI launcher: OpenMPI's mpirun (OMPI_COMM_WORLD_SIZE),
// or a PMI/PMIx launcher such as Slurm's srun (PMI_RANK, PMIX_RANK).
bool started_by_mpi() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_RANK", "PMIX_RANK"})
        if (std::getenv(name)) return true;
    return false;
}

} // namespace

int run_generate(const Args& args) {
    CommandSyntax syntax(
        "damatb generate [options]",
        "Solves every material class of 2 to N pieces (or one class, whose dependencies\n"
        "are already in the output folder) by retrograde analysis and writes one table\n"
        "file per class and side to move, with statistics beside them. Classes whose\n"
        "files are already there, complete and valid, are read back instead: an\n"
        "interrupted run resumes. Prints a progress line per class. A class whose\n"
        "estimated memory (`damatb plan --json`) is above the budget is solved in slices\n"
        "by its men's ranks if it has men and they fit (as few slices as fit: the fewer,\n"
        "the faster), and refused before any work if not.");
    syntax.options.add_options()("pieces", po::value<int>()->value_name("N")->default_value(3),
                                 "the largest number of pieces, 2 to 8")(
        "material", po::value<std::string>()->value_name("CLASS"),
        "generate this class only, e.g. KMvK")(
        "threads", po::value<int>()->value_name("T")->default_value(2), "threads to use")(
        "memory", po::value<double>()->value_name("GIB"),
        "the memory budget in GiB (default: this machine's memory less a sixteenth, at least "
        "1 GiB less)")(
        "read-cache", po::value<double>()->value_name("GIB"),
        "the most of the classes a class reads (one byte a position) held in memory at once "
        "while it looks up the moves that leave it, and of the slices done that a slice reads "
        "(3 bytes a position) and of its histories' runs (in an unnamed file in $TMPDIR, else "
        "/tmp), in GiB (default: a "
        "quarter of the budget, at most 4 GiB); the rest is read again from the kernel's page cache or from "
        "disk")(
        "slices", "solve every class with men slice by slice, one slice per profile of its "
        "men's ranks (the same tables, in the least memory)")(
        "slice", po::value<int>()->value_name("S"),
        "with --material: solve slice S (from 0) of the class alone, a work unit of `damatb "
        "plan --json`, into its file under unfinished/ in the output folder, from the files of "
        "the slices it needs; the class's tables are written by a run without --slice")(
        "verbose", "also print the solver's steps within each class, and where its time went by kind of step")(
        "out", po::value<std::string>()->value_name("DIR"),
        "the output folder (default: $DAMATB_TABLES if set, else tables/<ruleset name> "
        "under the working folder)")(
        "manifest", po::value<std::string>()->value_name("FILE"),
        "also write every table's statistics line to FILE (tables/manifest/ holds them)");
    add_ruleset_options(syntax);
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;

    gen::GenerateOptions options;
    options.rules = ruleset_option(*vm);
    options.pieces = (*vm)["pieces"].as<int>();
    if (options.pieces < 2 || options.pieces > 8) throw UsageError("--pieces must be from 2 to 8");
    options.threads = (*vm)["threads"].as<int>();
    if (options.threads < 1 || options.threads > 256) throw UsageError("--threads must be from 1 to 256");
    if (vm->count("material")) {
        auto m = core::parse_class_name((*vm)["material"].as<std::string>());
        if (!m) throw UsageError(m.error());
        if (m->mover.pieces() == 0 || m->other.pieces() == 0)
            throw UsageError("--material: each side needs at least one piece");
        if (m->pieces() > 8) throw UsageError("--material: at most 8 pieces");
        options.only = *m;
    }
    options.memory = gib_option(*vm, "memory");
    options.read_cache = gib_option(*vm, "read-cache");
    const char* env = std::getenv("DAMATB_TABLES");
    options.out_dir = vm->count("out") ? (*vm)["out"].as<std::string>()
                      : env && *env    ? std::string(env)
                                       : default_tables_dir(options.rules);
    options.slices = vm->count("slices") > 0;
    if (vm->count("slice")) {
        if (!options.only) throw UsageError("--slice needs --material, the class of the slice");
        options.slice = (*vm)["slice"].as<int>();
        if (options.slice < 0) throw UsageError("--slice must be 0 or more");
    }
    if (vm->count("manifest")) options.manifest = (*vm)["manifest"].as<std::string>();
    options.say = [](const std::string& line) { std::cout << line << std::endl; };
    if (vm->count("verbose"))
        options.detail = [](const std::string& line) { std::cout << "  " << line << std::endl; };
    try {
        if (started_by_mpi()) {
#ifdef DAMATB_MPI
            const auto error = [](const std::string& e) { std::cerr << "damatb: error: " << e << std::endl; };
            return gen::generate_with_mpi(options, error) ? 0 : 1;
#else
            std::cerr << "damatb: error: started by mpirun, but this damatb was built without MPI (build it with "
                         "-DDAMATB_MPI=ON; docs/cluster.md)\n";
            return 1;
#endif
        }
        std::cout << "ruleset " << options.rules.name() << ", tables in " << options.out_dir << '\n';
        gen::generate(options);
    } catch (const std::runtime_error& e) {
        std::cerr << "damatb: error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

} // namespace damatb::cli
