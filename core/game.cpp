#include "core/game.h"

#include "core/movegen.h"

namespace damatb::core {

Outcome lone_pieces_outcome(const Position& pos, LonePieces rule) {
    const Color us = pos.side_to_move(), them = ~us;
    if (rule == LonePieces::PLAY_ON || popcount(pos.pieces(us)) != 1 ||
        popcount(pos.pieces(them)) != 1)
        return Outcome::NONE;
    if (rule == LonePieces::DRAW) return Outcome::DRAW;
    if (pos.kings(us) && pos.men(them)) return Outcome::WIN;
    if (pos.men(us) && pos.kings(them)) return Outcome::LOSS;
    return Outcome::NONE;
}

Outcome game_outcome(const Position& pos, const Ruleset& rules) {
    if (Outcome o = lone_pieces_outcome(pos, rules.lone_pieces); o != Outcome::NONE) return o;
    return count_moves(pos, rules.promotion) == 0 ? Outcome::LOSS : Outcome::NONE;
}

Outcome game_outcome(const Position& pos, const Ruleset& rules, MoveList& moves) {
    moves.clear();
    if (Outcome o = lone_pieces_outcome(pos, rules.lone_pieces); o != Outcome::NONE) return o;
    generate_moves(pos, rules.promotion, moves);
    return moves.empty() ? Outcome::LOSS : Outcome::NONE;
}

} // namespace damatb::core
