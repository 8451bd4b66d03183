// damatb::probe: reading the endgame tablebases of Turkish draughts from an engine.
//
// A Tablebase is opened on one or more folders of table files (`<table name>.dtb`, as
// `damatb generate` writes them) for the ruleset the caller plays. It then answers, for any
// position whose material class is in those folders and any king-move counter, the exact
// result, WDL5 and DTZ (docs/values.md), and ranks the moves of a root position.
//
// Squares: bit n of a bitboard is square n, a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
// White's men move towards rank 8, Black's towards rank 1.
//
// Nothing here prints, exits or throws: every call returns a Status, and "no answer" (a missing
// class, a damaged file, a file of another ruleset) is never given as an answer. Running out of
// memory inside a call gives Status::IO. last_error() says in words what went wrong.
//
// The same library is offered to C in damatb/probe.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace damatb::probe {

// A position: who stands where, and who is to move. Valid when no square holds two pieces, no
// man stands on rank 1 or 8, and the side not to move has a piece (a side to move without a
// piece is valid: it has lost).
struct Position {
    std::uint64_t white_men = 0;
    std::uint64_t white_kings = 0;
    std::uint64_t black_men = 0;
    std::uint64_t black_kings = 0;
    bool white_to_move = true;

    bool operator==(const Position&) const = default;
};

enum class Status : int {
    OK = 0,
    CLASS_MISSING = 1,    // no table file for the position's material (or a successor's)
    FILE_DAMAGED = 2,     // a table file is truncated, not a table, or a block does not decompress
    CHECKSUM = 3,         // a table file's content checksum does not match
    RULESET_MISMATCH = 4, // a table file was built under another ruleset than the one asked for
    INVALID_POSITION = 5, // the Position breaks the rules above
    NO_TABLES = 6,        // open() found no table file in any folder
    IO = 7,               // a folder or file cannot be read, or memory ran out
    INVALID_ARGUMENT = 8, // a counter out of range, an unknown ruleset option, a null pointer
};

// A fixed lower-case name, e.g. "ruleset mismatch"; "unknown status" for other values.
// Thread-safe.
std::string_view status_string(Status status) noexcept;

// The message of the calling thread's last call into this library that returned a status other
// than OK (open, probe, probe_root, or a call of damatb/probe.h): the class that is missing
// ("class KKvKK is missing: no KKvKK.dtb in 'tables'"), or the file and the reason
// ("tables/KvM+.dtb: block 0 does not decompress", "tables/KvK+.dtb: built under
// end-of-move.king-wins.32, not immediate.king-wins.32"), or what was wrong with the call.
// Calls that return OK leave it alone; "" before the thread's first failure. The reference is
// valid until the thread's next call into the library. Thread-safe: each thread has its own.
const std::string& last_error() noexcept;

// The result under the rules, with the king-move counter, for the side to move.
enum class Result : int { LOSS = -1, DRAW = 0, WIN = 1 };

// The value with the counter at 0, for the side to move (docs/values.md, "Values"): a cursed win
// would be a win without the king-move limit, a blessed loss a loss.
enum class Wdl5 : int { LOSS = 0, BLESSED_LOSS = 1, DRAW = 2, CURSED_WIN = 3, WIN = 4 };

enum class Promotion : int { END_OF_MOVE = 0, IMMEDIATE = 1 };
enum class LonePieces : int { KING_WINS = 0, DRAW = 1, PLAY_ON = 2 };

// The ruleset options of docs/rules.md; the default is the default ruleset, end-of-move.king-wins.32.
struct Ruleset {
    Promotion promotion = Promotion::END_OF_MOVE;
    LonePieces lone_pieces = LonePieces::KING_WINS;
    int king_move_limit = 32; // plies of king moves without capture that draw, 0 to 255; 0 = off
};

struct Value {
    Result result = Result::DRAW; // at the counter given
    Wdl5 wdl = Wdl5::DRAW;
    // For wdl WIN or LOSS: plies to the next zeroing ply (a capture or a man move) or the end
    // of the game, with perfect play (docs/values.md); -1 otherwise. With the limit on, the result
    // at counter c is a win exactly when wdl is WIN and dtz <= limit - c (a loss likewise).
    int dtz = -1;
};

struct RootMove {
    std::string notation; // docs/rules.md's move notation, e.g. "c3-c4", "d4xd6xf6"
    Position after;       // the position after the move
    // For the side to move at the root: the value of `after` at counter_after, turned around
    // (result and wdl negated). dtz is that of `after` (-1 when `after` is not won or lost).
    Value value;
    int counter_after = 0; // 0 after a capture or a man move, the counter + 1 after a king move
};

class Tablebase {
public:
    ~Tablebase();
    Tablebase(const Tablebase&) = delete;
    Tablebase& operator=(const Tablebase&) = delete;

    // Opens the table files in `dirs` (each folder's `*.dtb` files, not its subfolders; when two
    // folders hold the same table, the earlier folder's is used) for `rules`. Files are only
    // listed here: each is mapped and its header checked on the first probe that needs it, so a
    // damaged file or one of another ruleset is reported by the probes of its class
    // (FILE_DAMAGED, CHECKSUM, RULESET_MISMATCH), and keeps being reported. `cache_bytes` bounds
    // the memory held by decompressed blocks (a block of a values file is 48 KiB as the generator
    // writes it; 0 caches nothing). Returns the Tablebase and sets *status (when not null) to
    // OK; or returns null with NO_TABLES (no table file anywhere), IO (a folder cannot be
    // listed, or memory ran out) or INVALID_ARGUMENT (a ruleset option out of range).
    // Thread-safe.
    static std::unique_ptr<Tablebase> open(const std::vector<std::string>& dirs,
                                           const Ruleset& rules, std::size_t cache_bytes,
                                           Status* status) noexcept;

    // The largest number of pieces of any table found (classes with fewer may still be
    // missing). Thread-safe.
    int max_pieces() const noexcept;

    // Fills *out with the value of `pos` with the king-move counter at `counter` (0 <= counter <
    // limit; any counter >= 0 when the limit is off). Returns OK, or INVALID_POSITION,
    // INVALID_ARGUMENT, or the table's error (CLASS_MISSING, FILE_DAMAGED, CHECKSUM,
    // RULESET_MISMATCH, IO); *out is left alone unless OK. A side to move without a piece has
    // lost: LOSS, dtz 0, with no table needed. Thread-safe.
    Status probe(const Position& pos, int counter, Value* out) const noexcept;

    // Fills *out with every legal move of `pos` at `counter` (as for probe), best first for the
    // side to move: wins, then draws, then losses (each judged at the move's counter_after: a
    // king move that brings the counter to the limit draws unless it leaves the opponent
    // without a legal move, which wins). The cost of a move is the plies it takes to the next
    // zeroing ply: 1 for a capture or a man move, 1 + dtz of the position after a king move.
    //   - wins: by their progress key (docs/probe.md, "Progress"), smallest first, then the
    //     cheapest: captures, crownings and moves that end the game, then man moves and king
    //     moves by the progress history of the position after them;
    //   - draws: the best wdl first (a cursed win before a draw before a blessed loss);
    //   - losses: the dearest first (the first realises the root's dtz), then the largest dtz;
    //   - ties by notation.
    // Every first move keeps the root's result, and always playing it wins against any defence,
    // in a bounded number of plies, at every counter at which the position is won (docs/values.md,
    // "Making progress").
    // When the game is already over (no legal move, or the one-piece-each rule), *out is empty
    // and the call returns OK: probe() gives the result. Returns as probe() does; any table
    // error of a move fails the whole call (*out is then empty). Thread-safe.
    Status probe_root(const Position& pos, int counter, std::vector<RootMove>* out) const noexcept;

private:
    struct Impl;
    explicit Tablebase(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

} // namespace damatb::probe
