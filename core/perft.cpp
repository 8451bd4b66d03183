#include "core/perft.h"

#include "core/movegen.h"

namespace damatb::core {

std::uint64_t perft(const Position& pos, int depth, Promotion promotion) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_moves(pos, promotion);
    MoveList moves;
    generate_moves(pos, promotion, moves);
    std::uint64_t nodes = 0;
    for (const Move& m : moves) nodes += perft(pos.after(m), depth - 1, promotion);
    return nodes;
}

} // namespace damatb::core
