#include "python/board.h"

#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <functional>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/types.h"
#include "python/arguments.h"
#include "python/errors.h"

namespace damatb::python {

Board::Board(const core::Position& pos, int counter, core::Promotion promotion)
    : pos_(pos), counter_(counter), promotion_(promotion) {
    check_counter(counter);
}

std::string Board::fen() const { return core::to_fen(pos_); }

std::vector<BoardMove> Board::moves() const {
    core::MoveList list;
    core::generate_moves(pos_, promotion_, list);
    std::vector<BoardMove> out;
    for (const core::Move& m : list) out.push_back({m, core::move_to_string(pos_, m, promotion_)});
    return out;
}

BoardMove Board::parse_move(const std::string& text) const {
    auto m = core::parse_move(pos_, text, promotion_);
    if (!m) raise(errors().illegal_move, fen() + ": " + m.error());
    return {*m, core::move_to_string(pos_, *m, promotion_)};
}

void Board::push(const BoardMove& m) {
    core::MoveList list;
    core::generate_moves(pos_, promotion_, list);
    for (const core::Move& legal : list) {
        if (!(legal == m.move)) continue;
        // The notation of this position: the path the move object names may be another's.
        history_.push_back({pos_, counter_, {legal, core::move_to_string(pos_, legal, promotion_)}});
        pos_ = pos_.after(legal);
        counter_ = core::counter_after(counter_, legal);
        return;
    }
    raise(errors().illegal_move, fen() + ": move '" + m.notation + "': not a legal move here");
}

BoardMove Board::pop() {
    if (history_.empty()) throw py::index_error("pop from a Position with no move pushed");
    const Played last = history_.back();
    history_.pop_back();
    pos_ = last.before;
    counter_ = last.counter_before;
    return last.move;
}

std::vector<BoardMove> Board::move_stack() const {
    std::vector<BoardMove> out;
    for (const Played& p : history_) out.push_back(p.move);
    return out;
}

std::string repr(const Board& b) {
    std::string text = "<damatb.Position " + b.fen();
    if (b.counter() != 0) text += " counter " + std::to_string(b.counter());
    if (b.promotion() != core::Promotion::END_OF_MOVE)
        text += " promotion " + std::string(core::to_string(b.promotion()));
    return text + ">";
}

std::string repr(const BoardMove& m) { return "<damatb.Move " + m.notation + ">"; }

namespace {

// The names of the squares of b, a1 first.
std::vector<std::string> square_names(core::Bitboard b) {
    std::vector<std::string> names;
    for (int sq = 0; sq < core::SQUARE_NB; ++sq)
        if (b & core::square_bb(sq)) names.push_back(core::square_name(sq));
    return names;
}

void add_move(py::module_& m) {
    py::class_<BoardMove>(m, "Move", "A legal move of a Position; str() is its notation, e.g. 'c6xc8xe8'.")
        .def_property_readonly("from_square", [](const BoardMove& mv) { return core::square_name(mv.move.from); })
        .def_property_readonly("to_square", [](const BoardMove& mv) { return core::square_name(mv.move.to); })
        .def_property_readonly("captured", [](const BoardMove& mv) { return square_names(mv.move.captured); },
                               "The squares of the pieces it takes, a1 first.")
        .def_property_readonly("is_capture", [](const BoardMove& mv) { return mv.move.is_capture(); })
        .def_property_readonly("is_promotion", [](const BoardMove& mv) { return mv.move.is_promotion(); },
                               "Whether a man ends the move crowned.")
        .def(py::self == py::self)
        .def("__hash__", [](const BoardMove& mv) {
            const core::Move& c = mv.move;
            return std::hash<core::Bitboard>{}(c.captured ^ (core::Bitboard(c.from) << 56) ^
                                               (core::Bitboard(c.to) << 48) ^ (core::Bitboard(c.flags) << 40));
        })
        .def("__str__", [](const BoardMove& mv) { return mv.notation; })
        .def("__repr__", [](const BoardMove& mv) { return repr(mv); });
}

} // namespace

void add_board(py::module_& m) {
    add_move(m);
    py::class_<Board>(m, "Position", "A board to play moves on: the pieces, the side to move, the king-move "
                                     "counter and the promotion rule, with the moves pushed.")
        .def(py::init([](const std::string& fen, int counter, const std::string& promotion) {
                 return Board(read_fen(fen), counter, promotion_rule(promotion));
             }),
             py::arg("fen") = core::to_fen(core::Position::start()), py::arg("counter") = 0,
             py::arg("promotion") = "end-of-move")
        .def("fen", &Board::fen)
        .def_property_readonly("turn", [](const Board& b) {
            return b.position().side_to_move() == core::WHITE ? "white" : "black";
        })
        .def_property_readonly("counter", &Board::counter, "King moves in a row without capture.")
        .def_property_readonly("promotion",
                               [](const Board& b) { return std::string(core::to_string(b.promotion())); })
        .def("moves", &Board::moves, "The legal moves: only captures of the most pieces when there is one.")
        .def("parse_move", &Board::parse_move, py::arg("move"))
        .def("push", [](Board& b, const BoardMove& mv) { b.push(mv); }, py::arg("move"))
        .def("push", [](Board& b, const std::string& text) { b.push(b.parse_move(text)); }, py::arg("move"))
        .def("pop", &Board::pop)
        .def_property_readonly("move_stack", &Board::move_stack)
        .def("copy", [](const Board& b) { return b; })
        .def("__copy__", [](const Board& b) { return b; })
        .def("__deepcopy__", [](const Board& b, py::dict) { return b; }, py::arg("memo"))
        .def(py::self == py::self)
        .def("__str__", &Board::fen)
        .def("__repr__", [](const Board& b) { return repr(b); });
}

} // namespace damatb::python
