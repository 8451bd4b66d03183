// The calling thread's message for its last call into the library that failed (probe.hpp,
// last_error): every path that returns a status other than OK to the caller sets it first.
#pragma once

#include <string>
#include <string_view>

#include "damatb/probe.hpp"

namespace damatb::probe {

// Sets the calling thread's message to `message` and returns s. Never throws: when memory for
// the message runs out, the message is "out of memory".
Status fail(Status s, std::string_view message) noexcept;

// Sets the calling thread's message to status_string(s) and returns s, for an error that needs
// no more words (e.g. memory running out).
Status fail(Status s) noexcept;

} // namespace damatb::probe
