/* damatb probe library, C interface: the same library as damatb/probe.hpp, with plain ints.
 *
 * Squares: bit n of a bitboard is square n, a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 * Every function returns a status (DAMATB_OK or an error) unless said otherwise; none prints,
 * exits or lets an exception out. The meaning of each value is in damatb/probe.hpp. */
#ifndef DAMATB_PROBE_H
#define DAMATB_PROBE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Statuses (damatb::probe::Status). */
#define DAMATB_OK 0
#define DAMATB_CLASS_MISSING 1
#define DAMATB_FILE_DAMAGED 2
#define DAMATB_CHECKSUM 3
#define DAMATB_RULESET_MISMATCH 4
#define DAMATB_INVALID_POSITION 5
#define DAMATB_NO_TABLES 6
#define DAMATB_IO 7
#define DAMATB_INVALID_ARGUMENT 8

/* Results, for the side to move. */
#define DAMATB_LOSS (-1)
#define DAMATB_DRAW 0
#define DAMATB_WIN 1

/* WDL5 values, for the side to move. */
#define DAMATB_WDL_LOSS 0
#define DAMATB_WDL_BLESSED_LOSS 1
#define DAMATB_WDL_DRAW 2
#define DAMATB_WDL_CURSED_WIN 3
#define DAMATB_WDL_WIN 4

/* Ruleset options. */
#define DAMATB_PROMOTION_END_OF_MOVE 0
#define DAMATB_PROMOTION_IMMEDIATE 1
#define DAMATB_LONE_KING_WINS 0
#define DAMATB_LONE_DRAW 1
#define DAMATB_LONE_PLAY_ON 2

/* The most legal moves a position can have, and the longest notation with its final NUL. */
#define DAMATB_MAX_MOVES 1024
#define DAMATB_NOTATION_SIZE 64

typedef struct damatb_tablebase damatb_tablebase; /* opaque */

typedef struct damatb_position {
    uint64_t white_men, white_kings, black_men, black_kings;
    int white_to_move; /* non-zero: White to move */
} damatb_position;

typedef struct damatb_value {
    int result; /* DAMATB_WIN, DAMATB_DRAW, DAMATB_LOSS at the counter given */
    int wdl;    /* DAMATB_WDL_* */
    int dtz;    /* for wdl win or loss; -1 otherwise */
} damatb_value;

typedef struct damatb_root_move {
    char notation[DAMATB_NOTATION_SIZE]; /* e.g. "c3-c4", NUL-terminated */
    damatb_position after;
    damatb_value value; /* for the side to move at the root */
    int counter_after;
} damatb_root_move;

/* Opens the table files of the ndirs folders dirs[0..ndirs) for the ruleset given. Returns the
 * handle and sets *status (when not null) to DAMATB_OK, or returns NULL with DAMATB_NO_TABLES,
 * DAMATB_IO or DAMATB_INVALID_ARGUMENT. Thread-safe. */
damatb_tablebase* damatb_open(const char* const* dirs, int ndirs, int promotion, int lone_pieces,
                              int king_move_limit, size_t cache_bytes, int* status);

/* Closes a handle (NULL is allowed). No other call may use the handle meanwhile or after. */
void damatb_close(damatb_tablebase* tb);

/* The largest number of pieces of any table found; 0 for NULL. Thread-safe. */
int damatb_max_pieces(const damatb_tablebase* tb);

/* Fills *out with the value of *pos at the king-move counter. Thread-safe. */
int damatb_probe(const damatb_tablebase* tb, const damatb_position* pos, int counter,
                 damatb_value* out);

/* Fills moves[0..min(*count, capacity)) with the legal moves of *pos, best first, and sets
 * *count to the number of legal moves (0 when the game is over); a *count above capacity means
 * the list was cut short (DAMATB_MAX_MOVES always suffices). moves may be NULL when capacity is
 * 0. On an error *count is 0. Thread-safe. */
int damatb_probe_root(const damatb_tablebase* tb, const damatb_position* pos, int counter,
                      damatb_root_move* moves, int capacity, int* count);

/* A fixed lower-case name of a status, e.g. "ruleset mismatch". Thread-safe. */
const char* damatb_status_string(int status);

/* The message of the calling thread's last call into this library that returned a status other
 * than DAMATB_OK: the class that is missing, or the file and the reason, or what was wrong with
 * the call (damatb::probe::last_error in damatb/probe.hpp). Calls that return DAMATB_OK leave it
 * alone; "" before the thread's first failure. Never NULL; the string is valid until the
 * thread's next call into the library. Thread-safe: each thread has its own. */
const char* damatb_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* DAMATB_PROBE_H */
