// The five values a table stores for a position (docs/values.md, "Values"), for the
// side to move, with the king-move counter at 0.
#pragma once

#include <cstdint>
#include <string_view>

namespace damatb::core {

enum class Wdl5 : std::uint8_t { LOSS = 0, BLESSED_LOSS = 1, DRAW = 2, CURSED_WIN = 3, WIN = 4 };
constexpr int WDL5_NB = 5;

// The value for the other side: win <-> loss, cursed-win <-> blessed-loss.
constexpr Wdl5 negate(Wdl5 v) { return Wdl5(4 - static_cast<int>(v)); }

constexpr std::string_view to_string(Wdl5 v) {
    switch (v) {
    case Wdl5::LOSS: return "loss";
    case Wdl5::BLESSED_LOSS: return "blessed-loss";
    case Wdl5::DRAW: return "draw";
    case Wdl5::CURSED_WIN: return "cursed-win";
    default: return "win";
    }
}

// Won (lost) when the king-move limit is ignored: win or cursed-win (loss or blessed-loss).
constexpr bool wins_without_limit(Wdl5 v) { return v >= Wdl5::CURSED_WIN; }
constexpr bool loses_without_limit(Wdl5 v) { return v <= Wdl5::BLESSED_LOSS; }

} // namespace damatb::core
