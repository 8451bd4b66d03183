// The capture search shared by move generation and move notation.
//
// It walks every capture sequence of the side to move, depth first, with each
// captured piece removed from the board at once (docs/rules.md, "Captures"), and
// hands each finished sequence to a sink:
//
//   sink.found(from, to, captured, count, mover_king, ends_king, path)
//
// where path[0..count) are the landing squares in order. The sink decides what
// to keep (the longest sequences, one per resulting position). A sequence is
// finished when its piece can capture no more; the mover's own origin square
// counts as empty from the first jump on.
//
// Example: W:Wc6:Bc7,Kd8 under end-of-move gives one sequence, c6 to e8 over
// c7 and d8 with path {c8, e8}; under immediate the man is crowned on c8 and
// goes on as a king over d8, giving four sequences ending on e8, f8, g8, h8.
#pragma once

#include "core/position.h"
#include "core/rays.h"
#include "core/ruleset.h"

namespace damatb::core {

template <typename Sink>
class CaptureSearch {
public:
    CaptureSearch(const Position& pos, Promotion promotion, Sink& sink)
        : sink_(sink), us_(pos.side_to_move()), promotion_(promotion),
          opponents_(pos.pieces(~us_)), empty_(pos.empty()) {
        men_ = pos.men(us_);
        kings_ = pos.kings(us_);
    }

    // Searches the sequences of every piece of the side to move.
    void run() {
        for (Bitboard b = kings_; b;) search_from(pop_lsb(b), true);
        for (Bitboard b = men_that_can_jump(); b;) search_from(pop_lsb(b), false);
    }

    // Searches the sequences of the piece on `from` only.
    void search_from(int from, bool is_king) {
        from_ = from;
        mover_king_ = is_king;
        empty_ |= square_bb(from);
        if (is_king)
            king(from, DIRECTION_NB, 0, 0);
        else
            man(from, DIRECTION_NB, 0, 0);
        empty_ &= ~square_bb(from);
    }

private:
    // The men with a first jump: an opponent next to them and an empty square beyond.
    Bitboard men_that_can_jump() const {
        Bitboard able = 0;
        for (Direction d : {forward(us_), EAST, WEST}) {
            Direction back = opposite(d);
            able |= shift(opponents_, back) & shift(shift(empty_, back), back);
        }
        return men_ & able;
    }

    void finish(int sq, Bitboard captured, int n, bool ends_king) {
        if (n > 0) sink_.found(from_, sq, captured, n, mover_king_, ends_king, path_);
    }

    void man(int sq, Direction banned, Bitboard captured, int n) {
        bool jumped = false;
        const Direction dirs[3] = {forward(us_), EAST, WEST};
        for (Direction d : dirs) {
            if (d == banned) continue;
            int over = NEIGHBOURS[d][sq];
            if (over == SQ_NONE || !(opponents_ & square_bb(over))) continue;
            int land = NEIGHBOURS[d][over];
            if (land == SQ_NONE || !(empty_ & square_bb(land))) continue;
            jumped = true;
            take(over);
            path_[n] = static_cast<std::uint8_t>(land);
            bool crowned = last_rank_bb(us_) & square_bb(land);
            if (crowned && promotion_ == Promotion::IMMEDIATE)
                king(land, opposite(d), captured | square_bb(over), n + 1);
            else
                man(land, opposite(d), captured | square_bb(over), n + 1);
            untake(over);
        }
        if (!jumped) finish(sq, captured, n, last_rank_bb(us_) & square_bb(sq));
    }

    void king(int sq, Direction banned, Bitboard captured, int n) {
        bool jumped = false;
        for (int i = 0; i < DIRECTION_NB; ++i) {
            Direction d = Direction(i);
            if (d == banned) continue;
            Bitboard blockers = RAYS[d][sq] & ~empty_;
            if (!blockers) continue;
            int over = nearest(blockers, d);
            if (!(opponents_ & square_bb(over))) continue;
            take(over);
            Bitboard landings = slide(over, d, ~empty_);
            for (Bitboard l = landings; l;) {
                int land = pop_lsb(l);
                jumped = true;
                path_[n] = static_cast<std::uint8_t>(land);
                king(land, opposite(d), captured | square_bb(over), n + 1);
            }
            untake(over);
        }
        if (!jumped) finish(sq, captured, n, true);
    }

    void take(int sq) {
        opponents_ ^= square_bb(sq);
        empty_ ^= square_bb(sq);
    }
    void untake(int sq) { take(sq); }

    Sink& sink_;
    Color us_;
    Promotion promotion_;
    Bitboard opponents_; // opponent pieces still on the board
    Bitboard empty_;     // empty squares; the moving piece is off the board
    Bitboard men_ = 0, kings_ = 0;
    int from_ = 0;
    bool mover_king_ = false;
    std::uint8_t path_[SQUARE_NB] = {};
};

} // namespace damatb::core
