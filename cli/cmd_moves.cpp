// damatb moves: the legal moves of a position and the positions they lead to.
#include <iostream>
#include <string>
#include <vector>

#include "answers/game_over.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace damatb::cli {

namespace {

CommandSyntax moves_syntax() {
    CommandSyntax syntax(
        "damatb moves [options] FEN",
        "Lists the legal moves of FEN in move-generation order, one line\n"
        "`NOTATION  RESULTING_FEN` each. If the game is already over (no legal move, or\n"
        "the one-piece-each rule) it prints a line `game over: ...` instead.\n"
        "With --json: a JSON array of {\"move\", \"fen\", \"captures\", \"promotion\"}\n"
        "objects (empty when the game is over; the game-over line then goes to stderr).");
    syntax.options.add_options()("json", "print the moves as a JSON array");
    add_promotion_option(syntax);
    add_lone_pieces_option(syntax);
    add_fen_argument(syntax);
    return syntax;
}

} // namespace

int run_moves(const Args& args) {
    const CommandSyntax syntax = moves_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    core::Ruleset rules;
    rules.promotion = promotion_option(*vm);
    rules.lone_pieces = lone_pieces_option(*vm);
    const core::Position pos = fen_argument(*vm);
    const bool as_json = vm->count("json") != 0;

    if (auto over = answers::game_over_text(pos, rules)) {
        if (as_json) {
            std::cout << json::array({}) << '\n';
            std::cerr << "damatb: " << *over << '\n';
        } else {
            std::cout << *over << '\n';
        }
        return 0;
    }

    core::MoveList moves;
    core::generate_moves(pos, rules.promotion, moves);
    std::vector<std::string> elements;
    for (const core::Move& m : moves) {
        const std::string notation = core::move_to_string(pos, m, rules.promotion);
        const std::string fen = core::to_fen(pos.after(m));
        if (as_json)
            elements.push_back(json::Object()
                                   .add_string("move", notation)
                                   .add_string("fen", fen)
                                   .add_number("captures", core::popcount(m.captured))
                                   .add_bool("promotion", m.is_promotion())
                                   .str());
        else
            std::cout << notation << "  " << fen << '\n';
    }
    if (as_json) std::cout << json::array(elements) << '\n';
    return 0;
}

} // namespace damatb::cli
