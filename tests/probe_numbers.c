/* The numbers of damatb/probe.h, as a C program sees them, against the numbers the header
 * documents: test_probe.cpp checks each (and the C++ enums of probe.hpp). Compiled as C, so that
 * the header is read as an engine in C reads it. A renumbered value fails the test, as it would
 * break every program built against an earlier library. */
#include <stddef.h>

#include "damatb/probe.h"
#include "probe_numbers.h"

#define NUMBER(name, documented) {#name, name, documented}

static const struct damatb_test_number NUMBERS[] = {
    NUMBER(DAMATB_OK, 0),
    NUMBER(DAMATB_CLASS_MISSING, 1),
    NUMBER(DAMATB_FILE_DAMAGED, 2),
    NUMBER(DAMATB_CHECKSUM, 3),
    NUMBER(DAMATB_RULESET_MISMATCH, 4),
    NUMBER(DAMATB_INVALID_POSITION, 5),
    NUMBER(DAMATB_NO_TABLES, 6),
    NUMBER(DAMATB_IO, 7),
    NUMBER(DAMATB_INVALID_ARGUMENT, 8),
    NUMBER(DAMATB_LOSS, -1),
    NUMBER(DAMATB_DRAW, 0),
    NUMBER(DAMATB_WIN, 1),
    NUMBER(DAMATB_WDL_LOSS, 0),
    NUMBER(DAMATB_WDL_BLESSED_LOSS, 1),
    NUMBER(DAMATB_WDL_DRAW, 2),
    NUMBER(DAMATB_WDL_CURSED_WIN, 3),
    NUMBER(DAMATB_WDL_WIN, 4),
    NUMBER(DAMATB_PROMOTION_END_OF_MOVE, 0),
    NUMBER(DAMATB_PROMOTION_IMMEDIATE, 1),
    NUMBER(DAMATB_LONE_KING_WINS, 0),
    NUMBER(DAMATB_LONE_DRAW, 1),
    NUMBER(DAMATB_LONE_PLAY_ON, 2),
    NUMBER(DAMATB_MAX_MOVES, 1024),
    NUMBER(DAMATB_NOTATION_SIZE, 64),
};

const struct damatb_test_number* damatb_test_numbers(size_t* count) {
    *count = sizeof NUMBERS / sizeof NUMBERS[0];
    return NUMBERS;
}
