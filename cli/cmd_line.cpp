// damatb line: the best line from a position, both sides playing the tables' first move.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "answers/best_line.h"
#include "answers/game_over.h"
#include "answers/line_json.h"
#include "cli/commands.h"
#include "cli/tables.h"
#include "core/fen.h"

namespace damatb::cli {

namespace {

using answers::BestLine;
using answers::LinePly;

CommandSyntax line_syntax() {
    CommandSyntax syntax(
        "damatb line [options] FEN",
        "Plays the best line from FEN, with the king-move counter at C (default 0): each\n"
        "side in turn plays the move `damatb probe` lists first, until the game is over (no\n"
        "legal move, or the one-piece-each rule), a king move brings the counter to the\n"
        "limit (a draw), a position with the same side to move occurs a third time (a draw\n"
        "by repetition), or " +
            std::to_string(answers::DEFAULT_MAX_PLIES) +
            " plies are played. Prints one line per ply (number, move,\n"
            "counter after it, FEN after it), then the outcome.\n"
            "With --json: {\"fen\", \"counter\", \"moves\": [{\"move\", \"fen\", \"counter\", \"dtz\"},\n"
            "...] (dtz: of the position after the move, null unless win or loss),\n"
            "\"outcome\": {\"result\" (win, draw or loss for the side to move at the start;\n"
            "null when stopped), \"winner\" (white, black or null), \"reason\" (game-over,\n"
            "king-move-limit, repetition or ply-cap), \"text\"}}.\n"
            "Exit codes as for `damatb probe`.");
    syntax.options.add_options()("json", "print the line as a JSON object");
    add_tables_option(syntax);
    add_counter_option(syntax);
    add_ruleset_options(syntax);
    add_fen_argument(syntax);
    return syntax;
}

void print_text(const BestLine& line) {
    std::size_t width = 4;
    for (const LinePly& p : line.plies) width = std::max(width, p.move.size());
    std::ostringstream out;
    out << "start  " << core::to_fen(line.start) << ", " << answers::color_name(line.start.side_to_move())
        << " to move, king-move counter " << line.start_counter << '\n';
    if (!line.plies.empty())
        out << std::right << std::setw(5) << "ply" << "  " << std::left
            << std::setw(int(width) + 2) << "move" << std::right << std::setw(7) << "counter"
            << "  fen\n";
    for (std::size_t i = 0; i < line.plies.size(); ++i) {
        const LinePly& p = line.plies[i];
        out << std::right << std::setw(5) << i + 1 << "  " << std::left
            << std::setw(int(width) + 2) << p.move << std::right << std::setw(7) << p.counter
            << "  " << p.fen << '\n';
    }
    out << "outcome: " << answers::outcome_text(line) << " (" << line.plies.size()
        << (line.plies.size() == 1 ? " ply" : " plies") << ")\n";
    std::cout << out.str();
}

} // namespace

int run_line(const Args& args) {
    const CommandSyntax syntax = line_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const PositionQuery q = position_query(*vm);
    const auto& [rules, counter, pos, dir, tb] = q;

    const BestLine line = answers::play_best_line(*tb, rules, pos, counter);
    if (line.end == answers::LineEnd::TABLE_ERROR) {
        const core::Position at = line.plies.empty() ? line.start : line.plies.back().after;
        throw_probe_failure(line.status, at);
    }
    if (vm->count("json"))
        std::cout << answers::line_json(line) << '\n';
    else
        print_text(line);
    return 0;
}

} // namespace damatb::cli
