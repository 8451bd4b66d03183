// Input shown in error messages (core/quote_input.h): whole when short, cut after 60 characters
// with its length, never inside a UTF-8 character.
#include <string>

#include <catch2/catch.hpp>

#include "core/quote_input.h"

using damatb::core::quote_input;

TEST_CASE("Quoted input: short input whole, long input cut with its length", "[quote]") {
    CHECK(quote_input("z9") == "'z9'");
    CHECK(quote_input("") == "''");
    const std::string sixty(60, 'a');
    CHECK(quote_input(sixty) == "'" + sixty + "'");
    CHECK(quote_input(sixty + "b") == "'" + sixty + "...' (61 characters)");
    CHECK(quote_input(std::string(8000, 'x')) == "'" + std::string(60, 'x') + "...' (8000 characters)");
}

TEST_CASE("Quoted input: characters are UTF-8 code points", "[quote]") {
    // 70 e-acutes (2 bytes each): 60 shown whole, 70 counted.
    std::string e;
    for (int i = 0; i < 70; ++i) e += "\xc3\xa9";
    CHECK(quote_input(e) == "'" + e.substr(0, 120) + "...' (70 characters)");
    CHECK(quote_input(e.substr(0, 120)) == "'" + e.substr(0, 120) + "'");
}
