#include "python/values.h"

#include <pybind11/stl.h>

namespace damatb::python {

namespace {

// "win, wdl win, dtz 7", the words of the C example and `damatb probe`; no dtz for a draw.
std::string value_words(const std::string& result, const std::string& wdl, std::optional<int> dtz) {
    return result + ", wdl " + wdl + (dtz ? ", dtz " + std::to_string(*dtz) : "");
}

// A line's moves, the first few: a line may be hundreds of plies long.
constexpr std::size_t LINE_MOVES_SHOWN = 10;

} // namespace

std::optional<int> dtz_of(const probe::Value& v) {
    return v.dtz < 0 ? std::nullopt : std::optional<int>(v.dtz);
}

std::string repr(const MoveValue& v) {
    return "<damatb.MoveValue " + v.move + ": " + value_words(v.result, v.wdl, v.dtz) + ", counter " +
           std::to_string(v.counter) + ">";
}

std::string repr(const ProbeValue& v) {
    const std::size_t n = v.moves.size();
    return "<damatb.ProbeValue " + v.fen + " counter " + std::to_string(v.counter) + ": " +
           value_words(v.result, v.wdl, v.dtz) + ", " + std::to_string(n) + (n == 1 ? " move>" : " moves>");
}

std::string repr(const LinePly& p) {
    return "<damatb.LinePly " + p.move + " " + p.fen + " counter " + std::to_string(p.counter) + ">";
}

std::string repr(const Line& line) {
    const std::size_t n = line.plies.size();
    std::string text = "<damatb.Line " + std::to_string(n) + (n == 1 ? " ply" : " plies");
    for (std::size_t k = 0; k < n && k < LINE_MOVES_SHOWN; ++k) text += " " + line.plies[k].move;
    if (n > LINE_MOVES_SHOWN) text += " ...";
    return text + ": " + line.result.value_or("no result") + " (" + line.why + ")>";
}

void add_values(py::module_& m) {
    py::class_<MoveValue>(m, "MoveValue", "A legal move with the value of the position after it, for the mover.")
        .def_readonly("move", &MoveValue::move)
        .def_readonly("fen", &MoveValue::fen)
        .def_readonly("result", &MoveValue::result)
        .def_readonly("wdl", &MoveValue::wdl)
        .def_readonly("dtz", &MoveValue::dtz)
        .def_readonly("counter", &MoveValue::counter)
        .def("__repr__", [](const MoveValue& v) { return repr(v); });
    py::class_<ProbeValue>(m, "ProbeValue", "A position's value and its moves, best first.")
        .def_readonly("fen", &ProbeValue::fen)
        .def_readonly("counter", &ProbeValue::counter)
        .def_readonly("result", &ProbeValue::result)
        .def_readonly("wdl", &ProbeValue::wdl)
        .def_readonly("dtz", &ProbeValue::dtz)
        .def_readonly("moves", &ProbeValue::moves)
        .def("__repr__", [](const ProbeValue& v) { return repr(v); });
    py::class_<LinePly>(m, "LinePly", "A ply of a best line: the move, the FEN and the counter after it.")
        .def_readonly("move", &LinePly::move)
        .def_readonly("fen", &LinePly::fen)
        .def_readonly("counter", &LinePly::counter)
        .def("__repr__", [](const LinePly& p) { return repr(p); });
    py::class_<Line>(m, "Line", "The best line: both sides play the first-ranked move.")
        .def_readonly("plies", &Line::plies)
        .def_readonly("result", &Line::result)
        .def_readonly("why", &Line::why)
        .def("__repr__", [](const Line& line) { return repr(line); });
}

} // namespace damatb::python
