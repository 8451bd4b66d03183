// damatb perft: counts the positions reached after 1..N plies.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"

namespace damatb::cli {

namespace {

using Clock = std::chrono::steady_clock;

CommandSyntax perft_syntax() {
    CommandSyntax syntax(
        "damatb perft [options] [FEN]",
        "Counts the positions reached after exactly 1, 2, ..., N plies from FEN (the start\n"
        "position if none is given), one line `depth N: COUNT` per depth. Pure move\n"
        "generation: the one-piece-each and king-move rules do not apply.");
    syntax.options.add_options()
        ("depth,d", po::value<int>()->value_name("N")->default_value(6),
         "the last depth, 1 or more")
        ("divide", "first print `MOVE: COUNT` for each legal move: the last depth's count "
                   "below it")
        ("time", "at the end print `speed: LEAVES_PER_SECOND leaves/s in SECONDS s` for the "
                 "last depth");
    add_promotion_option(syntax);
    add_fen_argument(syntax);
    return syntax;
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Prints `MOVE: COUNT` for each legal move and returns their sum, perft(pos, depth).
std::uint64_t divide(const core::Position& pos, int depth, core::Promotion promotion) {
    core::MoveList moves;
    core::generate_moves(pos, promotion, moves);
    std::uint64_t total = 0;
    for (const core::Move& m : moves) {
        std::uint64_t count = core::perft(pos.after(m), depth - 1, promotion);
        total += count;
        std::cout << core::move_to_string(pos, m, promotion) << ": " << count << std::endl;
    }
    return total;
}

} // namespace

int run_perft(const Args& args) {
    const CommandSyntax syntax = perft_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const int depth = (*vm)["depth"].as<int>();
    if (depth < 1) throw UsageError("--depth must be 1 or more, not " + std::to_string(depth));
    const core::Promotion promotion = promotion_option(*vm);
    const core::Position pos = has_fen_argument(*vm) ? fen_argument(*vm) : core::Position::start();

    // The last depth's count and time; with --divide it is counted first, move by move.
    const bool divided = vm->count("divide") != 0;
    std::uint64_t last_count = 0;
    double last_seconds = 0;
    if (divided) {
        const auto start = Clock::now();
        last_count = divide(pos, depth, promotion);
        last_seconds = seconds_since(start);
    }
    for (int d = 1; d <= depth; ++d) {
        std::uint64_t count = last_count;
        if (d < depth || !divided) {
            const auto start = Clock::now();
            count = core::perft(pos, d, promotion);
            if (d == depth) {
                last_count = count;
                last_seconds = seconds_since(start);
            }
        }
        std::cout << "depth " << d << ": " << count << std::endl;
    }
    if (vm->count("time")) {
        const double rate = static_cast<double>(last_count) / std::max(last_seconds, 1e-9);
        char line[128];
        std::snprintf(line, sizeof line, "speed: %.0f leaves/s in %.3f s", rate, last_seconds);
        std::cout << line << '\n';
    }
    return 0;
}

} // namespace damatb::cli
