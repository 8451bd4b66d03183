// damatb show: a position as a board diagram.
#include <iostream>

#include "answers/game_over.h"
#include "cli/board_diagram.h"
#include "cli/commands.h"
#include "core/fen.h"

namespace damatb::cli {

namespace {

CommandSyntax show_syntax() {
    CommandSyntax syntax(
        "damatb show [options] FEN",
        "Prints FEN as a board diagram, rank 8 at the top: w white man, W white king,\n"
        "b black man, B black king, . empty. Then the side to move and the FEN as the\n"
        "writer spells it (pieces in square order).");
    add_fen_argument(syntax);
    return syntax;
}

} // namespace

int run_show(const Args& args) {
    const CommandSyntax syntax = show_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const core::Position pos = fen_argument(*vm);
    std::cout << board_diagram(pos) << answers::color_name(pos.side_to_move())
              << " to move, FEN " << core::to_fen(pos) << '\n';
    return 0;
}

} // namespace damatb::cli
