// damatb probe: the tables' value of a position and of each of its moves.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/board_diagram.h"
#include "cli/commands.h"
#include "cli/game_over.h"
#include "cli/json.h"
#include "cli/tables.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"

namespace damatb::cli {

namespace {

CommandSyntax probe_syntax() {
    CommandSyntax syntax(
        "damatb probe [options] FEN",
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
        "Exit codes: 2 for a bad option, FEN or counter, or a tables folder that is not\n"
        "there; 1 for a class missing from it, a damaged table file, or one of another\n"
        "ruleset (the message names the file).");
    syntax.options.add_options()("json", "print the values as a JSON object");
    add_tables_option(syntax);
    add_counter_option(syntax);
    add_ruleset_options(syntax);
    add_fen_argument(syntax);
    return syntax;
}

std::string dtz_text(int dtz) { return dtz < 0 ? "-" : std::to_string(dtz); }
std::string dtz_json(int dtz) { return dtz < 0 ? "null" : std::to_string(dtz); }

void print_json(const core::Position& pos, int counter, const probe::Value& v,
                const std::vector<probe::RootMove>& moves) {
    std::vector<std::string> elements;
    for (const probe::RootMove& m : moves)
        elements.push_back(json::Object()
                               .add_string("move", m.notation)
                               .add_string("fen", core::to_fen(bridge::to_core(m.after)))
                               .add_string("result", result_word(m.value.result))
                               .add_string("wdl", wdl_word(m.value.wdl))
                               .add_raw("dtz", dtz_json(m.value.dtz))
                               .add_number("counter", m.counter_after)
                               .str());
    std::cout << json::Object()
                     .add_string("fen", core::to_fen(pos))
                     .add_number("counter", counter)
                     .add_string("result", result_word(v.result))
                     .add_string("wdl", wdl_word(v.wdl))
                     .add_raw("dtz", dtz_json(v.dtz))
                     .add_raw("moves", json::array(elements))
                     .str()
              << '\n';
}

void print_text(const core::Position& pos, int counter, const probe::Value& v,
                const std::vector<probe::RootMove>& moves, const core::Ruleset& rules) {
    std::cout << board_diagram(pos) << '\n'
              << "fen      " << core::to_fen(pos) << '\n'
              << "to move  " << color_name(pos.side_to_move()) << ", king-move counter "
              << counter << '\n'
              << "result   " << result_word(v.result) << '\n'
              << "wdl      " << wdl_word(v.wdl) << '\n'
              << "dtz      " << dtz_text(v.dtz) << '\n';
    if (auto over = game_over_text(pos, rules)) {
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
    const PositionQuery q = position_query(*vm);
    const auto& [rules, counter, pos, dir, tb] = q;

    probe::Value value;
    if (probe::Status s = tb->probe(bridge::to_probe(pos), counter, &value); s != probe::Status::OK)
        throw_probe_failure(s, pos);
    std::vector<probe::RootMove> moves;
    if (probe::Status s = tb->probe_root(bridge::to_probe(pos), counter, &moves); s != probe::Status::OK)
        throw_probe_failure(s, pos);

    if (vm->count("json")) {
        print_json(pos, counter, value, moves);
        if (auto over = game_over_text(pos, rules)) std::cerr << "damatb: " << *over << '\n';
    } else {
        print_text(pos, counter, value, moves, rules);
    }
    return 0;
}

} // namespace damatb::cli
