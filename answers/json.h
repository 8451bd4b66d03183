// Minimal JSON output: string escaping, one-line objects, arrays of them.
#pragma once

#include <concepts>
#include <string>
#include <string_view>
#include <vector>

namespace damatb::answers::json {

// `text` as a JSON string literal, quotes included: "a\"b" for a"b. Control
// characters are escaped; other bytes pass through (the text is UTF-8).
std::string quote(std::string_view text);

// A JSON object written on one line, members in the order added:
// Object().add_string("move", "c3-c4").add_bool("promotion", false).str()
// gives {"move": "c3-c4", "promotion": false}.
class Object {
public:
    Object& add_string(std::string_view key, std::string_view value);
    Object& add_bool(std::string_view key, bool value);
    template <std::integral T>
    Object& add_number(std::string_view key, T value) {
        return add_raw(key, std::to_string(value));
    }
    // Adds a value that is already JSON text (a nested object or array).
    Object& add_raw(std::string_view key, std::string_view json);
    std::string str() const;

private:
    std::string members_;
};

// A JSON array of already-written elements, one per line; "[]" when empty.
std::string array(const std::vector<std::string>& elements);
// The same on one line: "[a, b]".
std::string one_line_array(const std::vector<std::string>& elements);

} // namespace damatb::answers::json
