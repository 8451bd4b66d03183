// What a probe and a best line answer, as Python objects with plain fields: the fields of
// `damatb probe --json` and `damatb line --json`.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

#include "damatb/probe.hpp"

namespace damatb::python {

namespace py = pybind11;

struct MoveValue {
    std::string move, fen, result, wdl; // fen: after the move; result and wdl: for the mover
    std::optional<int> dtz;             // of the position after the move; None unless won or lost
    int counter = 0;                    // the king-move counter after the move
};

struct ProbeValue {
    std::string fen;
    int counter = 0;
    std::string result, wdl;
    std::optional<int> dtz;
    std::vector<MoveValue> moves; // best first
};

struct LinePly {
    std::string move, fen;
    int counter = 0;
};

struct Line {
    std::vector<LinePly> plies;
    std::optional<std::string> result; // for the side to move at the start; None when unknown
    std::string why;
};

// v's DTZ, None when it has none (a draw).
std::optional<int> dtz_of(const probe::Value& v);

// The classes MoveValue, ProbeValue, LinePly and Line of module m.
void add_values(py::module_& m);

// The reprs, e.g. "<damatb.ProbeValue W:Wc2,Kf2:BKh8 counter 0: win, wdl win, dtz 7, 14 moves>".
std::string repr(const MoveValue& v);
std::string repr(const ProbeValue& v);
std::string repr(const LinePly& p);
std::string repr(const Line& line);

} // namespace damatb::python
