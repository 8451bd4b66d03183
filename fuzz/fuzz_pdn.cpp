// Fuzz target: the PDN reader of `damatb annotate` (core/pdn.h) on any text. It must not crash;
// what it refuses has a reason naming the game, and what it reads holds only moves made of
// squares.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/pdn.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto games = damatb::core::read_pdn(text);
    if (!games) {
        if (std::string_view(games.error()).substr(0, 5) != "game ") std::abort(); // names the game
        return 0;
    }
    for (const damatb::core::PdnGame& game : *games) {
        if (game.number < 1) std::abort();
        for (const damatb::core::PdnMove& m : game.moves)
            if (m.text.size() < 5 || m.text.size() % 3 != 2) std::abort();
    }
    return 0;
}
