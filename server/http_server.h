// An HTTP/1.1 server (Boost.Beast) that answers GET requests from a table of routes, on a pool
// of threads, until SIGINT or SIGTERM. It knows HTTP and nothing of the game: the routes and
// the error bodies come from the caller.
//
// Map: Router (routes, methods, query) -> serve() (listener, signals, threads) -> a Session per
// connection (read with limits, route, write, keep-alive, one log line per request).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "server/query.h"

namespace damatb::server {

struct Request {
    std::string_view target; // as received: "/api/v1/probe?fen=..."
    std::string_view path;   // the target up to '?'
    Params params;           // the query, decoded
    // The value of parameter `name`, nullptr when it is not there.
    const std::string* param(std::string_view name) const;
};

struct Response {
    unsigned status = 200;
    std::string content_type = "application/json";
    std::string cache_control = "no-store";
    std::string body;
};

// The answer to a request on a route's path. It may be called on several threads at once.
using Handler = std::function<Response(const Request&)>;
// The response for an error: status and a message naming the problem.
using ErrorResponder = std::function<Response(unsigned status, const std::string& message)>;
// How a message shows text of the request (a path, a method), which may be long: the user's rule
// (the tool's is core::quote_input), so that every message of a program shows input alike.
using InputQuoter = std::function<std::string(std::string_view input)>;

// Answers GET and HEAD requests by path: a route's handler, else 404; other methods get 405, a
// query that cannot be decoded 400 (all through the ErrorResponder).
class Router {
public:
    Router(ErrorResponder error, InputQuoter quote) : error_(std::move(error)), quote_(std::move(quote)) {}
    void add(std::string path, Handler handler);
    // The response to a request with this method ("GET") and target.
    Response route(std::string_view method, std::string_view target) const;
    Response error(unsigned status, const std::string& message) const { return error_(status, message); }

private:
    ErrorResponder error_;
    InputQuoter quote_;
    std::vector<std::pair<std::string, Handler>> routes_;
};

struct Config {
    std::string host = "127.0.0.1";
    unsigned short port = 8080; // 0: a free port the system picks
    int threads = 1;
    std::size_t max_target = 8 << 10;  // a longer request target gets 413
    std::size_t max_headers = 16 << 10; // longer header fields, together, get 431
    std::size_t max_body = 8 << 10;     // a longer body gets 413
    std::chrono::seconds idle_timeout{30}; // a connection silent that long is closed

    // What the parser reads of the request line and the header fields together before it gives
    // up; which of them was too long is told after (413 for the target, 431 for the fields).
    std::size_t header_read_limit() const { return max_target + max_headers + 1024; }
};

// Serves router's routes on config.host:config.port until SIGINT or SIGTERM, then stops
// accepting, lets the requests under way finish, and returns. Calls listening(address, port)
// once the socket listens (the port is the real one when config.port is 0), and log(line) for
// each request: "GET /api/v1/info 200 1234 56us" (method, target, status, body bytes,
// microseconds from the request read to the answer written), from any thread. Throws
// std::runtime_error when the address cannot be resolved or bound.
void serve(const Config& config, const Router& router,
           const std::function<void(const std::string& address, unsigned short port)>& listening,
           const std::function<void(std::string_view line)>& log);

} // namespace damatb::server
