#include "python/tablebase.h"

#include <pybind11/stl.h>

#include "answers/best_line.h"
#include "answers/open_tables.h"
#include "answers/probe_report.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"
#include "python/arguments.h"
#include "python/errors.h"

namespace damatb::python {

Tablebase::Tablebase(const std::string& path, const std::string& promotion, const std::string& lone_pieces,
                     int king_move_limit, std::size_t cache_mib)
    : path_(path), rules_(ruleset(promotion, lone_pieces, king_move_limit)) {
    auto tb = answers::open_tables(path, rules_, cache_mib << 20);
    if (!tb) raise(errors().table, tb.error());
    tb_ = std::move(tb.value());
}

ProbeValue Tablebase::probe(const core::Position& pos, int counter) const {
    check_counter(counter);
    const probe::Tablebase& tb = open();
    answers::ProbeReport report;
    probe::Status s;
    {
        py::gil_scoped_release unlocked;
        s = answers::probe_report(tb, pos, counter, true, &report);
    }
    check(s, pos);
    ProbeValue out{core::to_fen(pos), counter, std::string(bridge::result_word(report.value.result)),
                   std::string(bridge::wdl_word(report.value.wdl)), dtz_of(report.value), {}};
    for (const probe::RootMove& m : report.moves)
        out.moves.push_back({m.notation, core::to_fen(bridge::to_core(m.after)),
                             std::string(bridge::result_word(m.value.result)),
                             std::string(bridge::wdl_word(m.value.wdl)), dtz_of(m.value), m.counter_after});
    return out;
}

Line Tablebase::line(const core::Position& pos, int counter) const {
    check_counter(counter);
    const probe::Tablebase& tb = open();
    probe::Value v;
    probe::Status s;
    answers::BestLine best;
    {
        py::gil_scoped_release unlocked;
        s = tb.probe(bridge::to_probe(pos), counter, &v); // the position checked before a line
        if (s == probe::Status::OK) best = answers::play_best_line(tb, rules_, pos, counter);
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

std::string Tablebase::repr() const {
    return "<damatb.Tablebase '" + path_ + "' " + rules_.name() + (tb_ ? ">" : " closed>");
}

const probe::Tablebase& Tablebase::open() const {
    if (!tb_) throw py::value_error("the Tablebase is closed");
    return *tb_;
}

void Tablebase::check_counter(int counter) const {
    if (const std::string problem = answers::counter_problem(counter, rules_); !problem.empty())
        raise(errors().position, "counter " + problem);
}

void Tablebase::check(probe::Status s, const core::Position& pos) {
    if (s == probe::Status::OK) return;
    const std::string message = answers::probe_failure_text(s, pos);
    switch (s) {
    case probe::Status::CLASS_MISSING: raise(errors().missing_table, message);
    case probe::Status::INVALID_POSITION:
    case probe::Status::INVALID_ARGUMENT: raise(errors().position, message);
    default: raise(errors().table, message);
    }
}

namespace {

// f(), or None where it raises one of the probe's errors.
template <typename F> py::object or_none(F&& f) {
    try {
        return py::cast(f());
    } catch (py::error_already_set& e) {
        if (is_probe_error(e)) return py::none();
        throw;
    }
}

// The probe of `fen` (a FEN or a Position) at `counter`, else at the Position's counter.
ProbeValue probe_arg(const Tablebase& tb, const py::object& fen, std::optional<int> counter) {
    const PositionArg a = position_arg(fen);
    return tb.probe(a.pos, counter.value_or(a.counter));
}

std::optional<std::string> best_move_of(const ProbeValue& v) {
    if (v.moves.empty()) return std::nullopt; // the game is over
    return v.moves.front().move;
}

} // namespace

void add_tablebase(py::module_& m) {
    py::class_<Tablebase> tablebase(m, "Tablebase", "The tables of one folder, under one ruleset.");
    const auto fen = py::arg("fen");
    const auto counter = py::arg("counter") = py::none();
    tablebase
        .def(py::init<const std::string&, const std::string&, const std::string&, int, std::size_t>(),
             py::arg("path"), py::arg("promotion") = "end-of-move", py::arg("lone_pieces") = "king-wins",
             py::arg("king_move_limit") = 32, py::arg("cache_mib") = 64)
        .def("probe", &probe_arg, fen, counter)
        .def(
            "best_move",
            [](const Tablebase& tb, const py::object& f, std::optional<int> c) {
                return best_move_of(probe_arg(tb, f, c));
            },
            fen, counter)
        .def(
            "line",
            [](const Tablebase& tb, const py::object& f, std::optional<int> c) {
                const PositionArg a = position_arg(f);
                return tb.line(a.pos, c.value_or(a.counter));
            },
            fen, counter)
        .def("close", &Tablebase::close)
        .def("__enter__", [](Tablebase& tb) -> Tablebase& { return tb; }, py::return_value_policy::reference)
        .def("__exit__", [](Tablebase& tb, py::args) { tb.close(); })
        .def("__repr__", &Tablebase::repr);
    // get_*: what probe or best_move gives, or None where they would raise.
    auto def_get = [&](const char* name, auto f) {
        tablebase.def(
            name,
            [f](const Tablebase& tb, const py::object& position, std::optional<int> c) {
                return or_none([&] { return f(probe_arg(tb, position, c)); });
            },
            fen, counter);
    };
    def_get("get_probe", [](const ProbeValue& v) { return v; });
    def_get("get_result", [](const ProbeValue& v) { return v.result; });
    def_get("get_wdl", [](const ProbeValue& v) { return v.wdl; });
    def_get("get_dtz", [](const ProbeValue& v) { return v.dtz; });
    def_get("get_best_move", &best_move_of);
}

} // namespace damatb::python
