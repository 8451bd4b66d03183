// damatb probe: the tables' value of a position and of each of its moves.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "answers/game_over.h"
#include "answers/probe_batch.h"
#include "answers/probe_json.h"
#include "answers/probe_report.h"
#include "cli/board_diagram.h"
#include "cli/commands.h"
#include "cli/tables.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"

namespace damatb::cli {

namespace {

using answers::color_name;

CommandSyntax probe_syntax() {
    CommandSyntax syntax(
        "damatb probe [options] FEN\n  damatb probe --batch [options] < LINES",
        "Looks FEN up in the tables, with the king-move counter at C (default 0): prints\n"
        "the board, the result at C (win, draw or loss for the side to move), WDL5 (win,\n"
        "cursed-win, draw, blessed-loss, loss: the value at counter 0, docs/values.md) and DTZ\n"
        "(plies to the next capture or man move with perfect play; '-' unless WDL5 is win\n"
        "or loss), then every legal move, best first, with its result and WDL5 for the side\n"
        "to move, the DTZ of the position after it, the counter after it and that position.\n"
        "When the game is over it says so instead of listing moves (with --json: an\n"
        "empty list, and the game-over line on stderr).\n"
        "With --json: {\"fen\", \"counter\", \"result\", \"wdl\", \"dtz\" (null unless win or\n"
        "loss), \"moves\": [{\"move\", \"fen\", \"result\", \"wdl\", \"dtz\", \"counter\"}, ...]}.\n"
        "With --batch: reads lines `FEN [COUNTER]` from standard input (the counter, 0 when\n"
        "left out, is the last word of the line when it is a number; blank lines are\n"
        "skipped) and writes for each the object of --json on one line, or {\"input\",\n"
        "\"error\"} for a line that cannot be answered, and goes on; --no-moves leaves the\n"
        "moves out. Exit code 1 when a line failed.\n"
        "Exit codes: 2 for a bad option, FEN or counter, or a tables folder that is not\n"
        "there; 1 for a class missing from it, a damaged table file, or one of another\n"
        "ruleset (the message names the file).");
    syntax.options.add_options()("json", "print the values as a JSON object")(
        "batch", "probe the positions of standard input, one per line, into JSON lines")(
        "no-moves", "with --batch: leave the moves out (faster)");
    add_tables_option(syntax);
    add_counter_option(syntax);
    add_ruleset_options(syntax);
    add_fen_argument(syntax);
    return syntax;
}

std::string dtz_text(int dtz) { return dtz < 0 ? "-" : std::to_string(dtz); }

void print_text(const answers::ProbeReport& report, const core::Ruleset& rules) {
    const auto& [pos, counter, v, moves] = report;
    std::cout << board_diagram(pos) << '\n'
              << "fen      " << core::to_fen(pos) << '\n'
              << "to move  " << color_name(pos.side_to_move()) << ", king-move counter "
              << counter << '\n'
              << "result   " << result_word(v.result) << '\n'
              << "wdl      " << wdl_word(v.wdl) << '\n'
              << "dtz      " << dtz_text(v.dtz) << '\n';
    if (auto over = answers::game_over_text(pos, rules)) {
        std::cout << '\n' << *over << '\n';
        return;
    }
    std::size_t width = 4;
    for (const probe::RootMove& m : moves) width = std::max(width, m.notation.size());
    std::cout << '\n'
              << moves.size() << (moves.size() == 1 ? " move" : " moves")
              << ", best first (result and wdl for " << color_name(pos.side_to_move())
              << ", dtz of the position after):\n";
    std::ostringstream out;
    out << std::left << std::setw(int(width) + 2) << "move" << std::setw(8) << "result"
        << std::setw(14) << "wdl" << std::right << std::setw(4) << "dtz" << std::setw(9)
        << "counter" << "  fen\n";
    for (const probe::RootMove& m : moves)
        out << std::left << std::setw(int(width) + 2) << m.notation << std::setw(8)
            << result_word(m.value.result) << std::setw(14) << wdl_word(m.value.wdl)
            << std::right << std::setw(4) << dtz_text(m.value.dtz) << std::setw(9)
            << m.counter_after << "  " << core::to_fen(bridge::to_core(m.after)) << '\n';
    std::cout << out.str();
}

} // namespace

int run_probe(const Args& args) {
    const CommandSyntax syntax = probe_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    if (vm->count("batch")) {
        if (has_fen_argument(*vm))
            throw UsageError("--batch reads its positions from standard input, not FEN");
        if (!(*vm)["counter"].defaulted())
            throw UsageError("--batch reads each counter from its line, not --counter");
        const core::Ruleset rules = ruleset_option(*vm);
        const auto tb = open_tables(tables_option(*vm, rules), rules);
        std::ios::sync_with_stdio(false);
        std::cin.tie(nullptr); // reading a line would flush the answers before it: probe_batch flushes
        // More input waiting on standard input (or its end): no need to flush the answers yet.
        auto input_waiting = [] {
            pollfd in{STDIN_FILENO, POLLIN, 0};
            return poll(&in, 1, 0) > 0;
        };
        return answers::probe_batch(std::cin, std::cout, *tb, rules, !vm->count("no-moves"), input_waiting) ? 1 : 0;
    }
    if (vm->count("no-moves")) throw UsageError("--no-moves goes with --batch");
    const PositionQuery q = position_query(*vm);
    const auto& [rules, counter, pos, dir, tb] = q;

    answers::ProbeReport report;
    if (probe::Status s = answers::probe_report(*tb, pos, counter, true, &report); s != probe::Status::OK)
        throw_probe_failure(s, pos);

    if (vm->count("json")) {
        std::cout << answers::probe_json(report, answers::MovesJson::LINES) << '\n';
        if (auto over = answers::game_over_text(pos, rules)) std::cerr << "damatb: " << *over << '\n';
    } else {
        print_text(report, rules);
    }
    return 0;
}

} // namespace damatb::cli
