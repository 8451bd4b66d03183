// Positions between core and the probe library, which keeps core's types out of its header.
#pragma once

#include "core/position.h"
#include "damatb/probe.hpp"

namespace damatb::cli {

inline probe::Position to_probe(const core::Position& p) {
    return {p.men(core::WHITE), p.kings(core::WHITE), p.men(core::BLACK), p.kings(core::BLACK),
            p.side_to_move() == core::WHITE};
}

// The position of one the probe library gave back, which is valid.
inline core::Position to_core(const probe::Position& p) {
    return core::Position::from_valid(p.white_men, p.white_kings, p.black_men, p.black_kings,
                                      p.white_to_move ? core::WHITE : core::BLACK);
}

} // namespace damatb::cli
