// Input a person or a program gave, as an error message shows it: never a flood of text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace damatb::core {

// How many characters of an input an error message shows before it cuts.
inline constexpr std::size_t SHOWN_INPUT_CHARS = 60;

// input in single quotes; one longer than SHOWN_INPUT_CHARS characters is cut after them, with
// "..." and its whole length: 'z9' gives "'z9'", 8000 x's give "'xx...x...' (8000 characters)"
// (60 x's). Characters are UTF-8 code points, so a cut never splits one.
std::string quote_input(std::string_view input);

} // namespace damatb::core
