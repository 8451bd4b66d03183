#include "core/quote_input.h"

namespace damatb::core {

namespace {

// A UTF-8 continuation byte (10xxxxxx) goes with the character before it.
bool continues(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

} // namespace

std::string quote_input(std::string_view input) {
    std::size_t chars = 0, cut = input.size();
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (continues(input[i])) continue;
        if (chars == SHOWN_INPUT_CHARS) cut = i;
        ++chars;
    }
    if (chars <= SHOWN_INPUT_CHARS) return "'" + std::string(input) + "'";
    return "'" + std::string(input.substr(0, cut)) + "...' (" + std::to_string(chars) + " characters)";
}

} // namespace damatb::core
