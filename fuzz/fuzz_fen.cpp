// Fuzz target: core::parse_fen on any text. It must not crash; what it refuses has a reason,
// and what it accepts prints (to_fen) as a FEN that reads back as the same position and prints
// the same again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/fen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace damatb::core;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Result<Position> pos = parse_fen(text);
    if (!pos) {
        if (pos.error().empty()) std::abort(); // a refusal names its reason
        return 0;
    }
    const std::string fen = to_fen(*pos);
    const Result<Position> again = parse_fen(fen);
    if (!again || *again != *pos || to_fen(*again) != fen) std::abort();
    return 0;
}
