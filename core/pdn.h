// Reading PDN (Portable Draughts Notation) games: tags and the moves of the main line.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace damatb::core {

struct PdnMove {
    int number = 0;     // the move number written before it, or carried on from the last one
    bool black = false; // the second move of a numbered pair (or after "N...")
    std::string text;   // the move as written, annotation marks (!, ?) taken off
};

struct PdnGame {
    int number = 0; // 1 for the first game of the text
    std::vector<std::pair<std::string, std::string>> tags; // [Name "value"], in order
    std::vector<PdnMove> moves;
    std::string result; // "1-0", "2-0", "1/2-1/2", "*", ... or "" when none is written

    // The value of tag `name`, "" when it is not there.
    std::string tag(std::string_view name) const;
    // "game 2 (White "A" - Black "B")", or "game 2" without those tags: how errors name it.
    std::string label() const;
};

// The games of a PDN text, or why it cannot be read, naming the game, the move number and the
// token (cut when long): a tag whose value has no closing '"' on its line or no ']' after it, a
// GameType other than Turkish draughts (30; refused by the name of its game as soon as the tag
// is read), an unclosed comment or variation, a token that is no move. Comments ({...}, ; to the
// end of the line), variations ((...)) and numeric annotation glyphs ($n) are skipped.
Result<std::vector<PdnGame>> read_pdn(std::string_view text);

} // namespace damatb::core
