#include "core/notation.h"

#include <algorithm>

#include "core/capture_search.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/quote_input.h"

namespace damatb::core {

namespace {

Move make_move(int from, int to, Bitboard captured, bool mover_king, bool ends_king) {
    return Move(from, to, captured,
                (mover_king ? Move::MOVER_KING : 0) | (ends_king ? Move::ENDS_KING : 0));
}

// Remembers the path of the first sequence that plays `target`.
struct PathOf {
    Move target;
    std::vector<int> path;
    void found(int from, int to, Bitboard captured, int n, bool mover_king, bool ends_king,
               const std::uint8_t* landings) {
        if (path.empty() && make_move(from, to, captured, mover_king, ends_king) == target)
            path.assign(landings, landings + n);
    }
};

// Collects the moves of every sequence whose landing squares are `path`.
struct MovesAlong {
    std::vector<int> path;
    std::vector<Move> moves;
    void found(int from, int to, Bitboard captured, int n, bool mover_king, bool ends_king,
               const std::uint8_t* landings) {
        if (static_cast<std::size_t>(n) == path.size() &&
            std::equal(path.begin(), path.end(), landings))
            moves.push_back(make_move(from, to, captured, mover_king, ends_king));
    }
};

template <typename Sink>
void search_piece(const Position& pos, int from, Promotion promotion, Sink& sink) {
    CaptureSearch<Sink> search(pos, promotion, sink);
    search.search_from(from, pos.kings(pos.side_to_move()) & square_bb(from));
}

} // namespace

std::vector<int> move_path(const Position& pos, const Move& m, Promotion promotion) {
    if (!m.is_capture()) return {m.to};
    PathOf sink{m, {}};
    search_piece(pos, m.from, promotion, sink);
    return sink.path;
}

std::string move_to_string(const Position& pos, const Move& m, Promotion promotion) {
    std::string text = square_name(m.from);
    for (int sq : move_path(pos, m, promotion)) {
        text += m.is_capture() ? 'x' : '-';
        text += square_name(sq);
    }
    return text;
}

Result<Move> parse_move(const Position& pos, std::string_view text, Promotion promotion) {
    using Fail = Result<Move>;
    const std::string quoted = "move " + quote_input(text);
    std::vector<int> squares;
    char separator = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != '-' && text[i] != 'x' && text[i] != 'X') continue;
        std::string_view name = text.substr(start, i - start);
        int sq = parse_square(name);
        if (sq == SQ_NONE)
            return Fail::failure(quoted + ": " + quote_input(name) + " is not a square");
        squares.push_back(sq);
        if (i < text.size()) {
            char sep = text[i] == '-' ? '-' : 'x';
            if (separator && sep != separator)
                return Fail::failure(quoted + ": mixes '-' and 'x'");
            separator = sep;
        }
        start = i + 1;
    }
    if (squares.size() < 2) return Fail::failure(quoted + ": expected squares joined by - or x");
    if (separator == '-' && squares.size() != 2)
        return Fail::failure(quoted + ": a move without capture names two squares");

    MoveList legal;
    generate_moves(pos, promotion, legal);
    const bool must_capture = !legal.empty() && legal[0].is_capture();
    const int from = squares.front(), to = squares.back();
    Bitboard own = pos.pieces(pos.side_to_move());
    if (!(own & square_bb(from)))
        return Fail::failure(quoted + ": no piece of the side to move on " + square_name(from));

    if (separator == '-') {
        for (const Move& m : legal)
            if (!m.is_capture() && m.from == from && m.to == to) return m;
        return Fail::failure(quoted + (must_capture ? ": a capture is compulsory here"
                                                    : ": not a legal move here"));
    }
    if (!must_capture) return Fail::failure(quoted + ": there is no capture here");

    // A full path: the sequences that land exactly there.
    MovesAlong along{std::vector<int>(squares.begin() + 1, squares.end()), {}};
    search_piece(pos, from, promotion, along);
    for (const Move& played : along.moves)
        for (const Move& m : legal)
            if (pos.after(m) == pos.after(played)) return m;
    if (!along.moves.empty())
        return Fail::failure(quoted + ": takes " + std::to_string(popcount(along.moves[0].captured)) +
                             " pieces, but a capture here must take " +
                             std::to_string(popcount(legal[0].captured)));

    // The short form: origin and destination of a single legal capture.
    if (squares.size() == 2) {
        std::vector<Move> matches;
        for (const Move& m : legal)
            if (m.from == from && m.to == to) matches.push_back(m);
        if (matches.size() == 1) return matches[0];
        if (matches.size() > 1)
            return Fail::failure(quoted + ": " + std::to_string(matches.size()) +
                                 " captures go from " + square_name(from) + " to " +
                                 square_name(to) + "; name every landing square");
    }
    return Fail::failure(quoted + ": not a legal capture here");
}

} // namespace damatb::core
