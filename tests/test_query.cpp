// The server's reading of a request's query: percent-decoding, '+' as a space, UTF-8.
#include <catch2/catch.hpp>

#include "server/query.h"

using namespace damatb::server;

TEST_CASE("Query: percent-decoding", "[server]") {
    CHECK(percent_decode("W%3AWc2%2CKf2%3ABKh8") == "W:Wc2,Kf2:BKh8");
    CHECK(percent_decode("a+b%20c") == "a b c");
    CHECK(percent_decode("%2b%2B") == "++");
    CHECK(percent_decode("") == "");
    CHECK_FALSE(percent_decode("%"));
    CHECK_FALSE(percent_decode("%4"));
    CHECK_FALSE(percent_decode("abc%g0"));
    CHECK_FALSE(percent_decode("%%41"));
}

TEST_CASE("Query: UTF-8", "[server]") {
    CHECK(is_utf8("W:Wc2"));
    CHECK(is_utf8("\xc3\xa9"));         // U+00E9
    CHECK(is_utf8("\xf0\x9f\x98\x80")); // U+1F600
    CHECK_FALSE(is_utf8("\xff"));
    CHECK_FALSE(is_utf8("\xc3"));             // cut short
    CHECK_FALSE(is_utf8("\xc0\xaf"));         // overlong '/'
    CHECK_FALSE(is_utf8("\xed\xa0\x80"));     // a surrogate
    CHECK_FALSE(is_utf8("\xf4\x90\x80\x80")); // above U+10FFFF
}

TEST_CASE("Query: pairs", "[server]") {
    const ParsedQuery q = parse_query("fen=W%3AWc2+&counter=3&&flag");
    REQUIRE(q.error.empty());
    REQUIRE(q.params.size() == 3);
    CHECK(q.params[0] == std::pair<std::string, std::string>{"fen", "W:Wc2 "});
    CHECK(q.params[1] == std::pair<std::string, std::string>{"counter", "3"});
    CHECK(q.params[2] == std::pair<std::string, std::string>{"flag", ""});
    CHECK_FALSE(parse_query("fen=%zz").error.empty());
    CHECK_FALSE(parse_query("fen=%ff").error.empty());
    CHECK(parse_query("").params.empty());
}
