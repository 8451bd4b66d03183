#include "core/symmetry.h"

namespace damatb::core {

Bitboard transform(Bitboard b, int s) {
    if (s == IDENTITY) return b;
    Bitboard out = 0;
    while (b) out |= square_bb(TRANSFORMED[s][pop_lsb(b)]);
    return out;
}

Position transform(const Position& pos, int s) {
    return *Position::make(transform(pos.men(WHITE), s), transform(pos.kings(WHITE), s),
                           transform(pos.men(BLACK), s), transform(pos.kings(BLACK), s),
                           pos.side_to_move());
}

} // namespace damatb::core
