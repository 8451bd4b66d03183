// The C interface (damatb/probe.h): the C++ Tablebase behind an opaque handle.
#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "damatb/probe.h"
#include "damatb/probe.hpp"
#include "last_error.h"

using damatb::probe::Position;
using damatb::probe::RootMove;
using damatb::probe::Status;
using damatb::probe::Tablebase;
using damatb::probe::Value;
using damatb::probe::fail;

// The numbers of probe.h are those of probe.hpp's enums, which the calls below cast into each
// other (probe_bridge.h ties these to core's).
namespace probe = damatb::probe;
static_assert(DAMATB_OK == int(Status::OK));
static_assert(DAMATB_CLASS_MISSING == int(Status::CLASS_MISSING));
static_assert(DAMATB_FILE_DAMAGED == int(Status::FILE_DAMAGED));
static_assert(DAMATB_CHECKSUM == int(Status::CHECKSUM));
static_assert(DAMATB_RULESET_MISMATCH == int(Status::RULESET_MISMATCH));
static_assert(DAMATB_INVALID_POSITION == int(Status::INVALID_POSITION));
static_assert(DAMATB_NO_TABLES == int(Status::NO_TABLES));
static_assert(DAMATB_IO == int(Status::IO));
static_assert(DAMATB_INVALID_ARGUMENT == int(Status::INVALID_ARGUMENT));
static_assert(DAMATB_LOSS == int(probe::Result::LOSS));
static_assert(DAMATB_DRAW == int(probe::Result::DRAW));
static_assert(DAMATB_WIN == int(probe::Result::WIN));
static_assert(DAMATB_WDL_LOSS == int(probe::Wdl5::LOSS));
static_assert(DAMATB_WDL_BLESSED_LOSS == int(probe::Wdl5::BLESSED_LOSS));
static_assert(DAMATB_WDL_DRAW == int(probe::Wdl5::DRAW));
static_assert(DAMATB_WDL_CURSED_WIN == int(probe::Wdl5::CURSED_WIN));
static_assert(DAMATB_WDL_WIN == int(probe::Wdl5::WIN));
static_assert(DAMATB_PROMOTION_END_OF_MOVE == int(probe::Promotion::END_OF_MOVE));
static_assert(DAMATB_PROMOTION_IMMEDIATE == int(probe::Promotion::IMMEDIATE));
static_assert(DAMATB_LONE_KING_WINS == int(probe::LonePieces::KING_WINS));
static_assert(DAMATB_LONE_DRAW == int(probe::LonePieces::DRAW));
static_assert(DAMATB_LONE_PLAY_ON == int(probe::LonePieces::PLAY_ON));

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
        s = code(fail(Status::INVALID_ARGUMENT, "damatb_open: no folders given (dirs or ndirs)"));
        return nullptr;
    }
    try {
        std::vector<std::string> folders;
        for (int i = 0; i < ndirs; ++i) {
            if (!dirs[i]) {
                s = code(fail(Status::INVALID_ARGUMENT, "damatb_open: a folder name is null"));
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
        s = code(fail(Status::IO, "out of memory"));
        return nullptr;
    }
}

void damatb_close(damatb_tablebase* tb) { delete tb; }

int damatb_max_pieces(const damatb_tablebase* tb) { return tb ? tb->tb->max_pieces() : 0; }

int damatb_probe(const damatb_tablebase* tb, const damatb_position* pos, int counter,
                 damatb_value* out) {
    if (!tb || !pos || !out)
        return code(fail(Status::INVALID_ARGUMENT, "damatb_probe: a null pointer"));
    Value v;
    Status s = tb->tb->probe(from_c(*pos), counter, &v);
    if (s == Status::OK) *out = to_c(v);
    return code(s);
}

int damatb_probe_root(const damatb_tablebase* tb, const damatb_position* pos, int counter,
                      damatb_root_move* moves, int capacity, int* count) {
    if (!tb || !pos || !count || capacity < 0 || (capacity > 0 && !moves))
        return code(fail(Status::INVALID_ARGUMENT,
                         "damatb_probe_root: a null pointer or a negative capacity"));
    *count = 0;
    try {
        std::vector<RootMove> list;
        Status s = tb->tb->probe_root(from_c(*pos), counter, &list);
        if (s != Status::OK) return code(s);
        const std::size_t n = std::min(list.size(), static_cast<std::size_t>(capacity));
        for (std::size_t i = 0; i < n; ++i) {
            const RootMove& m = list[i];
            damatb_root_move& c = moves[i];
            if (m.notation.size() >= sizeof c.notation) // 50 characters at most
                return code(fail(Status::IO, "damatb_probe_root: a move's notation too long"));
            std::memset(c.notation, 0, sizeof c.notation);
            std::memcpy(c.notation, m.notation.data(), m.notation.size());
            c.after = to_c(m.after);
            c.value = to_c(m.value);
            c.counter_after = m.counter_after;
        }
        *count = static_cast<int>(list.size());
        return DAMATB_OK;
    } catch (...) { // std::bad_alloc
        *count = 0;
        return code(fail(Status::IO, "out of memory"));
    }
}

const char* damatb_status_string(int status) {
    // status_string's views name string literals, so their data is NUL-terminated.
    return damatb::probe::status_string(static_cast<Status>(status)).data();
}

const char* damatb_last_error(void) { return damatb::probe::last_error().c_str(); }

} // extern "C"
