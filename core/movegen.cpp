#include "core/movegen.h"

#include "core/capture_search.h"
#include "core/rays.h"

namespace damatb::core {

namespace {

// Keeps the longest capture sequences, one per resulting position.
class LongestCaptures {
public:
    explicit LongestCaptures(MoveList& moves) : moves_(moves) {}

    void found(int from, int to, Bitboard captured, int n, bool mover_king, bool ends_king,
               const std::uint8_t*) {
        if (n < best_) return;
        if (n > best_) {
            best_ = n;
            moves_.clear();
        }
        const Move m(from, to, captured,
                     (mover_king ? Move::MOVER_KING : 0) | (ends_king ? Move::ENDS_KING : 0));
        for (const Move& other : moves_)
            if (same_result(m, other)) return;
        moves_.push_back(m);
    }

private:
    // Two sequences give the same position when they agree on origin,
    // destination, captures and final piece; a king that comes back to its own
    // square leaves the same position whichever king it was.
    static bool same_result(const Move& a, const Move& b) {
        return a.to == b.to && a.captured == b.captured && a.flags == b.flags &&
               (a.from == b.from || (a.from == a.to && b.from == b.to));
    }

    MoveList& moves_;
    int best_ = 1;
};

// The squares men step to in direction d.
Bitboard man_steps(Bitboard men, Direction d, Bitboard empty) {
    return shift(men, d) & empty;
}

constexpr int offset(Direction d) {
    return d == NORTH ? 8 : d == SOUTH ? -8 : d == EAST ? 1 : -1;
}

void add_man_steps(const Position& pos, MoveList& moves) {
    const Color us = pos.side_to_move();
    const Bitboard men = pos.men(us), empty = pos.empty();
    const Direction dirs[3] = {forward(us), EAST, WEST};
    for (Direction d : dirs) {
        for (Bitboard to = man_steps(men, d, empty); to;) {
            int t = pop_lsb(to);
            moves.push_back(Move(t - offset(d), t, 0,
                                 (last_rank_bb(us) & square_bb(t)) ? Move::ENDS_KING : 0));
        }
    }
}

Bitboard king_targets(int sq, Bitboard occupied) {
    Bitboard targets = 0;
    for (int d = 0; d < DIRECTION_NB; ++d) targets |= slide(sq, Direction(d), occupied);
    return targets;
}

void add_king_slides(const Position& pos, MoveList& moves) {
    const Bitboard occupied = pos.occupied();
    for (Bitboard k = pos.kings(pos.side_to_move()); k;) {
        int from = pop_lsb(k);
        for (Bitboard to = king_targets(from, occupied); to;)
            moves.push_back(Move(from, pop_lsb(to), 0, Move::MOVER_KING | Move::ENDS_KING));
    }
}

// The longest capture sequences of the side to move, one per resulting position, into an
// empty `moves`.
void add_longest_captures(const Position& pos, Promotion promotion, MoveList& moves) {
    LongestCaptures sink(moves);
    CaptureSearch<LongestCaptures> search(pos, promotion, sink);
    search.run();
}

} // namespace

void generate_moves(const Position& pos, Promotion promotion, MoveList& moves) {
    moves.clear();
    if (has_capture(pos)) {
        add_longest_captures(pos, promotion, moves);
        return;
    }
    generate_quiet_moves(pos, moves);
}

void generate_quiet_moves(const Position& pos, MoveList& moves) {
    moves.clear();
    add_man_steps(pos, moves);
    add_king_slides(pos, moves);
}

void generate_steps(const Position& pos, bool men, MoveList& moves) {
    if (has_capture(pos)) {
        moves.clear();
        return;
    }
    generate_quiet_steps(pos, men, moves);
}

void generate_quiet_steps(const Position& pos, bool men, MoveList& moves) {
    moves.clear();
    if (men)
        add_man_steps(pos, moves);
    else
        add_king_slides(pos, moves);
}

bool generate_material_changes(const Position& pos, Promotion promotion, MoveList& moves) {
    moves.clear();
    if (has_capture(pos)) {
        add_longest_captures(pos, promotion, moves);
        return false;
    }
    const Color us = pos.side_to_move();
    const Bitboard men = pos.men(us), empty = pos.empty();
    // A man crowns only by a forward step: none stands on its last rank to step sideways on.
    const Direction ahead = forward(us);
    const Bitboard steps = man_steps(men, ahead, empty);
    for (Bitboard to = steps & last_rank_bb(us); to;) {
        const int t = pop_lsb(to);
        moves.push_back(Move(t - offset(ahead), t, 0, Move::ENDS_KING));
    }
    if ((steps & ~last_rank_bb(us)) || man_steps(men, EAST, empty) || man_steps(men, WEST, empty))
        return true;
    const Bitboard occupied = pos.occupied();
    for (Bitboard k = pos.kings(us); k;)
        if (king_targets(pop_lsb(k), occupied)) return true;
    return false;
}

std::size_t count_moves(const Position& pos, Promotion promotion) {
    if (has_capture(pos)) {
        MoveList moves;
        generate_moves(pos, promotion, moves);
        return moves.size();
    }
    const Color us = pos.side_to_move();
    const Bitboard men = pos.men(us), empty = pos.empty(), occupied = pos.occupied();
    std::size_t n = popcount(man_steps(men, forward(us), empty)) +
                    popcount(man_steps(men, EAST, empty)) +
                    popcount(man_steps(men, WEST, empty));
    for (Bitboard k = pos.kings(us); k;) n += popcount(king_targets(pop_lsb(k), occupied));
    return n;
}

} // namespace damatb::core
