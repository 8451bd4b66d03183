// Between core's types and the probe library's public ones, which keep core out of the public
// headers. For this tree alone (the probe library itself, the tool, the verify library, tests
// and benchmarks): not installed. The enums hold the same numbers on both sides, which the
// static_asserts below tie together.
#pragma once

#include <string_view>

#include "core/position.h"
#include "core/ruleset.h"
#include "core/wdl.h"
#include "damatb/probe.hpp"

namespace damatb::bridge {

static_assert(int(probe::Wdl5::LOSS) == int(core::Wdl5::LOSS));
static_assert(int(probe::Wdl5::BLESSED_LOSS) == int(core::Wdl5::BLESSED_LOSS));
static_assert(int(probe::Wdl5::DRAW) == int(core::Wdl5::DRAW));
static_assert(int(probe::Wdl5::CURSED_WIN) == int(core::Wdl5::CURSED_WIN));
static_assert(int(probe::Wdl5::WIN) == int(core::Wdl5::WIN));
static_assert(int(probe::Promotion::END_OF_MOVE) == int(core::Promotion::END_OF_MOVE));
static_assert(int(probe::Promotion::IMMEDIATE) == int(core::Promotion::IMMEDIATE));
static_assert(int(probe::LonePieces::KING_WINS) == int(core::LonePieces::KING_WINS));
static_assert(int(probe::LonePieces::DRAW) == int(core::LonePieces::DRAW));
static_assert(int(probe::LonePieces::PLAY_ON) == int(core::LonePieces::PLAY_ON));

inline probe::Position to_probe(const core::Position& p) {
    return {p.men(core::WHITE), p.kings(core::WHITE), p.men(core::BLACK), p.kings(core::BLACK),
            p.side_to_move() == core::WHITE};
}

// core's position of a probe position that is valid (probe.hpp, Position): one the probe
// library gave back, or one the caller has checked.
inline core::Position to_core(const probe::Position& p) {
    return core::Position::from_valid(p.white_men, p.white_kings, p.black_men, p.black_kings,
                                      p.white_to_move ? core::WHITE : core::BLACK);
}

inline probe::Ruleset to_probe(const core::Ruleset& r) {
    return {static_cast<probe::Promotion>(r.promotion),
            static_cast<probe::LonePieces>(r.lone_pieces), r.king_move_limit};
}

// core's ruleset of a probe ruleset whose options are in range (promotion 0 to 1, lone pieces
// 0 to 2, limit 0 to 255).
inline core::Ruleset to_core(const probe::Ruleset& r) {
    return {static_cast<core::Promotion>(r.promotion),
            static_cast<core::LonePieces>(r.lone_pieces),
            static_cast<std::uint8_t>(r.king_move_limit)};
}

inline probe::Wdl5 to_probe(core::Wdl5 w) { return static_cast<probe::Wdl5>(w); }
inline core::Wdl5 to_core(probe::Wdl5 w) { return static_cast<core::Wdl5>(w); }

// The words of docs/values.md for a probe's values, as the tool and the Python module write
// them: "win", "draw", "loss"; "win", "cursed-win", "draw", "blessed-loss", "loss".
inline std::string_view result_word(probe::Result r) {
    return r == probe::Result::WIN ? "win" : r == probe::Result::LOSS ? "loss" : "draw";
}
inline std::string_view wdl_word(probe::Wdl5 w) { return core::to_string(to_core(w)); }

} // namespace damatb::bridge
