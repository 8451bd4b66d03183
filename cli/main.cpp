// damatb: the command-line tool. The first argument names a command; the
// table below maps each name to its one-line summary and its function.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include <sys/auxv.h>
#include <unistd.h>

#include "cli/commands.h"
#include "core/quote_input.h"

namespace {

using namespace damatb::cli;

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(const Args& args);
};

constexpr Command COMMANDS[] = {
    {"perft", "count the positions reached after 1..N plies", run_perft},
    {"moves", "list the legal moves of a position", run_moves},
    {"show", "print a position as a board diagram", run_show},
    {"generate", "solve every class up to N pieces into table files", run_generate},
    {"plan", "list the classes up to N pieces in the order they are solved", run_plan},
    {"probe", "the tables' value of a position and of each of its moves", run_probe},
    {"line", "play the best line from a position to the end of the game", run_line},
    {"info", "the classes in a tables folder, their sizes and statistics", run_info},
    {"verify", "check every table file's header and checksum (--deep: every value)", run_verify},
    {"annotate", "the tables' verdict on the endgames of PDN games", run_annotate},
    {"serve", "serve the tables over HTTP: a JSON API and a web explorer", run_serve},
};

constexpr int EXIT_USAGE = 2;
constexpr int EXIT_TABLES = 1; // a table missing, damaged or of another ruleset
constexpr int EXIT_INTERNAL = 1;

void print_help(std::ostream& out) {
    std::size_t width = 0;
    for (const Command& c : COMMANDS) width = std::max(width, c.name.size());
    out << "damatb " DAMATB_VERSION " - endgame tablebases for Turkish draughts\n\n"
           "Usage: damatb COMMAND [options] [arguments]\n"
           "       damatb COMMAND --help    the options of COMMAND\n"
           "       damatb --help | --version\n\n"
           "Commands:\n";
    for (const Command& c : COMMANDS)
        out << "  " << c.name << std::string(width - c.name.size() + 3, ' ') << c.summary
            << '\n';
    out << "\nA position is a FEN such as 'W:Wa2,b3,Kc5:Bd7,Ke4' (White to move; quote it in\n"
           "the shell). Mistakes in the command line or its input (an option, a FEN, a counter,\n"
           "a tables folder that is not there) exit with code 2; a table missing, damaged or\n"
           "of another ruleset, a failed verify, and internal failures with code 1. The\n"
           "table commands read, and generate writes, the folder --tables (generate: --out)\n"
           "names, else the one the environment variable DAMATB_TABLES names, else\n"
           "tables/<ruleset name> under the working folder.\n";
}

const Command* find_command(std::string_view name) {
    for (const Command& c : COMMANDS)
        if (c.name == name) return &c;
    return nullptr;
}

int dispatch(const std::vector<std::string>& argv) {
    if (argv.empty()) throw UsageError("missing command (see damatb --help)");
    const std::string& first = argv[0];
    if (first == "--help" || first == "-h" || first == "help") {
        if (first == "help" && argv.size() > 1) {
            // "damatb help perft" is "damatb perft --help".
            if (const Command* c = find_command(argv[1])) return c->run({"--help"});
            throw UsageError("unknown command " + damatb::core::quote_input(argv[1]) + " (see damatb --help)");
        }
        print_help(std::cout);
        return 0;
    }
    if (first == "--version") {
        std::cout << "damatb " DAMATB_VERSION "\n";
        return 0;
    }
    if (first.starts_with("-"))
        throw UsageError("unknown option " + damatb::core::quote_input(first) +
                         " (a command comes first; see damatb --help)");
    const Command* command = find_command(first);
    if (!command) throw UsageError("unknown command " + damatb::core::quote_input(first) + " (see damatb --help)");
    return command->run(Args(argv.begin() + 1, argv.end()));
}

// `generate` runs with the C library's heap on huge pages: the tool starts itself again, once,
// with the glibc tunable glibc.malloc.hugetlb=1 added to GLIBC_TUNABLES (read only when a
// program starts). The generator's work lists, hundreds of megabytes each, live on that heap
// (gen/generate.cpp), and their first touch on 4 KiB pages costs a fault every 4 KiB (what it
// gains: docs/performance.md, "What each change to the generator gained"). A
// GLIBC_TUNABLES that names glibc.malloc.hugetlb already is left as it is
// (glibc.malloc.hugetlb=0 turns this off), and if the restart fails the command runs as it is.
// A program run with raised privileges (AT_SECURE), whose tunables the C library ignores, is
// not restarted.
void restart_with_heap_on_huge_pages(int argc, char** argv) {
    constexpr std::string_view TUNABLE = "glibc.malloc.hugetlb";
    if (argc < 2 || std::string_view(argv[1]) != "generate" || getauxval(AT_SECURE)) return;
    const char* now = std::getenv("GLIBC_TUNABLES");
    std::string tunables = now ? now : "";
    if (tunables.find(TUNABLE) != std::string::npos) return;
    tunables += (tunables.empty() ? "" : ":") + std::string(TUNABLE) + "=1";
    if (setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0) return;
    execv("/proc/self/exe", argv);
}

} // namespace

int main(int argc, char** argv) {
    restart_with_heap_on_huge_pages(argc, argv);
    int code;
    try {
        code = dispatch(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const UsageError& e) {
        std::cout.flush();
        std::cerr << "damatb: error: " << e.what() << '\n';
        return EXIT_USAGE;
    } catch (const TableFailure& e) {
        std::cout.flush();
        std::cerr << "damatb: error: " << e.what() << '\n';
        return EXIT_TABLES;
    } catch (const std::exception& e) {
        std::cout.flush();
        std::cerr << "damatb: internal error: " << e.what() << '\n';
        return EXIT_INTERNAL;
    }
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "damatb: internal error: cannot write the output\n";
        return EXIT_INTERNAL;
    }
    return code;
}
