#include "core/fen.h"

#include <vector>

#include "core/quote_input.h"

namespace damatb::core {

namespace {

using Fail = Result<Position>;

// The colour a side letter names, either case as for the pieces ("W", "w", "B", "b"), else
// COLOR_NB.
Color side_letter(char c) {
    if (c == 'W' || c == 'w') return WHITE;
    if (c == 'B' || c == 'b') return BLACK;
    return COLOR_NB;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' ||
                          s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return parts;
}

} // namespace

int parse_square(std::string_view text) {
    if (text.size() != 2) return SQ_NONE;
    char f = text[0], r = text[1];
    if (f >= 'A' && f <= 'H') f = static_cast<char>(f - 'A' + 'a');
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
    return make_square(f - 'a', r - '1');
}

std::string to_fen(const Position& pos) {
    std::string fen = pos.side_to_move() == WHITE ? "W" : "B";
    for (Color c : {WHITE, BLACK}) {
        fen += c == WHITE ? ":W" : ":B";
        bool first = true;
        for (Bitboard b = pos.pieces(c); b;) {
            int sq = pop_lsb(b);
            if (!first) fen += ',';
            first = false;
            if (pos.kings(c) & square_bb(sq)) fen += 'K';
            fen += square_name(sq);
        }
    }
    return fen;
}

Result<Position> parse_fen(std::string_view fen) {
    fen = trim(fen);
    if (fen.empty()) return Fail::failure("empty FEN");
    std::vector<std::string_view> fields = split(fen, ':');
    const std::string_view side_field = trim(fields[0]);
    const Color side = side_field.size() == 1 ? side_letter(side_field[0]) : COLOR_NB;
    if (side == COLOR_NB)
        return Fail::failure("FEN token " + quote_input(fields[0]) +
                             ": the side to move must be W or B");

    Bitboard men[COLOR_NB] = {0, 0}, kings[COLOR_NB] = {0, 0};
    bool seen_side[COLOR_NB] = {false, false};
    if (fields.size() > 3)
        return Fail::failure("FEN token " + quote_input(fields[3]) + ": trailing text after both sides");
    for (std::size_t i = 1; i < fields.size(); ++i) {
        std::string_view field = trim(fields[i]);
        const Color c = field.empty() ? COLOR_NB : side_letter(field[0]);
        if (c == COLOR_NB)
            return Fail::failure("FEN token " + quote_input(field) +
                                 ": expected W or B followed by a list of squares");
        if (seen_side[c])
            return Fail::failure("FEN token " + quote_input(field) + ": " +
                                 (c == WHITE ? "White" : "Black") + "'s pieces are listed twice");
        seen_side[c] = true;
        std::string_view list = trim(field.substr(1));
        if (list.empty()) continue;
        for (std::string_view token : split(list, ',')) {
            token = trim(token);
            if (auto space = token.find_first_of(" \t"); space != std::string_view::npos)
                return Fail::failure("FEN token " + quote_input(trim(token.substr(space))) +
                                     ": trailing text");
            std::string_view name = token;
            bool king = !name.empty() && (name[0] == 'K' || name[0] == 'k');
            if (king) name.remove_prefix(1);
            int sq = parse_square(name);
            if (sq == SQ_NONE)
                return Fail::failure("FEN token " + quote_input(token) + ": unknown square");
            Bitboard b = square_bb(sq);
            if ((men[WHITE] | men[BLACK] | kings[WHITE] | kings[BLACK]) & b)
                return Fail::failure("FEN token " + quote_input(token) + ": square " +
                                     square_name(sq) + " is used twice");
            if (!king && (b & (RANK_1_BB | RANK_8_BB)))
                return Fail::failure("FEN token " + quote_input(token) + ": a " +
                                     (c == WHITE ? "white" : "black") + " man cannot stand on rank " +
                                     std::to_string(rank_of(sq) + 1));
            (king ? kings : men)[c] |= b;
        }
    }
    for (Color c : {WHITE, BLACK})
        if (!seen_side[c])
            return Fail::failure(std::string("FEN ") + quote_input(fen) + ": missing side " +
                                 (c == WHITE ? "':W' (White's pieces)" : "':B' (Black's pieces)"));
    return Position::make(men[WHITE], kings[WHITE], men[BLACK], kings[BLACK], side);
}

} // namespace damatb::core
