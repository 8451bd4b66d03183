// damatb.Tablebase: the probe library opened on a tables folder, answering with the answers
// library's probe report and best line, and raising the module's errors in their words.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "core/position.h"
#include "core/ruleset.h"
#include "damatb/probe.hpp"
#include "python/values.h"

namespace damatb::python {

namespace py = pybind11;

class Tablebase {
public:
    // The tables in `path` under the ruleset of these words; TableError when it holds none.
    Tablebase(const std::string& path, const std::string& promotion, const std::string& lone_pieces,
              int king_move_limit, std::size_t cache_mib);

    // pos's value at counter and its moves, best first. Releases the GIL while it probes.
    ProbeValue probe(const core::Position& pos, int counter) const;
    // The best line from pos at counter, as `damatb line` plays it.
    Line line(const core::Position& pos, int counter) const;
    void close() { tb_.reset(); }

    // "<damatb.Tablebase 'tables' end-of-move.king-wins.32>", " closed" once closed.
    std::string repr() const;

private:
    // The open tables; ValueError once closed.
    const probe::Tablebase& open() const;
    // PositionError unless counter is in the ruleset's range, in the server's words.
    void check_counter(int counter) const;
    // Raises the error of a probe of pos that returned s (the GIL held); nothing for OK.
    static void check(probe::Status s, const core::Position& pos);

    std::string path_;
    core::Ruleset rules_;
    std::unique_ptr<probe::Tablebase> tb_;
};

// The class Tablebase of module m.
void add_tablebase(py::module_& m);

} // namespace damatb::python
