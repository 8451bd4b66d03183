#include "cli/board_diagram.h"

namespace damatb::cli {

char piece_symbol(core::Piece piece) {
    switch (piece) {
    case core::Piece::WHITE_MAN: return 'w';
    case core::Piece::WHITE_KING: return 'W';
    case core::Piece::BLACK_MAN: return 'b';
    case core::Piece::BLACK_KING: return 'B';
    default: return '.';
    }
}

std::string board_diagram(const core::Position& pos) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        out += static_cast<char>('1' + rank);
        out += ' ';
        for (int file = 0; file < 8; ++file) {
            out += ' ';
            out += piece_symbol(pos.piece_on(core::make_square(file, rank)));
        }
        out += '\n';
    }
    out += "   a b c d e f g h\n";
    return out;
}

} // namespace damatb::cli
