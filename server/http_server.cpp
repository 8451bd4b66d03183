#include "server/http_server.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace damatb::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

const std::string* Request::param(std::string_view name) const {
    for (const auto& [n, v] : params)
        if (n == name) return &v;
    return nullptr;
}

void Router::add(std::string path, Handler handler) {
    routes_.emplace_back(std::move(path), std::move(handler));
}

Response Router::route(std::string_view method, std::string_view target) const {
    if (method != "GET" && method != "HEAD")
        return error(405, "method " + quote_(method) + " is not allowed: only GET and HEAD");
    Request request;
    request.target = target;
    const std::size_t q = target.find('?');
    request.path = target.substr(0, q);
    const auto route = std::find_if(routes_.begin(), routes_.end(),
                                    [&](const auto& r) { return r.first == request.path; });
    if (route == routes_.end()) return error(404, "no such path: " + quote_(request.path));
    if (q != std::string_view::npos) {
        ParsedQuery query = parse_query(target.substr(q + 1));
        if (!query.error.empty()) return error(400, query.error);
        request.params = std::move(query.params);
    }
    return route->second(request);
}

namespace {

class Session;

// What the listener and the sessions share.
struct ServerState {
    ServerState(const Config& c, const Router& r, const std::function<void(std::string_view)>& l)
        : config(c), router(r), log(l) {}
    const Config& config;
    const Router& router;
    const std::function<void(std::string_view)>& log;
    std::atomic<bool> stopping{false};
    std::mutex mutex; // guards sessions
    std::list<std::weak_ptr<Session>> sessions;
};

// A log line's view of a target: printable ASCII, at most 200 bytes.
std::string loggable(std::string_view target) {
    std::string out(target.substr(0, 200));
    for (char& c : out)
        if (c < 0x20 || c > 0x7E) c = '?';
    if (target.size() > 200) out += "...";
    return out;
}

// One connection: requests read one after the other (keep-alive), each answered in turn.
class Session : public std::enable_shared_from_this<Session> {
public:
    Session(tcp::socket socket, ServerState& state) : stream_(std::move(socket)), state_(state) {}

    ~Session() {
        std::lock_guard lock(state_.mutex);
        state_.sessions.erase(registration_);
    }

    void start() {
        {
            std::lock_guard lock(state_.mutex);
            registration_ = state_.sessions.insert(state_.sessions.end(), weak_from_this());
        }
        net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }

    // On the server's stop: a connection waiting for a request is closed, one answering closes
    // once its answer is written. Runs on the session's thread.
    void stop() {
        if (reading_) stream_.close();
    }

    boost::asio::any_io_executor executor() { return stream_.get_executor(); }

private:
    void read() {
        if (state_.stopping) return close();
        parser_.emplace();
        const Config& c = state_.config;
        parser_->header_limit(static_cast<std::uint32_t>(c.header_read_limit()));
        parser_->body_limit(c.max_body);
        stream_.expires_after(c.idle_timeout);
        reading_ = true;
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             self->on_read(ec);
                         });
    }

    void on_read(beast::error_code ec) {
        reading_ = false;
        start_ = Clock::now();
        if (ec == http::error::header_limit) return fail(header_limit_status(), "the request header is too large");
        if (ec == http::error::body_limit)
            return fail(413, "the request body is larger than " + std::to_string(state_.config.max_body) + " bytes");
        if (ec && ec.category() == http::make_error_code(http::error::bad_method).category() &&
            ec != http::error::end_of_stream && ec != http::error::partial_message)
            return fail(400, "malformed request: " + ec.message());
        if (ec) return close(); // closed, cut in the middle, timed out, reset

        const auto& req = parser_->get();
        const Config& c = state_.config;
        std::size_t header_bytes = 0;
        for (const auto& field : req) header_bytes += field.name_string().size() + field.value().size() + 4;
        const std::string method(req.method_string());
        const std::string target(req.target());
        Response res;
        bool keep_alive = req.keep_alive();
        if (target.size() > c.max_target) {
            res = state_.router.error(413, "the request target is longer than " + std::to_string(c.max_target) + " bytes");
            keep_alive = false;
        } else if (header_bytes > c.max_headers) {
            res = state_.router.error(431, "the header fields are larger than " + std::to_string(c.max_headers) + " bytes");
            keep_alive = false;
        } else {
            try {
                res = state_.router.route(method, target);
            } catch (const std::exception& e) {
                res = state_.router.error(500, std::string("internal error: ") + e.what());
            }
        }
        write(std::move(res), method, target, keep_alive, req.version(), method == "HEAD");
    }

    // 413 when the request line was not read whole within the limit, else 431 (the parser has
    // the target once it read the request line).
    unsigned header_limit_status() const {
        const std::size_t target = parser_->get().target().size();
        return target == 0 || target > state_.config.max_target ? 413 : 431;
    }

    // Answers a request that could not be read, and closes the connection.
    void fail(unsigned status, const std::string& message) {
        write(state_.router.error(status, message), "-", "-", false, 11, false);
    }

    void write(Response r, const std::string& method, const std::string& target, bool keep_alive,
               unsigned version, bool head) {
        res_.emplace();
        res_->version(version == 10 ? 10 : 11);
        res_->result(r.status);
        res_->set(http::field::server, "damatb");
        res_->set(http::field::content_type, r.content_type);
        res_->set(http::field::cache_control, r.cache_control);
        res_->set(http::field::access_control_allow_origin, "*");
        if (r.status == 405) res_->set(http::field::allow, "GET, HEAD");
        const bool closing = !keep_alive || state_.stopping;
        res_->keep_alive(!closing);
        res_->content_length(r.body.size());
        body_bytes_ = r.body.size();
        if (!head) res_->body() = std::move(r.body);
        log_ = method + " " + loggable(target) + " " + std::to_string(r.status);
        stream_.expires_after(state_.config.idle_timeout);
        http::async_write(stream_, *res_,
                          [self = shared_from_this(), closing](beast::error_code ec, std::size_t) {
                              self->on_write(ec, closing);
                          });
    }

    void on_write(beast::error_code ec, bool closing) {
        const auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
        state_.log(log_ + " " + std::to_string(body_bytes_) + " " + std::to_string(us) + "us");
        res_.reset();
        if (ec || closing) return close();
        read();
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.close();
    }

    beast::tcp_stream stream_;
    ServerState& state_;
    std::list<std::weak_ptr<Session>>::iterator registration_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::optional<http::response<http::string_body>> res_;
    bool reading_ = false;
    Clock::time_point start_;
    std::size_t body_bytes_ = 0;
    std::string log_;
};

// Accepts connections until stopped, and gives each to the next thread's io_context in turn.
class Listener {
public:
    using Contexts = std::vector<std::unique_ptr<net::io_context>>;
    Listener(Contexts& contexts, ServerState& state, tcp::endpoint endpoint)
        : contexts_(contexts), state_(state), acceptor_(*contexts[0]),
          signals_(*contexts[0], SIGINT, SIGTERM) {
        for (std::size_t i = 1; i < contexts.size(); ++i)
            idle_guards_.emplace_back(net::make_work_guard(*contexts[i]));
        acceptor_.open(endpoint.protocol());
        acceptor_.set_option(net::socket_base::reuse_address(true));
        acceptor_.bind(endpoint);
        acceptor_.listen(net::socket_base::max_listen_connections);
    }

    tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

    void start() {
        signals_.async_wait([this](beast::error_code ec, int) {
            if (!ec) stop();
        });
        accept();
    }

private:
    void accept() {
        net::io_context& next = *contexts_[next_++ % contexts_.size()];
        acceptor_.async_accept(next, [this](beast::error_code ec, tcp::socket socket) {
            if (state_.stopping) return;
            if (!ec) {
                beast::error_code ignored;
                socket.set_option(tcp::no_delay(true), ignored);
                std::make_shared<Session>(std::move(socket), state_)->start();
            }
            accept(); // an error on one connection (too many open files, reset) stops nothing
        });
    }

    // Runs on the first context's thread, as the acceptor's handlers do.
    void stop() {
        state_.stopping = true;
        beast::error_code ignored;
        acceptor_.close(ignored);
        idle_guards_.clear(); // the other threads return once their sessions are done
        // Taken under the lock, posted and let go outside it: the last owner of a session
        // destroys it, and its destructor takes the lock.
        std::vector<std::shared_ptr<Session>> live;
        {
            std::lock_guard lock(state_.mutex);
            for (const auto& weak : state_.sessions)
                if (auto session = weak.lock()) live.push_back(std::move(session));
        }
        for (const auto& session : live) net::post(session->executor(), [session] { session->stop(); });
    }

    Contexts& contexts_;
    ServerState& state_;
    tcp::acceptor acceptor_;
    net::signal_set signals_;
    std::vector<net::executor_work_guard<net::io_context::executor_type>> idle_guards_;
    std::size_t next_ = 0;
};

} // namespace

void serve(const Config& config, const Router& router,
           const std::function<void(const std::string& address, unsigned short port)>& listening,
           const std::function<void(std::string_view line)>& log) {
    // One io_context per thread, each running the connections it was given: no locks or
    // wake-ups between threads on the way of a request.
    Listener::Contexts contexts;
    for (int i = 0; i < std::max(1, config.threads); ++i)
        contexts.push_back(std::make_unique<net::io_context>(1));
    tcp::endpoint endpoint;
    try {
        tcp::resolver resolver(*contexts[0]);
        const auto results = resolver.resolve(config.host, std::to_string(config.port),
                                              tcp::resolver::passive | tcp::resolver::numeric_service);
        if (results.empty()) throw std::runtime_error("no address");
        endpoint = results.begin()->endpoint();
    } catch (const std::exception& e) {
        throw std::runtime_error("cannot resolve host '" + config.host + "': " + e.what());
    }
    ServerState state(config, router, log);
    std::optional<Listener> listener;
    try {
        listener.emplace(contexts, state, endpoint);
    } catch (const boost::system::system_error& e) {
        throw std::runtime_error("cannot listen on " + endpoint.address().to_string() + ":" +
                                 std::to_string(endpoint.port()) + ": " + e.code().message());
    }
    listener->start();
    const tcp::endpoint bound = listener->local_endpoint();
    listening(bound.address().to_string(), bound.port());

    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < contexts.size(); ++i)
        threads.emplace_back([&context = *contexts[i]] { context.run(); });
    contexts[0]->run();
    for (std::thread& t : threads) t.join();
}

} // namespace damatb::server
