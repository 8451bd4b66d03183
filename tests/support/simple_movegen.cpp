// simple_movegen.cpp -- test oracle only; see simple_movegen.h.
#include "simple_movegen.h"

#include <algorithm>

namespace simple {
namespace {

// A direction as (rank step, file step).
struct Dir {
    int dr;
    int df;
};
// The four orthogonal lines.
constexpr Dir kAllDirs[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

bool on_board(int rank, int file) { return rank >= 0 && rank < 8 && file >= 0 && file < 8; }

bool is_white(char c) { return c == 'w' || c == 'W'; }
bool is_black(char c) { return c == 'b' || c == 'B'; }
bool is_king(char c) { return c == 'W' || c == 'B'; }

// True when square content c is a piece of the opponent of the mover.
bool is_opponent(bool mover_is_white, char c) { return mover_is_white ? is_black(c) : is_white(c); }

// The three directions a man may move or capture in: forward, left, right.
std::vector<Dir> man_dirs(bool white) {
    int fwd = white ? 1 : -1;
    return {{fwd, 0}, {0, 1}, {0, -1}};
}

int last_rank(bool white) { return white ? 7 : 0; }

char man_char(bool white) { return white ? 'w' : 'b'; }
char king_char(bool white) { return white ? 'W' : 'B'; }

// Search state for one capture sequence in progress.
struct Gen {
    bool white = true;               // the side to move
    bool immediate = false;          // promotion=immediate
    int from = 0;                    // origin square of the moving piece
    std::vector<SimpleMove> done;    // finished capture sequences (not yet filtered)
};

// Records a finished sequence: the moving piece is placed on `at`.
void finish(Gen& g, const Board& board_without_mover, int at, bool as_king,
            const std::vector<int>& path, std::uint64_t captured) {
    SimpleMove m;
    m.from = g.from;
    m.to = at;
    m.path = path;
    m.captured = captured;
    // End-of-move promotion: a man ending on its last rank is crowned.
    bool king = as_king || (at / 8 == last_rank(g.white));
    m.ends_as_king = king;
    m.result = board_without_mover;
    m.result.sq[at] = king ? king_char(g.white) : man_char(g.white);
    m.result.white_to_move = !g.white;
    g.done.push_back(m);
}

// Continues a capture sequence from square `at`. `board` holds the position as it
// now stands, with the moving piece lifted off (its origin is empty) and every
// piece captured so far already removed. `has_last` / `last` give the direction of
// the previous jump (for the no-180-degree rule).
void capture_from(Gen& g, const Board& board, int at, bool as_king, bool has_last, Dir last,
                  std::vector<int>& path, std::uint64_t captured) {
    bool any = false;
    int r0 = at / 8, f0 = at % 8;

    if (as_king) {
        for (Dir d : kAllDirs) {
            if (has_last && d.dr == -last.dr && d.df == -last.df) continue;  // no 180
            // Pass empty squares until the first occupied square.
            int r = r0 + d.dr, f = f0 + d.df;
            while (on_board(r, f) && board.sq[r * 8 + f] == '.') {
                r += d.dr;
                f += d.df;
            }
            if (!on_board(r, f)) continue;
            int victim = r * 8 + f;
            if (!is_opponent(g.white, board.sq[victim])) continue;  // own piece: blocked
            // Land on any empty square beyond, up to the next occupied square or edge.
            Board after = board;
            after.sq[victim] = '.';  // removed at once
            int lr = r + d.dr, lf = f + d.df;
            while (on_board(lr, lf) && board.sq[lr * 8 + lf] == '.') {
                int land = lr * 8 + lf;
                any = true;
                path.push_back(land);
                capture_from(g, after, land, true, true, d, path,
                             captured | (std::uint64_t{1} << victim));
                path.pop_back();
                lr += d.dr;
                lf += d.df;
            }
        }
    } else {
        for (Dir d : man_dirs(g.white)) {
            if (has_last && d.dr == -last.dr && d.df == -last.df) continue;  // no 180
            int vr = r0 + d.dr, vf = f0 + d.df;
            int lr = vr + d.dr, lf = vf + d.df;
            if (!on_board(lr, lf)) continue;
            int victim = vr * 8 + vf;
            int land = lr * 8 + lf;
            if (!is_opponent(g.white, board.sq[victim])) continue;
            if (board.sq[land] != '.') continue;
            Board after = board;
            after.sq[victim] = '.';  // removed at once
            any = true;
            // Immediate promotion: a man reaching its last rank becomes a king at once
            // and continues (if it can) as a king. End-of-move: it continues as a man.
            bool now_king = g.immediate && lr == last_rank(g.white);
            path.push_back(land);
            capture_from(g, after, land, now_king, true, d, path,
                         captured | (std::uint64_t{1} << victim));
            path.pop_back();
        }
    }

    if (!any && !path.empty()) finish(g, board, at, as_king, path, captured);
}

int popcount64(std::uint64_t x) {
    int n = 0;
    for (int i = 0; i < 64; ++i)
        if (x & (std::uint64_t{1} << i)) ++n;
    return n;
}

// Appends m unless a move with the same resulting position is already there.
void add_unique(std::vector<SimpleMove>& out, const SimpleMove& m) {
    for (const SimpleMove& o : out)
        if (o.result == m.result) return;
    out.push_back(m);
}

}  // namespace

std::vector<SimpleMove> legal_moves(const Board& b, bool immediate_promotion) {
    const bool white = b.white_to_move;

    // 1. All capture sequences of all the side's pieces.
    Gen g;
    g.white = white;
    g.immediate = immediate_promotion;
    for (int s = 0; s < 64; ++s) {
        char c = b.sq[s];
        if (white ? !is_white(c) : !is_black(c)) continue;
        g.from = s;
        Board lifted = b;
        lifted.sq[s] = '.';  // the origin is empty as soon as the piece has left
        std::vector<int> path;
        capture_from(g, lifted, s, is_king(c), false, Dir{0, 0}, path, 0);
    }

    std::vector<SimpleMove> out;
    if (!g.done.empty()) {
        // 2. Maximum capture: keep only the sequences that take the most pieces.
        int best = 0;
        for (const SimpleMove& m : g.done) best = std::max(best, popcount64(m.captured));
        for (const SimpleMove& m : g.done)
            if (popcount64(m.captured) == best) add_unique(out, m);
        return out;
    }

    // 3. No capture: quiet moves.
    for (int s = 0; s < 64; ++s) {
        char c = b.sq[s];
        if (white ? !is_white(c) : !is_black(c)) continue;
        int r0 = s / 8, f0 = s % 8;
        if (is_king(c)) {
            for (Dir d : kAllDirs) {
                int r = r0 + d.dr, f = f0 + d.df;
                while (on_board(r, f) && b.sq[r * 8 + f] == '.') {
                    SimpleMove m;
                    m.from = s;
                    m.to = r * 8 + f;
                    m.path = {m.to};
                    m.ends_as_king = true;
                    m.result = b;
                    m.result.sq[s] = '.';
                    m.result.sq[m.to] = c;
                    m.result.white_to_move = !white;
                    add_unique(out, m);
                    r += d.dr;
                    f += d.df;
                }
            }
        } else {
            for (Dir d : man_dirs(white)) {
                int r = r0 + d.dr, f = f0 + d.df;
                if (!on_board(r, f) || b.sq[r * 8 + f] != '.') continue;
                SimpleMove m;
                m.from = s;
                m.to = r * 8 + f;
                m.path = {m.to};
                m.ends_as_king = (r == last_rank(white));
                m.result = b;
                m.result.sq[s] = '.';
                m.result.sq[m.to] = m.ends_as_king ? king_char(white) : man_char(white);
                m.result.white_to_move = !white;
                add_unique(out, m);
            }
        }
    }
    return out;
}

}  // namespace simple
