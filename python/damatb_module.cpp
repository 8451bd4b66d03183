// The Python module `damatb`: the probe library, the answers library's probe report and best
// line, and core's move generation and perft, for scripts. docs/python.md says what it offers; python/tests/ tests it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "answers/best_line.h"
#include "answers/probe_report.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"

namespace py = pybind11;
using namespace damatb;

namespace {

// The module's exception types, made when it is imported. Never destroyed: a Python object must
// not be released after the interpreter has finalised, which is when static objects are.
struct Errors {
    py::object missing_table, position, table;
};
Errors& errors() {
    static Errors* const e = new Errors;
    return *e;
}

[[noreturn]] void raise(const py::object& type, const std::string& message) {
    PyErr_SetString(type.ptr(), message.c_str());
    throw py::error_already_set();
}

core::Ruleset ruleset(const std::string& promotion, const std::string& lone_pieces, int limit) {
    auto p = core::parse_promotion(promotion);
    if (!p) throw py::value_error(p.error());
    auto l = core::parse_lone_pieces(lone_pieces);
    if (!l) throw py::value_error(l.error());
    auto r = core::make_ruleset(static_cast<long long>(*p), static_cast<long long>(*l), limit);
    if (!r) throw py::value_error(r.error());
    return *r;
}

core::Position position(const std::string& fen) {
    auto pos = core::parse_fen(fen);
    if (!pos) raise(errors().position, pos.error());
    return *pos;
}

struct MoveValue {
    std::string move, fen, result, wdl;
    std::optional<int> dtz;
    int counter = 0;
};

struct ProbeValue {
    std::string fen;
    int counter = 0;
    std::string result, wdl;
    std::optional<int> dtz;
    std::vector<MoveValue> moves;
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

std::optional<int> dtz_of(const probe::Value& v) {
    return v.dtz < 0 ? std::nullopt : std::optional<int>(v.dtz);
}

class Tablebase {
public:
    Tablebase(const std::string& path, const std::string& promotion, const std::string& lone_pieces,
              int king_move_limit, std::size_t cache_mib)
        : rules_(ruleset(promotion, lone_pieces, king_move_limit)) {
        probe::Status status = probe::Status::OK;
        tb_ = probe::Tablebase::open({path}, bridge::to_probe(rules_), cache_mib << 20, &status);
        if (!tb_) raise(errors().table, "cannot open the tables in '" + path + "': " + probe::last_error());
    }

    ProbeValue probe_position(const std::string& fen, int counter) const {
        const core::Position pos = position(fen);
        ProbeValue out{core::to_fen(pos), counter, "", "", std::nullopt, {}};
        answers::ProbeReport report;
        probe::Status s;
        {
            py::gil_scoped_release unlocked;
            s = answers::probe_report(open(), pos, counter, true, &report);
        }
        check(s, pos);
        out.result = bridge::result_word(report.value.result);
        out.wdl = bridge::wdl_word(report.value.wdl);
        out.dtz = dtz_of(report.value);
        for (const probe::RootMove& m : report.moves)
            out.moves.push_back({m.notation, core::to_fen(bridge::to_core(m.after)),
                                 std::string(bridge::result_word(m.value.result)),
                                 std::string(bridge::wdl_word(m.value.wdl)), dtz_of(m.value),
                                 m.counter_after});
        return out;
    }

    std::optional<std::string> best_move(const std::string& fen, int counter) const {
        const ProbeValue v = probe_position(fen, counter);
        if (v.moves.empty()) return std::nullopt; // the game is over
        return v.moves.front().move;
    }

    Line line(const std::string& fen, int counter) const {
        const core::Position pos = position(fen);
        probe::Value v;
        probe::Status s;
        answers::BestLine best;
        {
            py::gil_scoped_release unlocked;
            s = open().probe(bridge::to_probe(pos), counter, &v); // the counter and the position checked
            if (s == probe::Status::OK) best = answers::play_best_line(open(), rules_, pos, counter);
        }
        check(s, pos);
        if (best.end == answers::LineEnd::TABLE_ERROR)
            check(best.status, best.plies.empty() ? pos : best.plies.back().after);
        Line out;
        for (const answers::LinePly& p : best.plies) out.plies.push_back({p.move, p.fen, p.counter});
        if (best.result != core::Outcome::NONE) out.result = answers::outcome_word(best.result);
        out.why = best.why;
        return out;
    }

    void close() { tb_.reset(); }

private:
    const probe::Tablebase& open() const {
        if (!tb_) throw py::value_error("the Tablebase is closed");
        return *tb_;
    }

    // Raises the exception of a probe that returned s (the GIL held).
    static void check(probe::Status s, const core::Position& pos) {
        switch (s) {
        case probe::Status::OK: return;
        case probe::Status::CLASS_MISSING: raise(errors().missing_table, probe::last_error());
        case probe::Status::INVALID_POSITION:
            raise(errors().position, core::to_fen(pos) + ": the side not to move has no piece");
        case probe::Status::INVALID_ARGUMENT: raise(errors().position, probe::last_error());
        default: raise(errors().table, probe::last_error());
        }
    }

    core::Ruleset rules_;
    std::unique_ptr<probe::Tablebase> tb_;
};

// f(args...), or None where it raises one of the module's errors.
template <typename F> py::object or_none(F&& f) {
    try {
        return py::cast(f());
    } catch (py::error_already_set& e) {
        if (e.matches(errors().missing_table) || e.matches(errors().position) || e.matches(errors().table))
            return py::none();
        throw;
    }
}

} // namespace

PYBIND11_MODULE(damatb, m) {
    m.doc() = "Exact endgame tablebases for Turkish draughts: probe, best line, moves, perft.";
    Errors& e = errors();
    e.missing_table = py::reinterpret_steal<py::object>(
        PyErr_NewException("damatb.MissingTableError", PyExc_KeyError, nullptr));
    e.position = py::reinterpret_steal<py::object>(
        PyErr_NewException("damatb.PositionError", PyExc_ValueError, nullptr));
    e.table = py::reinterpret_steal<py::object>(
        PyErr_NewException("damatb.TableError", PyExc_RuntimeError, nullptr));
    m.attr("MissingTableError") = e.missing_table;
    m.attr("PositionError") = e.position;
    m.attr("TableError") = e.table;

    py::class_<MoveValue>(m, "MoveValue",
                          "A legal move with the value of the position after it, for the mover.")
        .def_readonly("move", &MoveValue::move)
        .def_readonly("fen", &MoveValue::fen)
        .def_readonly("result", &MoveValue::result)
        .def_readonly("wdl", &MoveValue::wdl)
        .def_readonly("dtz", &MoveValue::dtz)
        .def_readonly("counter", &MoveValue::counter)
        .def("__repr__", [](const MoveValue& v) { return "<MoveValue " + v.move + " " + v.result + ">"; });
    py::class_<ProbeValue>(m, "ProbeValue", "A position's value and its moves, best first.")
        .def_readonly("fen", &ProbeValue::fen)
        .def_readonly("counter", &ProbeValue::counter)
        .def_readonly("result", &ProbeValue::result)
        .def_readonly("wdl", &ProbeValue::wdl)
        .def_readonly("dtz", &ProbeValue::dtz)
        .def_readonly("moves", &ProbeValue::moves)
        .def("__repr__", [](const ProbeValue& v) { return "<ProbeValue " + v.fen + " " + v.result + ">"; });
    py::class_<LinePly>(m, "LinePly")
        .def_readonly("move", &LinePly::move)
        .def_readonly("fen", &LinePly::fen)
        .def_readonly("counter", &LinePly::counter);
    py::class_<Line>(m, "Line", "The best line: both sides play the first-ranked move.")
        .def_readonly("plies", &Line::plies)
        .def_readonly("result", &Line::result)
        .def_readonly("why", &Line::why);

    py::class_<Tablebase> tablebase(m, "Tablebase", "The tables of one folder, under one ruleset.");
    tablebase
        .def(py::init<const std::string&, const std::string&, const std::string&, int, std::size_t>(),
             py::arg("path"), py::arg("promotion") = "end-of-move", py::arg("lone_pieces") = "king-wins",
             py::arg("king_move_limit") = 32, py::arg("cache_mib") = 64)
        .def("probe", &Tablebase::probe_position, py::arg("fen"), py::arg("counter") = 0)
        .def("best_move", &Tablebase::best_move, py::arg("fen"), py::arg("counter") = 0)
        .def("line", &Tablebase::line, py::arg("fen"), py::arg("counter") = 0)
        .def("close", &Tablebase::close)
        .def(
            "__enter__", [](Tablebase& tb) -> Tablebase& { return tb; }, py::return_value_policy::reference)
        .def("__exit__", [](Tablebase& tb, py::args) { tb.close(); });
    // get_*: what probe or best_move gives, or None where they would raise.
    auto def_get = [&](const char* name, auto f) {
        tablebase.def(
            name,
            [f](const Tablebase& tb, const std::string& fen, int c) {
                return or_none([&] { return f(tb.probe_position(fen, c)); });
            },
            py::arg("fen"), py::arg("counter") = 0);
    };
    def_get("get_probe", [](const ProbeValue& v) { return v; });
    def_get("get_result", [](const ProbeValue& v) { return v.result; });
    def_get("get_wdl", [](const ProbeValue& v) { return v.wdl; });
    def_get("get_dtz", [](const ProbeValue& v) { return v.dtz; });
    def_get("get_best_move", [](const ProbeValue& v) {
        return v.moves.empty() ? std::nullopt : std::optional<std::string>(v.moves.front().move);
    });

    m.def(
        "moves",
        [](const std::string& fen, const std::string& promotion) {
            const core::Position pos = position(fen);
            const core::Ruleset rules = ruleset(promotion, "king-wins", 32);
            core::MoveList moves;
            core::generate_moves(pos, rules.promotion, moves);
            std::vector<std::pair<std::string, std::string>> out;
            for (const core::Move& mv : moves)
                out.emplace_back(core::move_to_string(pos, mv, rules.promotion), core::to_fen(pos.after(mv)));
            return out;
        },
        py::arg("fen"), py::arg("promotion") = "end-of-move",
        "The legal moves of a position: (move, fen after it) pairs, as `damatb moves` lists them.");
    m.def(
        "perft",
        [](const std::string& fen, int depth, const std::string& promotion) {
            if (depth < 0) throw py::value_error("depth must be at least 0");
            const core::Position pos = position(fen);
            const core::Ruleset rules = ruleset(promotion, "king-wins", 32);
            py::gil_scoped_release unlocked;
            return core::perft(pos, depth, rules.promotion);
        },
        py::arg("fen"), py::arg("depth"), py::arg("promotion") = "end-of-move",
        "The number of positions reached after exactly `depth` plies.");
    m.attr("START_FEN") = core::to_fen(core::Position::start());
}
