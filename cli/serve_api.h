// The routes of `damatb serve`: the JSON API on the tables (/api/v1/probe, /line, /info) and
// the web explorer's files (/ and /explorer.js, ...). docs/server.md describes them.
#pragma once

#include <string>

#include "core/ruleset.h"
#include "damatb/probe.hpp"
#include "server/http_server.h"

namespace damatb::cli {

// {"error": message} with the status, never cached.
server::Response error_response(unsigned status, const std::string& message);

// The JSON of /api/v1/info for the tables of folder dir: the ruleset, and the classes with
// their tables and statistics.
std::string info_json(const std::string& dir, const core::Ruleset& rules);

// The routes, answering from tb (opened for rules), shared by every thread; info is
// info_json's text. tb must outlive the router.
server::Router make_router(const probe::Tablebase& tb, const core::Ruleset& rules, std::string info);

} // namespace damatb::cli
