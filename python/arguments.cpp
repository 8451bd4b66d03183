#include "python/arguments.h"

#include "answers/probe_report.h"
#include "core/fen.h"
#include "python/board.h"
#include "python/errors.h"

namespace damatb::python {

core::Ruleset ruleset(const std::string& promotion, const std::string& lone_pieces, int king_move_limit) {
    auto p = core::parse_promotion(promotion);
    if (!p) throw py::value_error(p.error());
    auto l = core::parse_lone_pieces(lone_pieces);
    if (!l) throw py::value_error(l.error());
    auto r = core::make_ruleset(static_cast<long long>(*p), static_cast<long long>(*l), king_move_limit);
    if (!r) throw py::value_error(r.error());
    return *r;
}

core::Promotion promotion_rule(const std::string& word) {
    auto p = core::parse_promotion(word);
    if (!p) throw py::value_error(p.error());
    return *p;
}

core::Position read_fen(const std::string& fen) {
    auto pos = core::parse_fen(fen);
    if (!pos) raise(errors().position, pos.error());
    return *pos;
}

void check_counter(int counter) {
    // Without a ruleset, no upper bound: the words of a ruleset without a king-move limit.
    core::Ruleset no_limit;
    no_limit.king_move_limit = 0;
    if (const std::string problem = answers::counter_problem(counter, no_limit); !problem.empty())
        raise(errors().position, "counter " + problem);
}

PositionArg position_arg(const py::handle& fen) {
    if (py::isinstance<Board>(fen)) {
        const Board& b = fen.cast<const Board&>();
        return {b.position(), b.counter(), b.promotion()};
    }
    if (py::isinstance<py::str>(fen)) return {read_fen(fen.cast<std::string>())};
    throw py::type_error("expected a FEN (str) or a damatb.Position, not " +
                         std::string(py::str(py::type::of(fen).attr("__name__"))));
}

} // namespace damatb::python
