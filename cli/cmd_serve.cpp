// damatb serve: the tables over HTTP (a JSON API) and the web explorer, until SIGINT or SIGTERM.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "answers/http_api.h"
#include "answers/table_info.h"
#include "cli/commands.h"
#include "cli/tables.h"
#include "core/quote_input.h"
#include "server/http_server.h"

namespace damatb::cli {

namespace {

CommandSyntax serve_syntax() {
    CommandSyntax syntax(
        "damatb serve [options]",
        "Serves the tables over HTTP/1.1 until SIGINT or SIGTERM (then exits with code 0):\n"
        "  GET /api/v1/probe?fen=FEN&counter=C   the object of `damatb probe --json`\n"
        "  GET /api/v1/line?fen=FEN&counter=C    the best line, as `damatb line --json`\n"
        "  GET /api/v1/info                      the ruleset, the classes and their statistics\n"
        "  GET /api/v1/stats?class=CLASS         a class's counts and DTZ histograms\n"
        "  GET /                                 the web explorer (a board, the moves, the line)\n"
        "  GET /stats?class=CLASS                a class's statistics drawn (docs/server.md)\n"
        "Errors are {\"error\": \"...\"}: 400 for a bad FEN, counter or parameter, 404 for a class\n"
        "not in the folder or an unknown path, 405 for a method other than GET or HEAD, 413\n"
        "for a target over 8 KiB or a body, 431 for header fields over 16 KiB. The access\n"
        "log, one line per request (method, target, status, bytes, microseconds), goes to\n"
        "stderr, or is appended to the file --log names, or with --quiet nowhere; stderr\n"
        "always has the first line, the address listened on (the port the system chose with\n"
        "--port 0), the last, and any error.\n"
        "docs/server.md describes the API. Exit code 2 for a bad option, a tables folder\n"
        "that is not there, a log file that cannot be opened or an address that cannot be\n"
        "listened on.");
    syntax.options.add_options()(
        "host", po::value<std::string>()->value_name("ADDRESS")->default_value("127.0.0.1"),
        "the address to listen on (0.0.0.0: every interface)")(
        "port", po::value<int>()->value_name("PORT")->default_value(8080),
        "the TCP port (0: one the system chooses)")(
        "threads", po::value<int>()->value_name("T"),
        "threads answering requests (default: the hardware threads)")(
        "cache-mib", po::value<int>()->value_name("M")->default_value(64),
        "the probe's block cache, in MiB")(
        "log", po::value<std::string>()->value_name("FILE"),
        "append the access log to FILE (made if missing) instead of stderr")(
        "quiet", "no access log");
    add_tables_option(syntax);
    add_ruleset_options(syntax);
    return syntax;
}

// Writes text and a line end to fd in one system call (more only if the system cuts it short);
// false when it could not.
bool write_line(int fd, std::string_view text) {
    std::string line(text);
    line += '\n';
    for (std::size_t done = 0; done < line.size();) {
        const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// One line to stderr: the server's own messages and errors.
void log_line(std::string_view text) { write_line(STDERR_FILENO, text); }

// Where the access log goes: stderr, a file it appends to, or nowhere (--quiet). Lines are
// written whole in one system call each, so that lines of several threads never mix.
class AccessLog {
public:
    explicit AccessLog(const po::variables_map& vm) {
        if (vm.count("quiet") && vm.count("log"))
            throw UsageError("--quiet and --log go against each other: choose one");
        if (vm.count("quiet")) fd_ = -1;
        if (!vm.count("log")) return;
        path_ = vm["log"].as<std::string>();
        fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (fd_ < 0) throw UsageError("--log: cannot open '" + path_ + "': " + std::strerror(errno));
    }
    ~AccessLog() {
        if (!path_.empty()) ::close(fd_);
    }
    AccessLog(const AccessLog&) = delete;
    AccessLog& operator=(const AccessLog&) = delete;

    void write(std::string_view line) {
        if (fd_ < 0) return;
        // A file that can no longer be written (a full disk) is said once on stderr.
        if (!write_line(fd_, line) && !path_.empty() && !failed_.exchange(true))
            log_line("damatb serve: cannot write the access log '" + path_ + "': " + std::strerror(errno));
    }

private:
    int fd_ = STDERR_FILENO;
    std::string path_;              // "" for stderr and nowhere
    std::atomic<bool> failed_{false}; // a failed write is reported once
};

// The HTTP response of an API answer.
server::Response http_response(answers::ApiResponse r) {
    return {r.status, std::move(r.content_type), std::move(r.cache_control), std::move(r.body)};
}

// The router of the API's routes (answers/http_api.h): the server answers its HTTP, the answers
// library the requests.
server::Router make_router(std::vector<answers::ApiRoute> routes) {
    server::Router router(
        [](unsigned status, const std::string& message) {
            return http_response(answers::error_response(status, message));
        },
        core::quote_input);
    for (answers::ApiRoute& route : routes)
        router.add(std::move(route.path), [answer = std::move(route.answer)](const server::Request& req) {
            return http_response(answer({req.path, req.params}));
        });
    return router;
}

} // namespace

int run_serve(const Args& args) {
    const CommandSyntax syntax = serve_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const core::Ruleset rules = ruleset_option(*vm);
    server::Config config;
    config.host = (*vm)["host"].as<std::string>();
    const int port = (*vm)["port"].as<int>();
    if (port < 0 || port > 65535) throw UsageError("--port " + std::to_string(port) + " is out of range: 0 to 65535");
    config.port = static_cast<unsigned short>(port);
    config.threads = vm->count("threads") ? (*vm)["threads"].as<int>()
                                          : int(std::max(1u, std::thread::hardware_concurrency()));
    if (config.threads < 1 || config.threads > 256)
        throw UsageError("--threads " + std::to_string(config.threads) + " is out of range: 1 to 256");
    const int cache_mib = (*vm)["cache-mib"].as<int>();
    if (cache_mib < 0) throw UsageError("--cache-mib must be 0 or more");
    const std::string dir = tables_option(*vm, rules);
    AccessLog access_log(*vm);
    const auto tb = open_tables(dir, rules, std::size_t(cache_mib) << 20);

    const auto info = answers::folder_info(dir, rules);
    if (!info) throw TableFailure(info.error());
    const server::Router router = make_router(answers::api_routes(*tb, rules, *info));
    try {
        server::serve(
            config, router,
            [&](const std::string& address, unsigned short bound) {
                const std::string host = address.find(':') != std::string::npos ? "[" + address + "]" : address;
                log_line("damatb serve: listening on http://" + host + ":" + std::to_string(bound) +
                         "/ (tables " + dir + ", ruleset " + rules.name() + ", " +
                         std::to_string(config.threads) + (config.threads == 1 ? " thread)" : " threads)"));
            },
            [&access_log](std::string_view line) { access_log.write(line); });
    } catch (const std::runtime_error& e) {
        throw UsageError(e.what());
    }
    log_line("damatb serve: stopped");
    return 0;
}

} // namespace damatb::cli
