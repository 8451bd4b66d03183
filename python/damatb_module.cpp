// The Python module `damatb`: the probe library, the answers library's probe report and best
// line, and core's move generation and perft, for scripts. docs/python.md says what it offers,
// damatb.pyi spells its types for editors, python/tests/ tests it. By subject:
//   errors.cpp     the exceptions
//   values.cpp     what a probe and a line answer (ProbeValue, MoveValue, Line, LinePly)
//   board.cpp      Position and Move: a board to play moves on
//   tablebase.cpp  Tablebase
//   arguments.cpp  reading a ruleset, a FEN or Position, a counter
// and here the functions of the module itself.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "python/arguments.h"
#include "python/board.h"
#include "python/errors.h"
#include "python/tablebase.h"
#include "python/values.h"

namespace py = pybind11;
using namespace damatb;
using namespace damatb::python;

namespace {

// The position and promotion rule of a `fen` argument (a FEN or a Position) and a `promotion`
// one: the word given, else the Position's rule, else end-of-move.
std::pair<core::Position, core::Promotion> position_and_rule(const py::object& fen,
                                                             const std::optional<std::string>& promotion) {
    const PositionArg a = position_arg(fen);
    return {a.pos, promotion ? promotion_rule(*promotion) : a.promotion};
}

void add_functions(py::module_& m) {
    m.def(
        "moves",
        [](const py::object& fen, const std::optional<std::string>& promotion) {
            const auto [pos, rule] = position_and_rule(fen, promotion);
            core::MoveList moves;
            core::generate_moves(pos, rule, moves);
            std::vector<std::pair<std::string, std::string>> out;
            for (const core::Move& mv : moves)
                out.emplace_back(core::move_to_string(pos, mv, rule), core::to_fen(pos.after(mv)));
            return out;
        },
        py::arg("fen"), py::arg("promotion") = py::none(),
        "The legal moves of a position: (move, fen after it) pairs, as `damatb moves` lists them.");
    m.def(
        "perft",
        [](const py::object& fen, int depth, const std::optional<std::string>& promotion) {
            if (depth < 0) throw py::value_error("depth " + std::to_string(depth) + " is below 0");
            const auto [pos, rule] = position_and_rule(fen, promotion);
            py::gil_scoped_release unlocked;
            return core::perft(pos, depth, rule);
        },
        py::arg("fen"), py::arg("depth"), py::arg("promotion") = py::none(),
        "The number of positions reached after exactly `depth` plies.");
    m.attr("START_FEN") = core::to_fen(core::Position::start());
}

} // namespace

PYBIND11_MODULE(damatb, m) {
    m.doc() = "Exact endgame tablebases for Turkish draughts: probe, best line, moves, perft.";
    add_errors(m);
    add_values(m);
    add_board(m);
    add_tablebase(m);
    add_functions(m);
}
