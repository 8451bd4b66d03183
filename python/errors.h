// The module's exceptions (docs/python.md, "Errors"): each says what went wrong in the tool's
// and the server's words, made when the module is imported.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace damatb::python {

namespace py = pybind11;

struct Errors {
    py::object missing_table; // MissingTableError, a KeyError: a class not in the folder
    py::object position;      // PositionError, a ValueError: a FEN or counter the probe refuses
    py::object table;         // TableError, a RuntimeError: a damaged or foreign file, no tables
    py::object illegal_move;  // IllegalMoveError, a ValueError: a move not legal in a Position
};

// The exception types; valid once add_errors has run.
Errors& errors();

// Makes the exception types and adds them to m.
void add_errors(py::module_& m);

// Raises an exception of `type` whose str() is `message`.
[[noreturn]] void raise(const py::object& type, const std::string& message);

// Whether e is one of the errors a probe raises (MissingTableError, PositionError, TableError).
bool is_probe_error(py::error_already_set& e);

} // namespace damatb::python
