#include "core/fen.h"

#include <vector>

namespace damatb::core {

namespace {

using Fail = Result<Position>;

std::string quoted(std::string_view token) {
    std::string q(1, '\'');
    q.append(token);
    q.push_back('\'');
    return q;
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
    Color side;
    if (trim(fields[0]) == "W")
        side = WHITE;
    else if (trim(fields[0]) == "B")
        side = BLACK;
    else
        return Fail::failure("FEN token " + quoted(fields[0]) +
                             ": the side to move must be W or B");

    Bitboard men[COLOR_NB] = {0, 0}, kings[COLOR_NB] = {0, 0};
    bool seen_side[COLOR_NB] = {false, false};
    if (fields.size() > 3)
        return Fail::failure("FEN token " + quoted(fields[3]) + ": trailing text after both sides");
    for (std::size_t i = 1; i < fields.size(); ++i) {
        std::string_view field = trim(fields[i]);
        if (field.empty() || (field[0] != 'W' && field[0] != 'B'))
            return Fail::failure("FEN token " + quoted(field) +
                                 ": expected W or B followed by a list of squares");
        Color c = field[0] == 'W' ? WHITE : BLACK;
        if (seen_side[c])
            return Fail::failure("FEN token " + quoted(field) + ": " +
                                 (c == WHITE ? "White" : "Black") + "'s pieces are listed twice");
        seen_side[c] = true;
        std::string_view list = trim(field.substr(1));
        if (list.empty()) continue;
        for (std::string_view token : split(list, ',')) {
            token = trim(token);
            if (auto space = token.find_first_of(" \t"); space != std::string_view::npos)
                return Fail::failure("FEN token " + quoted(trim(token.substr(space))) +
                                     ": trailing text");
            std::string_view name = token;
            bool king = !name.empty() && (name[0] == 'K' || name[0] == 'k');
            if (king) name.remove_prefix(1);
            int sq = parse_square(name);
            if (sq == SQ_NONE)
                return Fail::failure("FEN token " + quoted(token) + ": unknown square");
            Bitboard b = square_bb(sq);
            if ((men[WHITE] | men[BLACK] | kings[WHITE] | kings[BLACK]) & b)
                return Fail::failure("FEN token " + quoted(token) + ": square " +
                                     square_name(sq) + " is used twice");
            if (!king && (b & (RANK_1_BB | RANK_8_BB)))
                return Fail::failure("FEN token " + quoted(token) + ": a " +
                                     (c == WHITE ? "white" : "black") + " man cannot stand on rank " +
                                     std::to_string(rank_of(sq) + 1));
            (king ? kings : men)[c] |= b;
        }
    }
    for (Color c : {WHITE, BLACK})
        if (!seen_side[c])
            return Fail::failure(std::string("FEN ") + quoted(fen) + ": missing side " +
                                 (c == WHITE ? "':W' (White's pieces)" : "':B' (Black's pieces)"));
    return Position::make(men[WHITE], kings[WHITE], men[BLACK], kings[BLACK], side);
}

} // namespace damatb::core
