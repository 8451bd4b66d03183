// The HTTP API of `damatb serve`, in plain types: the JSON answers on the tables
// (/api/v1/probe, /line, /info, /stats) and the web pages' files (/, /stats, /explorer.js, ...,
// and /docs/values.md), as routes. docs/server.md describes them. The tool hands the routes to
// server::Router, which knows HTTP; nothing here does beyond status codes and header values.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "answers/table_info.h"
#include "core/ruleset.h"
#include "damatb/probe.hpp"

namespace damatb::answers {

struct ApiRequest {
    std::string_view path;                                   // the target up to '?'
    std::vector<std::pair<std::string, std::string>> params; // the query, decoded, in order
    // The value of parameter `name`, nullptr when it is not there.
    const std::string* param(std::string_view name) const;
};

struct ApiResponse {
    unsigned status = 200;
    std::string content_type = "application/json";
    std::string cache_control = "no-store";
    std::string body;
};

// The answer to a request on a route's path. It may be called on several threads at once.
using ApiHandler = std::function<ApiResponse(const ApiRequest&)>;

struct ApiRoute {
    std::string path; // "/api/v1/probe"
    ApiHandler answer;
};

// {"error": message} with the status, never cached.
ApiResponse error_response(unsigned status, const std::string& message);

// The routes: the API answering from tb (opened for rules), shared by every thread, with the
// folder's tables and statistics (folder_info's, kept) for /api/v1/info and for /api/v1/stats
// a class's census from its statistics file, or counted on request when the file has no DTZ
// counts (stats_census.h, class_census.h); then the web explorer's files. tb must outlive them.
std::vector<ApiRoute> api_routes(const probe::Tablebase& tb, const core::Ruleset& rules, const FolderInfo& folder);

} // namespace damatb::answers
