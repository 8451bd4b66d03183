// Fuzz target: a request as `damatb serve` reads it (server/), on any bytes. It must not crash,
// and:
//   - as a request: Boost.Beast's parser with the server's limits (server::Config), then, when a
//     request is read, the router (path, method, query decoding) answers 200 only on its route,
//     with parameters that are UTF-8, else 400, 404 or 405 with a message of bounded length
//     (long input is cut);
//   - as a query (server/query.h): what parse_query reads is UTF-8 and reads back the same once
//     percent-encoded again; what percent_decode reads is never longer than its input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "core/quote_input.h"
#include "server/http_server.h"
#include "server/query.h"

namespace {

namespace http = boost::beast::http;
using namespace damatb::server;

// Every byte as %XY: what a query's name or value decodes back from.
std::string percent_encode(std::string_view text) {
    static constexpr char HEX[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        out += '%';
        out += HEX[b >> 4];
        out += HEX[b & 0xF];
    }
    return out;
}

void check_query(std::string_view text) {
    if (const auto decoded = percent_decode(text); decoded && decoded->size() > text.size()) std::abort();
    const ParsedQuery q = parse_query(text);
    if (!q.error.empty()) return;
    std::string again;
    for (const auto& [name, value] : q.params) {
        if (!is_utf8(name) || !is_utf8(value)) std::abort();
        again += (again.empty() ? "" : "&") + percent_encode(name) + "=" + percent_encode(value);
    }
    const ParsedQuery back = parse_query(again);
    if (!back.error.empty() || back.params != q.params) std::abort();
}

const Router& router() {
    static const Router r = [] {
        Router made(
            [](unsigned status, const std::string& message) {
                // A message names the problem and shows at most 60 characters of the request's
                // text (4 bytes each at most in UTF-8) with the words around them.
                if (status < 400 || status > 499 || message.empty() || message.size() > 400) std::abort();
                return Response{status, "application/json", "no-store", message};
            },
            damatb::core::quote_input);
        made.add("/api/v1/probe", [](const Request& req) {
            for (const auto& [name, value] : req.params)
                if (!is_utf8(name) || !is_utf8(value)) std::abort();
            if (req.path != "/api/v1/probe") std::abort();
            return Response{200, "application/json", "no-store", "{}"};
        });
        return made;
    }();
    return r;
}

void check_request(std::string_view bytes) {
    const Config config;
    http::request_parser<http::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(config.header_read_limit()));
    parser.body_limit(config.max_body);
    parser.eager(true);
    boost::beast::error_code ec;
    while (!bytes.empty() && !parser.is_done()) {
        const std::size_t used = parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
        if (ec == http::error::need_more) break;
        if (ec) return; // the server answers 400, 413 or 431 and closes
        if (used == 0) break;
        bytes.remove_prefix(used);
    }
    if (!parser.is_done()) {
        parser.put_eof(ec);
        if (ec || !parser.is_done()) return; // cut short: the server closes
    }
    const auto& req = parser.get();
    const auto method = req.method_string();
    const auto target = req.target();
    const Response r = router().route(std::string_view(method.data(), method.size()),
                                      std::string_view(target.data(), target.size()));
    if (r.status != 200 && r.status != 400 && r.status != 404 && r.status != 405) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    check_query(bytes);
    check_request(bytes);
    return 0;
}
