#include "last_error.h"

namespace damatb::probe {

namespace {

std::string& thread_message() {
    thread_local std::string message;
    return message;
}

} // namespace

Status fail(Status s, std::string_view message) noexcept {
    std::string& m = thread_message();
    try {
        m.assign(message);
    } catch (...) { // std::bad_alloc
        m = "out of memory"; // short enough to need no allocation
    }
    return s;
}

Status fail(Status s) noexcept { return fail(s, status_string(s)); }

const std::string& last_error() noexcept { return thread_message(); }

} // namespace damatb::probe
