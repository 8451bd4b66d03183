#include "python/errors.h"

namespace damatb::python {

namespace {

py::object new_error(const char* name, PyObject* base, const char* doc) {
    py::object type = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(name, doc, base, nullptr));
    if (!type) throw py::error_already_set();
    return type;
}

} // namespace

Errors& errors() {
    // Never destroyed: a Python object must not be released after the interpreter has
    // finalised, which is when static objects are.
    static Errors* const e = new Errors;
    return *e;
}

void add_errors(py::module_& m) {
    Errors& e = errors();
    e.missing_table = new_error("damatb.MissingTableError", PyExc_KeyError,
                                "The folder does not hold a class the probe needs; the message names it.");
    // KeyError's str() is the repr of its key, the message in quotes; BaseException's is the
    // message itself, as the tool and the server print it.
    e.missing_table.attr("__str__") = py::module_::import("builtins").attr("BaseException").attr("__str__");
    e.position = new_error("damatb.PositionError", PyExc_ValueError,
                           "A FEN that cannot be read, a counter out of range, or a position the "
                           "tables do not hold a value for.");
    e.table = new_error("damatb.TableError", PyExc_RuntimeError,
                        "A damaged table file, tables of another ruleset, or a folder of no tables.");
    e.illegal_move = new_error("damatb.IllegalMoveError", PyExc_ValueError,
                               "A move that is not legal in the position; the message names it.");
    m.attr("MissingTableError") = e.missing_table;
    m.attr("PositionError") = e.position;
    m.attr("TableError") = e.table;
    m.attr("IllegalMoveError") = e.illegal_move;
}

void raise(const py::object& type, const std::string& message) {
    PyErr_SetString(type.ptr(), message.c_str());
    throw py::error_already_set();
}

bool is_probe_error(py::error_already_set& e) {
    const Errors& errs = errors();
    return e.matches(errs.missing_table) || e.matches(errs.position) || e.matches(errs.table);
}

} // namespace damatb::python
