// The generator's tables against the deliberately simple solver of
// tests/support (every placement, no symmetry, the counter in the state), for
// every class of 2 and 3 pieces: WDL5 and DTZ position by position, and the
// result at every counter.
#include <catch2/catch.hpp>

#include "core/fen.h"
#include "support/generated.h"
#include "support/simple_solver.h"

using namespace damatb;
using namespace damatb::core;

namespace {

simple::Value table_result(const TableValue& v, int limit, int counter) {
    const bool in_time = limit == 0 || v.dtz <= limit - counter;
    if (v.wdl == Wdl5::WIN && in_time) return simple::Value::WIN;
    if (v.wdl == Wdl5::LOSS && in_time) return simple::Value::LOSS;
    return simple::Value::DRAW;
}

// Every difference between the tables and the oracle under `rules` (at most 10).
std::vector<std::string> differences(const Ruleset& rules) {
    const gen::SolvedTables& tables = test::solved_up_to(3, rules);
    simple::Solver oracle(rules);
    std::vector<std::string> out;
    for (int n = 2; n <= 3; ++n)
        for (const simple::Material& m : simple::classes_with(n)) {
            const simple::SolvedClass& sc = oracle.solve(m);
            for (std::size_t i = 0; i < sc.size() && out.size() < 10; ++i) {
                const Position& p = sc.positions[i];
                const TableValue v = test::stored_value(tables, p);
                const bool with_dtz = v.wdl == Wdl5::WIN || v.wdl == Wdl5::LOSS;
                std::string why;
                if (static_cast<int>(v.wdl) != sc.wdl5[i])
                    why = "WDL5 " + std::string(to_string(v.wdl)) + ", oracle " + std::to_string(sc.wdl5[i]);
                else if (with_dtz && v.dtz != sc.dtz[i])
                    why = "DTZ " + std::to_string(v.dtz) + ", oracle " + std::to_string(sc.dtz[i]);
                for (std::size_t c = 0; why.empty() && c < sc.result[i].size(); ++c)
                    if (table_result(v, rules.king_move_limit, int(c)) != sc.result[i][c])
                        why = "result at counter " + std::to_string(c);
                if (!why.empty()) out.push_back(m.name() + " " + to_fen(p) + ": " + why);
            }
        }
    return out;
}

} // namespace

TEST_CASE("Generator: every value up to 3 pieces equals the simple solver's, every counter",
          "[generator][slow]") {
    for (const Ruleset& rules : {Ruleset{}, Ruleset{Promotion::IMMEDIATE, LonePieces::KING_WINS, 32},
                                 Ruleset{Promotion::END_OF_MOVE, LonePieces::DRAW, 32},
                                 Ruleset{Promotion::END_OF_MOVE, LonePieces::PLAY_ON, 32},
                                 Ruleset{Promotion::END_OF_MOVE, LonePieces::KING_WINS, 0},
                                 Ruleset{Promotion::END_OF_MOVE, LonePieces::KING_WINS, 8}}) {
        INFO(rules.name());
        CHECK(differences(rules) == std::vector<std::string>{});
    }
}
