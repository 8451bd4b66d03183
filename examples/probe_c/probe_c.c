/* probe_c: probes one position in a folder of tables, through the C interface damatb/probe.h.
 *
 *   probe_c DIR FEN [COUNTER]
 *
 * DIR holds the tables of the default ruleset (end-of-move.king-wins.32), as `damatb generate`
 * writes them; FEN is a position such as W:WKc3:Bf6 (side to move, then White's and Black's
 * pieces, a K before a king); COUNTER is the king-move counter (default 0). Prints the value,
 * then the legal moves best first:
 *
 *   W:WKc3:Bf6 counter 0: win, wdl win, dtz 0
 *
 * Exit code 0, or 1 with a message on stderr. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <damatb/probe.h>

static const char* const RESULTS[] = {"loss", "draw", "win"};
static const char* const WDLS[] = {"loss", "blessed loss", "draw", "cursed win", "win"};

/* Reads one side's list, e.g. "Wa2,Kc5" (after the colon), into *men and *kings. Returns the
 * text after it, or NULL if it is not a list. */
static const char* read_side(const char* s, uint64_t* men, uint64_t* kings) {
    for (;;) {
        int king = 0;
        if (*s == 'K' || *s == 'k') {
            king = 1;
            ++s;
        }
        int file = tolower((unsigned char)s[0]) - 'a', rank = s[1] - '1';
        if (file < 0 || file > 7 || rank < 0 || rank > 7) return NULL;
        *(king ? kings : men) |= (uint64_t)1 << (8 * rank + file);
        s += 2;
        if (*s != ',') return s;
        ++s;
    }
}

/* Reads a FEN "W:W<pieces>:B<pieces>" into *pos. Returns 0, or -1 if it is not one. */
static int read_fen(const char* fen, damatb_position* pos) {
    memset(pos, 0, sizeof *pos);
    if ((fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':') return -1;
    pos->white_to_move = fen[0] == 'W';
    const char* s = fen + 2;
    for (int side = 0; side < 2; ++side) {
        if (*s == 'W' && s[1] != ':' && s[1] != '\0')
            s = read_side(s + 1, &pos->white_men, &pos->white_kings);
        else if (*s == 'B' && s[1] != ':' && s[1] != '\0')
            s = read_side(s + 1, &pos->black_men, &pos->black_kings);
        else if (*s == 'W' || *s == 'B')
            ++s; /* an empty list */
        else
            return -1;
        if (!s || *s != (side == 0 ? ':' : '\0')) return -1;
        ++s;
    }
    return 0;
}

static void print_value(const damatb_value* v) {
    printf("%s, wdl %s, dtz %d", RESULTS[v->result + 1], WDLS[v->wdl], v->dtz);
}

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: probe_c DIR FEN [COUNTER]\n");
        return 1;
    }
    damatb_position pos;
    if (read_fen(argv[2], &pos) != 0) {
        fprintf(stderr, "probe_c: not a FEN: %s\n", argv[2]);
        return 1;
    }
    const int counter = argc == 4 ? atoi(argv[3]) : 0;

    const char* dirs[] = {argv[1]};
    int status = DAMATB_OK;
    damatb_tablebase* tb = damatb_open(dirs, 1, DAMATB_PROMOTION_END_OF_MOVE,
                                       DAMATB_LONE_KING_WINS, 32, (size_t)16 << 20, &status);
    if (!tb) {
        fprintf(stderr, "probe_c: %s: %s\n", argv[1], damatb_status_string(status));
        return 1;
    }

    damatb_value value;
    status = damatb_probe(tb, &pos, counter, &value);
    if (status != DAMATB_OK) {
        fprintf(stderr, "probe_c: %s: %s\n", argv[2], damatb_status_string(status));
        damatb_close(tb);
        return 1;
    }
    printf("%s counter %d: ", argv[2], counter);
    print_value(&value);
    printf("\n");

    static damatb_root_move moves[DAMATB_MAX_MOVES];
    int count = 0;
    status = damatb_probe_root(tb, &pos, counter, moves, DAMATB_MAX_MOVES, &count);
    if (status != DAMATB_OK) {
        fprintf(stderr, "probe_c: %s: %s\n", argv[2], damatb_status_string(status));
        damatb_close(tb);
        return 1;
    }
    for (int i = 0; i < count; ++i) {
        printf("  %-12s ", moves[i].notation);
        print_value(&moves[i].value);
        printf(", counter %d\n", moves[i].counter_after);
    }
    damatb_close(tb);
    return 0;
}
