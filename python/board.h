// damatb.Position and damatb.Move: a board to play moves on, as python-chess's Board is, with
// core's move generation and notation (docs/rules.md) doing the rules. Named Board here, not
// to be mistaken for core::Position, the bare board it holds.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::python {

namespace py = pybind11;

// A legal move of the position it came from, with its notation there ("c6xc8xe8"). Two are
// equal when they are the same move by docs/rules.md's "Move identity", whatever their path.
struct BoardMove {
    core::Move move;
    std::string notation;
    bool operator==(const BoardMove& o) const { return move == o.move; }
};

class Board {
public:
    Board(const core::Position& pos, int counter, core::Promotion promotion);

    const core::Position& position() const { return pos_; }
    int counter() const { return counter_; } // king moves in a row without capture
    core::Promotion promotion() const { return promotion_; }
    std::string fen() const;

    // The legal moves, in core's order (generate_moves).
    std::vector<BoardMove> moves() const;
    // The legal move that `text` names (core::parse_move: full, or the short "d4xf6"), or
    // IllegalMoveError naming the move and why.
    BoardMove parse_move(const std::string& text) const;
    // Plays m, a legal move (IllegalMoveError if it is not one), counting the king-move counter.
    void push(const BoardMove& m);
    // Takes back the last move pushed and returns it; IndexError when there is none.
    BoardMove pop();
    // The moves pushed and not taken back, the first first.
    std::vector<BoardMove> move_stack() const;

    // The same board, side to move, counter and promotion rule (not the same moves played).
    bool operator==(const Board& o) const {
        return pos_ == o.pos_ && counter_ == o.counter_ && promotion_ == o.promotion_;
    }

private:
    struct Played {
        core::Position before;
        int counter_before;
        BoardMove move;
    };
    core::Position pos_;
    int counter_;
    core::Promotion promotion_;
    std::vector<Played> history_;
};

// "<damatb.Position W:Wc2,Kf2:BKh8>", with " counter 3" and " promotion immediate" when not
// the defaults.
std::string repr(const Board& b);
std::string repr(const BoardMove& m);

// The classes Position and Move of module m.
void add_board(py::module_& m);

} // namespace damatb::python
