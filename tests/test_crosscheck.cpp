// The real move generator against the simple one of tests/support, move for
// move, on many random positions under both promotion options.
#include <algorithm>
#include <random>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "support/simple_movegen.h"

using namespace damatb;
using core::Promotion;

namespace {

simple::Board to_simple(const core::Position& pos) {
    simple::Board b;
    for (int sq = 0; sq < 64; ++sq) {
        switch (pos.piece_on(sq)) {
        case core::Piece::WHITE_MAN: b.sq[sq] = 'w'; break;
        case core::Piece::WHITE_KING: b.sq[sq] = 'W'; break;
        case core::Piece::BLACK_MAN: b.sq[sq] = 'b'; break;
        case core::Piece::BLACK_KING: b.sq[sq] = 'B'; break;
        default: b.sq[sq] = '.';
        }
    }
    b.white_to_move = pos.side_to_move() == core::WHITE;
    return b;
}

// Kinds of random position: how many pieces, how many kings, men near promotion.
struct Shape {
    int min_pieces, max_pieces;
    double king_share;
    bool men_near_promotion;
};

core::Position random_position(std::mt19937_64& rng, const Shape& shape) {
    std::uniform_int_distribution<int> count(shape.min_pieces, shape.max_pieces);
    std::uniform_real_distribution<double> unit(0, 1);
    int n = count(rng);
    core::Bitboard bb[4] = {0, 0, 0, 0}, taken = 0;
    for (int placed = 0, tries = 0; placed < n && tries < 1000; ++tries) {
        int colour = int(rng() % 2);
        bool king = unit(rng) < shape.king_share;
        int sq = int(rng() % 64);
        if (!king && shape.men_near_promotion && unit(rng) < 0.6) {
            int rank = colour == 0 ? 5 + int(rng() % 2) : 1 + int(rng() % 2);
            sq = core::make_square(int(rng() % 8), rank);
        }
        if ((taken & core::square_bb(sq)) || (!king && (core::rank_of(sq) % 7) == 0)) continue;
        taken |= core::square_bb(sq);
        bb[colour * 2 + (king ? 1 : 0)] |= core::square_bb(sq);
        ++placed;
    }
    return *core::Position::make(bb[0], bb[1], bb[2], bb[3], rng() % 2 ? core::WHITE : core::BLACK);
}

// Compares the two generators on pos; returns the number of moves.
std::size_t compare(const core::Position& pos, Promotion promotion) {
    const std::string fen = core::to_fen(pos);
    core::MoveList moves;
    core::generate_moves(pos, promotion, moves);
    auto expected = simple::legal_moves(to_simple(pos), promotion == Promotion::IMMEDIATE);
    INFO(fen << (promotion == Promotion::IMMEDIATE ? " immediate" : " end-of-move"));
    REQUIRE(moves.size() == expected.size());
    REQUIRE(core::count_moves(pos, promotion) == expected.size());
    CHECK(core::has_capture(pos) == (!expected.empty() && expected.front().captured != 0));
    std::vector<std::string> ours, theirs;
    for (const core::Move& m : moves) ours.push_back(core::to_fen(pos.after(m)));
    for (const simple::SimpleMove& m : expected) {
        std::string path = core::square_name(m.from);
        for (int sq : m.path) path += (m.captured ? 'x' : '-') + core::square_name(sq);
        // Each path the simple generator took names the same move for ours.
        auto parsed = core::parse_move(pos, path, promotion);
        INFO(path << ": " << parsed.error());
        REQUIRE(parsed.ok());
        CHECK(parsed->captured == m.captured);
        CHECK(parsed->ends_as_king() == m.ends_as_king);
        theirs.push_back(core::to_fen(pos.after(*parsed)));
        CHECK(to_simple(pos.after(*parsed)) == m.result);
    }
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    CHECK(ours == theirs);
    return moves.size();
}

} // namespace

TEST_CASE("Crosscheck: random positions agree with the simple generator", "[crosscheck]") {
    const Shape shapes[] = {
        {2, 6, 0.5, false},   // few pieces, many kings
        {2, 8, 0.9, false},   // nearly all kings
        {4, 12, 0.3, true},   // men near promotion
        {10, 32, 0.1, false}, // full boards
        {6, 20, 0.6, true},   // crowded with kings and promoting men
    };
    std::mt19937_64 rng(20261129);
    std::size_t positions = 0, captures = 0;
    for (const Shape& shape : shapes)
        for (int i = 0; i < 4000; ++i) {
            core::Position pos = random_position(rng, shape);
            for (auto promotion : {Promotion::END_OF_MOVE, Promotion::IMMEDIATE}) {
                compare(pos, promotion);
                ++positions;
            }
            captures += core::has_capture(pos);
        }
    CHECK(positions == 40000);
    CHECK(captures > 4000); // the sample really exercises captures
}

TEST_CASE("Crosscheck: every position of a short game tree agrees", "[crosscheck][slow]") {
    // All positions within 6 plies of a few capture-rich middle games.
    std::size_t checked = 0;
    for (const char* fen : {"W:Wa3,b3,c4,d4,Ke3,f3,g5:Ba6,b5,c6,d6,Ke6,f6,g6",
                            "B:Wb2,c3,d5,e3,Kf4,g3:Bb6,c5,d6,e6,Kf8,g7,h6",
                            "W:Wc6,d6,Kb1:Bb7,c7,d7,e7,Kh8,a5"}) {
        for (auto promotion : {Promotion::END_OF_MOVE, Promotion::IMMEDIATE}) {
            std::vector<core::Position> frontier{*core::parse_fen(fen)};
            for (int ply = 0; ply < 6; ++ply) {
                std::vector<core::Position> next;
                for (const core::Position& pos : frontier) {
                    compare(pos, promotion);
                    ++checked;
                    core::MoveList moves;
                    core::generate_moves(pos, promotion, moves);
                    for (const core::Move& m : moves) next.push_back(pos.after(m));
                }
                frontier = std::move(next);
            }
        }
    }
    CHECK(checked > 10000);
}
