// One test per rule of docs/rules.md, on positions whose moves were worked out by hand.
#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "support/helpers.h"

using namespace damatb;
using core::Promotion;
using Names = std::vector<std::string>;
using test::move_names;

TEST_CASE("Movegen: men step forward and sideways, never backward", "[movegen]") {
    // d4 has d5 ahead, c4 and e4 beside; d3 behind is never a move.
    CHECK(move_names("W:Wd4:BKh8") == Names{"d4-c4", "d4-d5", "d4-e4"});
    // Black's forward is towards rank 1.
    CHECK(move_names("B:WKa1:Bd5") == Names{"d5-c5", "d5-d4", "d5-e5"});
    // On the a-file there is no step to the left.
    CHECK(move_names("W:Wa2:BKh8") == Names{"a2-a3", "a2-b2"});
    // A man in front blocks the step ahead only.
    CHECK(move_names("W:Wd4,d5:BKh8") == Names{"d4-c4", "d4-e4", "d5-c5", "d5-d6", "d5-e5"});
}

TEST_CASE("Movegen: a king slides until any piece stops it", "[movegen]") {
    // Kd4: north stops before its own man d6, east before its own man f4,
    // south before the black man d2 (d1 behind it: no capture), west to the edge.
    CHECK(move_names("W:Wf4,Kd4,d6:Bd2,Kd1") ==
          Names{"d4-a4", "d4-b4", "d4-c4", "d4-d3", "d4-d5", "d4-e4", "d6-c6", "d6-d7", "d6-e6",
                "f4-e4", "f4-f5", "f4-g4"});
}

TEST_CASE("Movegen: a flying king lands on any empty square beyond", "[movegen]") {
    CHECK(move_names("W:WKa4:Bd4") == Names{"a4xe4", "a4xf4", "a4xg4", "a4xh4"});
    // With f6 to take next, only the landing on f4 keeps the maximum.
    CHECK(move_names("W:WKa4:Bd4,f6") == Names{"a4xf4xf7", "a4xf4xf8"});
}

TEST_CASE("Movegen: a king takes only the first piece its line meets", "[movegen]") {
    // Ka1's line north meets its own Ka3 first: only Ka3 takes a5.
    CHECK(move_names("W:WKa1,Ka3:Ba5") == Names{"a3xa6", "a3xa7", "a3xa8"});
    // The same with Ka2 next to a3, no empty square between.
    CHECK(move_names("W:WKa1,Ka2:Ba3") == Names{"a2xa4", "a2xa5", "a2xa6", "a2xa7", "a2xa8"});
}

TEST_CASE("Movegen: a flying king goes on from the landings that see another piece", "[movegen]") {
    // Of the landings c4 to h4 beyond b4, only e4 sees e6 (e7 empty behind it).
    CHECK(move_names("W:WKa4:Bb4,e6") == Names{"a4xe4xe7", "a4xe4xe8"});
    // From a4 and from a5 alike the king goes on up the file over a6: the two paths to a7
    // are one move, as are the two to a8.
    CHECK(move_names("W:WKa1:Ba3,a6") == Names{"a1xa4xa7", "a1xa4xa8"});
}

TEST_CASE("Movegen: a captured piece leaves the board at once", "[movegen]") {
    // Ka4 takes c4, e6, d7, then runs down the c-file through c4, empty by now, to take c2.
    CHECK(move_names("W:WKa4:Bc2,c4,e6,d7") == Names{"a4xe4xe7xc7xc1"});
}

TEST_CASE("Movegen: the mover's origin square is empty during its capture", "[movegen]") {
    // Kb2 takes b4, d6, e4, c2 round a rectangle either way: it may cross b2 and end
    // there, and the two paths that end on b2 are one move.
    const Names expected{"b2xb6xe6xe2xa2", "b2xb6xe6xe2xb2", "b2xe2xe6xb6xb1", "b2xe2xe6xb6xb3"};
    CHECK(move_names("W:WKb2:Bc2,b4,e4,d6") == expected);
    core::Position pos = test::fen("W:WKb2:Bc2,b4,e4,d6");
    auto one = core::parse_move(pos, "b2xb6xe6xe2xb2", Promotion::END_OF_MOVE);
    auto other = core::parse_move(pos, "b2xe2xe6xb6xb2", Promotion::END_OF_MOVE);
    REQUIRE(one.ok());
    REQUIRE(other.ok());
    CHECK(*one == *other);
    CHECK(core::to_fen(pos.after(*one)) == "B:WKb2:B");
}

TEST_CASE("Movegen: no 180-degree turn", "[movegen]") {
    // A king: after Kc4xf4 over e4, turning back west would take b4 too.
    CHECK(move_names("W:WKc4:Bb4,e4") == Names{"c4xa4", "c4xf4", "c4xg4", "c4xh4"});
    // A man crowned on c8 under `immediate` may not fly back south over c4.
    CHECK(move_names("W:Wc6:Bc7,c4", Promotion::IMMEDIATE) == Names{"c6xc8"});
    CHECK(move_names("W:Wc6:Bc7,c4", Promotion::END_OF_MOVE) == Names{"c6xc8"});
}

TEST_CASE("Movegen: maximum capture across pieces", "[movegen]") {
    // Two men: a3 takes one, e3 takes two.
    CHECK(move_names("W:Wa3,e3:Ba4,d5,e4") == Names{"e3xe5xc5"});
    // A man taking two beats a king taking one (Kh1xf1, landing limited by Ke1).
    CHECK(move_names("W:Wc3,Ke1,Kh1:Bb5,c4,Kg1") == Names{"c3xc5xa5"});
    // A king taking two beats a man taking one; a king and a man count the same.
    CHECK(move_names("W:Wc3,Kh1:Bc4,f4,Kg1") ==
          Names{"h1xf1xf5", "h1xf1xf6", "h1xf1xf7", "h1xf1xf8"});
    // Capturing is compulsory: no quiet move is legal when a capture is.
    CHECK(move_names("W:Wd4,h2:Bd5,Ka8") == Names{"d4xd6"});
}

TEST_CASE("Movegen: equal maxima give several moves", "[movegen]") {
    CHECK(move_names("W:Wb3,f3:Bb4,f4") == Names{"b3xb5", "f3xf5"});
}

TEST_CASE("Movegen: a man is crowned when its move ends on the last rank", "[movegen]") {
    core::Position pos = test::fen("W:Wd7:BKa1");
    core::MoveList moves;
    core::generate_moves(pos, Promotion::END_OF_MOVE, moves);
    REQUIRE(moves.size() == 3);
    for (const core::Move& m : moves)
        CHECK(m.ends_as_king() == (m.to == core::SQ_D8));
    CHECK(core::to_fen(pos.after(*core::parse_move(pos, "d7-d8", Promotion::END_OF_MOVE))) ==
          "B:WKd8:BKa1");
    // Black is crowned on rank 1, here by a capture.
    core::Position black = test::fen("B:Wd2:Bd3");
    CHECK(move_names("B:Wd2:Bd3") == Names{"d3xd1"});
    CHECK(core::to_fen(black.after(*core::parse_move(black, "d3xd1", Promotion::END_OF_MOVE))) ==
          "W:W:BKd1");
}

TEST_CASE("Movegen: a man reaching the last rank mid-capture", "[movegen]") {
    // end-of-move: it goes on as a man (sideways only) and is crowned on e8.
    CHECK(move_names("W:Wc6:Bc7,Kd8", Promotion::END_OF_MOVE) == Names{"c6xc8xe8"});
    // immediate: crowned on c8, it flies over d8 to any square beyond.
    CHECK(move_names("W:Wc6:Bc7,Kd8", Promotion::IMMEDIATE) ==
          Names{"c6xc8xe8", "c6xc8xf8", "c6xc8xg8", "c6xc8xh8"});
    // immediate: the new king's flying capture can take more than the man could.
    // As a man on c8 it can take nothing more; as a king it takes f8 from afar.
    CHECK(move_names("W:Wc6:Bc7,Kf8", Promotion::END_OF_MOVE) == Names{"c6xc8"});
    CHECK(move_names("W:Wc6:Bc7,Kf8", Promotion::IMMEDIATE) == Names{"c6xc8xg8", "c6xc8xh8"});
}

TEST_CASE("Movegen: a side with no move has none to make", "[movegen]") {
    // a7 is stuck: a8 is taken and b7 cannot be jumped (c7 behind it).
    CHECK(move_names("W:Wa7:Bb7,c7,Ka8").empty());
    CHECK(move_names("W:W:BKa1").empty());
}

namespace {

// The notations of the moves generate_material_changes lists for a FEN, sorted, and what it
// says of the other moves.
struct Changes {
    Names names;
    bool others;
};

Changes material_changes(const std::string& fen_text, Promotion promotion = Promotion::END_OF_MOVE) {
    const core::Position pos = test::fen(fen_text);
    core::MoveList moves;
    const bool others = core::generate_material_changes(pos, promotion, moves);
    Names names;
    for (const core::Move& m : moves) names.push_back(core::move_to_string(pos, m, promotion));
    std::sort(names.begin(), names.end());
    return {names, others};
}

} // namespace

TEST_CASE("Movegen: the moves that change the material, and whether there are others", "[movegen]") {
    struct Case {
        const char* fen;
        Names changes;
        bool others;
    };
    const Case cases[] = {
        // d7 crowns on d8 and steps sideways to c7 or e7: one change, other moves.
        {"W:Wd7:BKh1", {"d7-d8"}, true},
        // Black's d2 crowns on d1.
        {"B:WKh8:Bd2", {"d2-d1"}, true},
        // The men beside d7 cannot be jumped (b7 and f7 are taken): crowning is its only move.
        {"W:Wd7:Bb7,c7,e7,f7,Kh1", {"d7-d8"}, false},
        // A capture is compulsory: it is every move, and it changes the material.
        {"W:Wd4,Ka1:Bd5,Kh8", {"d4xd6"}, false},
        // Kings alone never change the material without capturing.
        {"W:WKa1:BKh8", {}, true},
        // No move at all.
        {"W:Wa7:Bb7,c7,Ka8", {}, false},
    };
    for (const Case& expected : cases) {
        INFO(expected.fen);
        const Changes c = material_changes(expected.fen);
        CHECK(c.names == expected.changes);
        CHECK(c.others == expected.others);
    }
}

TEST_CASE("Movegen: the moves that change the material are generate_moves' captures and crownings, "
          "the steps of one kind its moves of that kind without captures, the quiet moves and steps the same "
          "where no capture is on, and the captures after four steps at once",
          "[movegen]") {
    // Every position within 4 plies of a few starts, under both promotion rules.
    const std::vector<std::string> starts = {
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        "W:Wc6,e6,Kb1:Bc7,d7,Kh8", "B:Wb3,Kd4:Bd2,e3,Ka8", "W:Wa7,h7,Ka1:Bb2,Kd5", "W:Wg7,Kc3,Kf4:Bb6,Ka8"};
    std::size_t checked = 0, men_steps = 0, king_slides = 0, quiet_checked = 0, captures_after = 0;
    for (Promotion promotion : {Promotion::END_OF_MOVE, Promotion::IMMEDIATE}) {
        auto visit = [&](auto&& self, const core::Position& pos, int depth) -> void {
            core::MoveList all, changes;
            core::generate_moves(pos, promotion, all);
            const bool others = core::generate_material_changes(pos, promotion, changes);
            std::vector<core::Move> expected;
            bool expected_others = false;
            for (const core::Move& m : all) {
                if (m.is_capture() || m.is_promotion())
                    expected.push_back(m);
                else
                    expected_others = true;
            }
            REQUIRE(std::vector<core::Move>(changes.begin(), changes.end()) == expected);
            REQUIRE(others == expected_others);
            core::MoveList men, kings;
            core::generate_steps(pos, true, men);
            core::generate_steps(pos, false, kings);
            std::vector<core::Move> expected_men, expected_kings;
            for (const core::Move& m : all)
                if (!m.is_capture()) (m.mover_is_king() ? expected_kings : expected_men).push_back(m);
            REQUIRE(std::vector<core::Move>(men.begin(), men.end()) == expected_men);
            REQUIRE(std::vector<core::Move>(kings.begin(), kings.end()) == expected_kings);
            if (!core::has_capture(pos)) {
                core::MoveList quiet;
                core::generate_quiet_moves(pos, quiet);
                REQUIRE(std::vector<core::Move>(quiet.begin(), quiet.end()) == std::vector<core::Move>(all.begin(), all.end()));
                core::MoveList quiet_men, quiet_kings;
                core::generate_quiet_steps(pos, true, quiet_men);
                core::generate_quiet_steps(pos, false, quiet_kings);
                REQUIRE(std::vector<core::Move>(quiet_men.begin(), quiet_men.end()) == expected_men);
                REQUIRE(std::vector<core::Move>(quiet_kings.begin(), quiet_kings.end()) == expected_kings);
                // Whether the opponent can capture after each step, four at a time.
                std::vector<core::Move> steps;
                for (const core::Move& m : all)
                    if (m.keeps_material()) steps.push_back(m);
                for (std::size_t b = 0; b < steps.size(); b += 4) {
                    const std::size_t n = std::min<std::size_t>(4, steps.size() - b);
                    unsigned expected_bits = 0;
                    for (std::size_t j = 0; j < n; ++j)
                        expected_bits |= unsigned(core::has_capture(pos.after(steps[b + j]))) << j;
                    REQUIRE(core::captures_after_steps4(pos, steps.data() + b, n) == expected_bits);
                    captures_after += expected_bits != 0;
                }
                ++quiet_checked;
            }
            men_steps += men.size();
            king_slides += kings.size();
            ++checked;
            if (depth == 0) return;
            for (const core::Move& m : all) self(self, pos.after(m), depth - 1);
        };
        for (const std::string& s : starts) visit(visit, test::fen(s), 4);
    }
    CHECK(checked > 10000);
    CHECK(men_steps > 10000);
    CHECK(king_slides > 10000);
    CHECK(quiet_checked > 10000);
    CHECK(captures_after > 1000);
}
