#include "core/symmetry.h"

namespace damatb::core {

Position transform(const Position& pos, int s) {
    return *Position::make(transform(pos.men(WHITE), s), transform(pos.kings(WHITE), s),
                           transform(pos.men(BLACK), s), transform(pos.kings(BLACK), s),
                           pos.side_to_move());
}

} // namespace damatb::core
