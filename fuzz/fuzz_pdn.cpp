// Fuzz target: the PDN reader of `damatb annotate` (cli/pdn.h) on any text. It must not crash;
// what it refuses has a reason naming the game, and what it reads holds only moves made of
// squares.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cli/pdn.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        for (const damatb::cli::PdnGame& game : damatb::cli::read_pdn(text)) {
            if (game.number < 1) std::abort();
            for (const damatb::cli::PdnMove& m : game.moves)
                if (m.text.size() < 5 || m.text.size() % 3 != 2) std::abort();
        }
    } catch (const std::runtime_error& e) {
        if (std::string_view(e.what()).substr(0, 5) != "game ") std::abort(); // names the game
    }
    return 0;
}
