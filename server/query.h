// The query of a request target: "/api/v1/probe?fen=W%3AWc2%2CKf2%3ABKh8&counter=0".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace damatb::server {

// The name=value pairs of a query, decoded, in their order.
using Params = std::vector<std::pair<std::string, std::string>>;

// `text` with each %XY replaced by the byte of hex XY and each '+' by a space ("W%3AWc2+" gives
// "W:Wc2 "); nullopt when a '%' is not followed by two hex digits.
std::optional<std::string> percent_decode(std::string_view text);

// True when text is well-formed UTF-8 (no overlong forms, surrogates or code points above
// U+10FFFF).
bool is_utf8(std::string_view text);

// The pairs of a query ("a=1&b=x+y" gives {a, 1}, {b, "x y"}; "a" alone gives {a, ""}; empty
// parts are skipped), or why it is not one: a bad percent-encoding, a name or value that is not
// UTF-8 once decoded.
struct ParsedQuery {
    Params params;
    std::string error; // "" when the query was read
};
ParsedQuery parse_query(std::string_view query);

} // namespace damatb::server
