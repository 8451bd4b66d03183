// The escape's byte (gen/solver_table.h): the move of a position that escaped a loss last, kept
// by the solver in one byte, told from the moves a walk back finds.
#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "core/fen.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/ruleset.h"
#include "core/symmetry.h"
#include "gen/retro.h"
#include "gen/solver_table.h"

using namespace damatb;
using gen::solving::escape_code;
using gen::solving::escape_is_man_move;
using gen::solving::escape_move;
using gen::solving::MoveBack;
using gen::solving::NO_ESCAPE;

namespace {

// The moves of p that stay in its class: quiet, and no man crowned.
std::vector<core::Move> in_class_moves(const core::Position& p) {
    core::MoveList moves;
    core::generate_moves(p, core::Ruleset{}.promotion, moves);
    std::vector<core::Move> out;
    for (const core::Move& m : moves)
        if (!m.is_capture() && !m.is_promotion()) out.push_back(m);
    return out;
}

core::Position position(const char* fen) {
    const auto p = core::parse_fen(fen);
    REQUIRE(p);
    return *p;
}

// The walk back's view of move m of p: the predecessor of the position after m that is p, and
// its move as the solver reads it (MoveBack::of).
MoveBack walked_back(const core::Position& p, const core::Move& m) {
    const core::Position q = core::as_white_to_move(p.after(m));
    std::vector<MoveBack> found;
    gen::for_each_predecessor(q, gen::RetroKind::ALL, core::Ruleset{}.lone_pieces,
                              [&](const core::Position& before, bool by_king, core::Bitboard moved) {
                                  if (before == p) found.push_back(MoveBack::of(before, by_king, moved));
                              });
    REQUIRE(found.size() == 1);
    return found[0];
}

} // namespace

TEST_CASE("Escape byte: the moves of a position worked out by hand", "[solver]") {
    // White: a king on a1 (its lowest piece, number 0) and a man on c3 (number 1); Black: a king
    // on h8. The byte is 32 * number + 8 * direction (north 0, east 1, south 2, west 3) + the
    // king's distance less one, or 7 for a man's step.
    const core::Position p = position("W:WKa1,c3:BKh8");
    const std::vector<core::Move> moves = in_class_moves(p);
    REQUIRE(moves.size() == 17); // the king 7 north and 7 east, the man north, east and west
    auto byte_of = [&](int from, int to) {
        for (const core::Move& m : moves)
            if (m.from == from && m.to == to) return int(escape_code(p, m));
        FAIL("no move " << from << "-" << to);
        return -1;
    };
    CHECK(byte_of(core::SQ_A1, core::SQ_A4) == 2);  // number 0, north, 3 squares
    CHECK(byte_of(core::SQ_A1, core::SQ_H1) == 14); // number 0, east, 7 squares
    CHECK(byte_of(core::SQ_C3, core::SQ_C4) == 39); // number 1, north, a man
    CHECK(byte_of(core::SQ_C3, core::SQ_D3) == 47); // number 1, east
    CHECK(byte_of(core::SQ_C3, core::SQ_B3) == 63); // number 1, west
    CHECK(escape_is_man_move(39));
    CHECK_FALSE(escape_is_man_move(14));
    CHECK_FALSE(escape_is_man_move(NO_ESCAPE));
}

TEST_CASE("Escape byte: one byte for each move, read back as that move, found again walking back",
          "[solver]") {
    const char* fens[] = {"W:WKa1,c3:BKh8", "W:WKd4,Ke5,f2:BKb7,c6", "B:WKa1,Kh1,b2:BKd5,e6,g4",
                          "W:WKb2,Kc2,Kd2,Ke2:BKg7", "W:Wa2,b2,c2:BKh8,Ka8"};
    for (const char* fen : fens) {
        INFO(fen);
        const core::Position p = core::as_white_to_move(position(fen));
        std::set<int> bytes;
        for (const core::Move& m : in_class_moves(p)) {
            const std::uint8_t e = escape_code(p, m);
            REQUIRE(e != NO_ESCAPE);
            CHECK(escape_is_man_move(e) == !m.mover_is_king());
            CHECK(escape_move(p, e) == m);
            bytes.insert(e);
            const MoveBack back = walked_back(p, m);
            CHECK(back.may_be(e, 1));
            // The byte of another move of p is not this one's, under the identity.
            for (const core::Move& other : in_class_moves(p))
                if (!(other == m)) CHECK_FALSE(back.may_be(escape_code(p, other), 1));
        }
        CHECK(bytes.size() == in_class_moves(p).size());
    }
}

TEST_CASE("Escape byte: a move walked back is told in the image an index names", "[solver]") {
    // The file mirror of W:WKa1,c3:BKh8 is W:WKh1,f3:BKa8: the king on h1 is White's number 0
    // and the man on f3 number 1, and c3-b3 (west, byte 63) is f3-g3 there (east, byte 47).
    const core::Position p = position("W:WKa1,c3:BKh8");
    const core::Position mirrored = core::transform(p, core::MIRROR_FILES);
    const core::Move west(core::SQ_C3, core::SQ_B3, 0, 0), east(core::SQ_F3, core::SQ_G3, 0, 0);
    REQUIRE(escape_code(p, west) == 63);
    REQUIRE(escape_code(mirrored, east) == 47);
    const MoveBack back = walked_back(p, west);
    CHECK(back.may_be(63, 1));
    CHECK_FALSE(back.may_be(47, 1)); // the identity alone: not the mirror's byte
    CHECK(back.may_be(47, 2));       // the identity and the file mirror, as a table with men folds
    CHECK_FALSE(back.may_be(escape_code(mirrored, core::Move(core::SQ_F3, core::SQ_F4, 0, 0)), 2));
}
