#include "support/helpers.h"

#include <algorithm>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace damatb::test {

core::Position fen(const std::string& text) {
    auto pos = core::parse_fen(text);
    INFO(text << ": " << pos.error());
    REQUIRE(pos.ok());
    return *pos;
}

std::vector<std::string> move_names(const std::string& fen_text, core::Promotion promotion) {
    core::Position pos = fen(fen_text);
    core::MoveList moves;
    core::generate_moves(pos, promotion, moves);
    std::vector<std::string> names;
    for (const core::Move& m : moves) names.push_back(core::move_to_string(pos, m, promotion));
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace damatb::test
