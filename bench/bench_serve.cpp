// damatb_bench_serve: a load test of `damatb serve` (scripts/bench_serve.sh).
//
//   damatb_bench_serve PORT REQUESTS_FILE [--connections C] [--requests N] [--seconds S]
//
// Opens C keep-alive connections (default 4) to 127.0.0.1:PORT, all on one thread, each
// sending its next request as soon as the answer to the last one is read, until N requests
// (default 200000) are answered or S seconds (default 10) have passed. The requests cycle
// through REQUESTS_FILE, which holds for each: a line with the target (after the expected
// status and a space when it is not 200, e.g. "400 /api/v1/probe?fen=x"), a line with the byte
// count of the expected body, then that body. Every answer must have the expected status and
// body, else it counts as an error. Prints the requests answered, per second, the
// median, 99th percentile and largest latency (from the request written to the answer read);
// exit code 1 when an answer was wrong or a connection failed.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Entry {
    std::string request; // the whole request, ready to write
    std::string body;    // the expected body
    unsigned status = 200;
};

std::vector<Entry> read_entries(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<Entry> out;
    std::string target, size;
    while (std::getline(in, target) && std::getline(in, size)) {
        std::string body(std::stoul(size), '\0');
        in.read(body.data(), std::streamsize(body.size()));
        if (!in) throw std::runtime_error(path + ": a body is cut short");
        unsigned status = 200;
        if (!target.empty() && target[0] >= '1' && target[0] <= '5') { // "STATUS TARGET"
            status = unsigned(std::stoul(target));
            target = target.substr(target.find(' ') + 1);
        }
        out.push_back({"GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", std::move(body), status});
    }
    if (out.empty()) throw std::runtime_error(path + " holds no request");
    return out;
}

struct Run {
    Run(const std::vector<Entry>& e, std::size_t l, Clock::time_point d) : entries(e), limit(l), deadline(d) {}
    const std::vector<Entry>& entries;
    std::size_t limit;
    Clock::time_point deadline;
    std::size_t started = 0;
    std::size_t errors = 0;
    std::vector<std::uint32_t> latencies_us;
    std::string first_error;

    // The next request to send, or nullptr when the run is over.
    const Entry* next() {
        if (started >= limit || Clock::now() >= deadline) return nullptr;
        return &entries[started++ % entries.size()];
    }
    void error(const std::string& what) {
        if (errors++ == 0) first_error = what;
    }
};

class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(net::io_context& ioc, Run& run) : socket_(ioc), run_(run) {}

    void start(const tcp::endpoint& endpoint) {
        socket_.connect(endpoint);
        socket_.set_option(tcp::no_delay(true));
        send();
    }

private:
    void send() {
        entry_ = run_.next();
        if (!entry_) return;
        sent_ = Clock::now();
        net::async_write(socket_, net::buffer(entry_->request),
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             if (ec) return self->run_.error("write: " + ec.message());
                             self->receive();
                         });
    }

    void receive() {
        parser_.emplace();
        parser_->body_limit(16 << 20);
        http::async_read(socket_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             self->on_answer(ec);
                         });
    }

    void on_answer(beast::error_code ec) {
        if (ec) return run_.error("read: " + ec.message());
        const auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_).count();
        run_.latencies_us.push_back(static_cast<std::uint32_t>(us));
        const auto& res = parser_->get();
        if (res.result_int() != entry_->status || res.body() != entry_->body)
            run_.error("status " + std::to_string(res.result_int()) + " or an unexpected body for " +
                       entry_->request.substr(0, entry_->request.find('\r')) + ": " + res.body().substr(0, 200));
        if (!res.keep_alive()) return run_.error("the server closed the connection");
        send();
    }

    tcp::socket socket_;
    Run& run_;
    beast::flat_buffer buffer_;
    std::optional<http::response_parser<http::string_body>> parser_;
    const Entry* entry_ = nullptr;
    Clock::time_point sent_;
};

double percentile(std::vector<std::uint32_t> v, double p) {
    if (v.empty()) return 0;
    const std::size_t k = std::min(v.size() - 1, static_cast<std::size_t>(p * double(v.size())));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}

} // namespace

int main(int argc, char** argv) {
    try {
        if (argc < 3) throw std::runtime_error("usage: damatb_bench_serve PORT REQUESTS_FILE [--connections C] [--requests N] [--seconds S]");
        const auto port = static_cast<unsigned short>(std::stoi(argv[1]));
        const std::vector<Entry> entries = read_entries(argv[2]);
        int connections = 4;
        std::size_t requests = 200000;
        double seconds = 10;
        for (int i = 3; i + 1 < argc; i += 2) {
            const std::string option = argv[i];
            if (option == "--connections") connections = std::stoi(argv[i + 1]);
            else if (option == "--requests") requests = std::stoul(argv[i + 1]);
            else if (option == "--seconds") seconds = std::stod(argv[i + 1]);
            else throw std::runtime_error("unknown option " + option);
        }
        net::io_context ioc(1);
        const auto start = Clock::now();
        Run run(entries, requests,
                start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)));
        run.latencies_us.reserve(std::min<std::size_t>(requests, 50'000'000));
        const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
        for (int c = 0; c < connections; ++c) std::make_shared<Connection>(ioc, run)->start(endpoint);
        ioc.run();
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        const std::size_t answered = run.latencies_us.size();
        std::cout << answered << " requests on " << connections << " connections in " << elapsed
                  << " s (" << entries.size() << " different): " << static_cast<long>(double(answered) / elapsed)
                  << " requests/s, latency median " << percentile(run.latencies_us, 0.5) << " us, 99th percentile "
                  << percentile(run.latencies_us, 0.99) << " us, largest " << percentile(run.latencies_us, 1.0)
                  << " us; " << run.errors << " wrong answers or failures\n";
        if (run.errors) {
            std::cerr << "damatb_bench_serve: first failure: " << run.first_error << '\n';
            return 1;
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "damatb_bench_serve: " << e.what() << '\n';
        return 2;
    }
}
