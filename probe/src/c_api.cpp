// The C interface (damatb/probe.h): the C++ Tablebase behind an opaque handle.
#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "damatb/probe.h"
#include "damatb/probe.hpp"

using damatb::probe::Position;
using damatb::probe::RootMove;
using damatb::probe::Status;
using damatb::probe::Tablebase;
using damatb::probe::Value;

struct damatb_tablebase {
    std::unique_ptr<Tablebase> tb;
};

namespace {

Position from_c(const damatb_position& p) {
    return {p.white_men, p.white_kings, p.black_men, p.black_kings, p.white_to_move != 0};
}

damatb_position to_c(const Position& p) {
    return {p.white_men, p.white_kings, p.black_men, p.black_kings, p.white_to_move ? 1 : 0};
}

damatb_value to_c(const Value& v) {
    return {static_cast<int>(v.result), static_cast<int>(v.wdl), v.dtz};
}

int code(Status s) { return static_cast<int>(s); }

} // namespace

extern "C" {

damatb_tablebase* damatb_open(const char* const* dirs, int ndirs, int promotion, int lone_pieces,
                              int king_move_limit, size_t cache_bytes, int* status) {
    int ignored = 0;
    int& s = status ? *status : ignored;
    if (ndirs < 0 || (ndirs > 0 && !dirs)) {
        s = DAMATB_INVALID_ARGUMENT;
        return nullptr;
    }
    try {
        std::vector<std::string> folders;
        for (int i = 0; i < ndirs; ++i) {
            if (!dirs[i]) {
                s = DAMATB_INVALID_ARGUMENT;
                return nullptr;
            }
            folders.emplace_back(dirs[i]);
        }
        damatb::probe::Ruleset rules;
        rules.promotion = static_cast<damatb::probe::Promotion>(promotion);
        rules.lone_pieces = static_cast<damatb::probe::LonePieces>(lone_pieces);
        rules.king_move_limit = king_move_limit;
        Status opened = Status::OK;
        auto tb = Tablebase::open(folders, rules, cache_bytes, &opened);
        s = code(opened);
        if (!tb) return nullptr;
        return new damatb_tablebase{std::move(tb)};
    } catch (...) { // std::bad_alloc
        s = DAMATB_IO;
        return nullptr;
    }
}

void damatb_close(damatb_tablebase* tb) { delete tb; }

int damatb_max_pieces(const damatb_tablebase* tb) { return tb ? tb->tb->max_pieces() : 0; }

int damatb_probe(const damatb_tablebase* tb, const damatb_position* pos, int counter,
                 damatb_value* out) {
    if (!tb || !pos || !out) return DAMATB_INVALID_ARGUMENT;
    Value v;
    Status s = tb->tb->probe(from_c(*pos), counter, &v);
    if (s == Status::OK) *out = to_c(v);
    return code(s);
}

int damatb_probe_root(const damatb_tablebase* tb, const damatb_position* pos, int counter,
                      damatb_root_move* moves, int capacity, int* count) {
    if (!tb || !pos || !count || capacity < 0 || (capacity > 0 && !moves))
        return DAMATB_INVALID_ARGUMENT;
    *count = 0;
    try {
        std::vector<RootMove> list;
        Status s = tb->tb->probe_root(from_c(*pos), counter, &list);
        if (s != Status::OK) return code(s);
        const std::size_t n = std::min(list.size(), static_cast<std::size_t>(capacity));
        for (std::size_t i = 0; i < n; ++i) {
            const RootMove& m = list[i];
            damatb_root_move& c = moves[i];
            if (m.notation.size() >= sizeof c.notation) return DAMATB_IO; // 50 chars at most
            std::memset(c.notation, 0, sizeof c.notation);
            std::memcpy(c.notation, m.notation.data(), m.notation.size());
            c.after = to_c(m.after);
            c.value = to_c(m.value);
            c.counter_after = m.counter_after;
        }
        *count = static_cast<int>(list.size());
        return DAMATB_OK;
    } catch (...) { // std::bad_alloc
        return DAMATB_IO;
    }
}

const char* damatb_status_string(int status) {
    // status_string's views name string literals, so their data is NUL-terminated.
    return damatb::probe::status_string(static_cast<Status>(status)).data();
}

} // extern "C"
