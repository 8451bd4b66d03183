// The walk back (gen/retro.h): the predecessors of a position by each kind of move, against a
// count worked out by hand and against the moves generated forwards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "core/fen.h"
#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"
#include "core/ruleset.h"
#include "gen/retro.h"

using namespace damatb;
using gen::RetroKind;

namespace {

constexpr RetroKind KINDS[] = {RetroKind::KING_MOVES, RetroKind::MAN_MOVES, RetroKind::ALL};

std::vector<core::Position> predecessors(const core::Position& q, RetroKind kind) {
    std::vector<core::Position> out;
    gen::for_each_predecessor(q, kind, core::Ruleset{}.lone_pieces,
                              [&](const core::Position& p, bool, core::Bitboard) { out.push_back(p); });
    return out;
}

// Whether in-class move m (no capture, no crowning) is of the kind a walk back of `kind` finds.
bool of_kind(const core::Move& m, RetroKind kind) {
    switch (kind) {
    case RetroKind::KING_MOVES: return m.mover_is_king();
    case RetroKind::MAN_MOVES: return !m.mover_is_king();
    case RetroKind::ALL: return true;
    }
    return false;
}

// Whether p (White to move) has an in-class move of `kind` that leads to q.
bool leads_to(const core::Position& p, const core::Position& q, RetroKind kind) {
    core::MoveList moves;
    core::generate_moves(p, core::Ruleset{}.promotion, moves);
    for (const core::Move& m : moves)
        if (!m.is_capture() && !m.is_promotion() && of_kind(m, kind) && core::as_white_to_move(p.after(m)) == q)
            return true;
    return false;
}

} // namespace

TEST_CASE("Walk back: the predecessors of a position by each kind of move, counted by hand", "[retro]") {
    // White to move: White's man on a2; Black's man on d5 and king on h8, Black having just
    // moved. The man came from d6 (a step forward, south for Black) or from c5 or e5 (sideways).
    // The king came from h1 to h7 or a8 to g8, but not from a8: there Black could have captured
    // a2 along the a-file (landing on a1), and capturing is compulsory. From h2 it could not:
    // nothing lies beyond a2 on the second rank.
    const auto q = core::parse_fen("W:Wa2:Bd5,Kh8");
    REQUIRE(q);
    CHECK(predecessors(*q, RetroKind::MAN_MOVES).size() == 3);
    CHECK(predecessors(*q, RetroKind::KING_MOVES).size() == 13);
    CHECK(predecessors(*q, RetroKind::ALL).size() == 16);
}

TEST_CASE("Walk back: every kind finds exactly the positions whose move of that kind leads there", "[retro]") {
    // Every 101st position of two classes with men and kings on both sides, each of its in-class
    // moves made: the position after it has the one before among its predecessors exactly by the
    // kinds the move is of; and every predecessor found has such a move.
    for (const char* name : {"KMvKM", "KMMvK"}) {
        INFO(name);
        const auto cls = core::parse_class_name(name);
        REQUIRE(cls);
        const core::TableIndex index(*cls);
        std::size_t moves_seen = 0, man_moves = 0;
        for (std::uint64_t i = 0; i < index.size(); i += 101) {
            const core::Position p = index.position(i);
            core::MoveList moves;
            core::generate_moves(p, core::Ruleset{}.promotion, moves);
            for (const core::Move& m : moves) {
                if (m.is_capture() || m.is_promotion()) continue;
                const core::Position q = core::as_white_to_move(p.after(m));
                ++moves_seen;
                man_moves += !m.mover_is_king();
                for (RetroKind kind : KINDS) {
                    const std::vector<core::Position> found = predecessors(q, kind);
                    REQUIRE((std::find(found.begin(), found.end(), p) != found.end()) == of_kind(m, kind));
                    for (const core::Position& before : found) REQUIRE(leads_to(before, q, kind));
                }
            }
        }
        CHECK(moves_seen > 10000);
        CHECK(man_moves > 1000);
    }
}
