// damatb annotate: the tables' verdict on the endgames of PDN games.
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "answers/game_over.h"
#include "answers/probe_json.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/tables.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/pdn.h"
#include "core/quote_input.h"
#include "damatb/probe_bridge.h"

namespace damatb::cli {

namespace {

using core::PdnGame;
using core::PdnMove;

CommandSyntax annotate_syntax() {
    CommandSyntax syntax(
        "damatb annotate [options] GAME.pdn",
        "Replays every game of a PDN file of Turkish draughts (GameType 30, or no GameType\n"
        "tag; the start position or the FEN tag; moves in the notation of `damatb moves`)\n"
        "and, for every position the tables hold, prints the result for the side to move\n"
        "with the king-move counter as the game reached it, and flags the moves that change\n"
        "it, with the tables' first move instead: ?? a win thrown into a loss, ? a win let\n"
        "go into a draw or a draw lost. Positions of classes that are not in the tables are\n"
        "left out. Each game's heading gives its Event tag; its last lines the outcome the\n"
        "game reached (game over, the king-move rule, or the tables' value of its last\n"
        "position) and the result written in the file.\n"
        "With --json: [{\"game\", \"tags\", \"plies\": [{\"ply\", \"move_number\", \"side\",\n"
        "\"fen\", \"counter\", \"move\", \"result\", \"wdl\", \"dtz\", \"result_after\", \"best\",\n"
        "\"flagged\", \"mark\"}], \"flagged\", \"end\": {\"fen\", \"counter\", \"result\",\n"
        "\"winner\", \"reason\", \"text\"}, \"written_result\"}], the plies of positions in the\n"
        "tables only; \"result_after\" is the mover's result after the move (null when that\n"
        "position is not in the tables).\n"
        "Exit codes: 2 for a file that cannot be read or a game that cannot be replayed\n"
        "(the message names the game, the move number and the token; a GameType of another\n"
        "game is refused by its name before the moves are read), 1 for a damaged table\n"
        "file or one of another ruleset.");
    syntax.options.add_options()("json", "print the annotations as JSON");
    syntax.arguments.add_options()("pdn", po::value<std::string>(), "the PDN file");
    syntax.positional.add("pdn", 1);
    add_tables_option(syntax);
    add_ruleset_options(syntax);
    return syntax;
}

// One ply whose position the tables hold.
struct Ply {
    int ply = 0; // 1 for the first move of the game
    PdnMove written;
    core::Position before;
    int counter = 0;
    std::string move; // as `damatb moves` writes it
    probe::Value value;
    bool after_known = false;
    probe::Result after{}; // for the mover
    std::string best;      // the tables' first move
    bool flagged = false;
    const char* mark = ""; // "??" a win thrown into a loss, "?" any other result given away
};

// Where the game stands after its last move.
struct GameEnd {
    core::Position pos;
    int counter = 0;
    std::optional<probe::Result> result; // for the side to move; none when not known
    std::string reason;                  // as line_json says it, or "tables", "unknown"
    std::string text;                    // how it was found, in words
};

struct Annotated {
    const PdnGame* game;
    std::vector<Ply> plies;
    int flagged = 0;
    GameEnd end;
};

[[noreturn]] void bad_move(const PdnGame& g, const PdnMove& m, const std::string& why) {
    throw UsageError(g.label() + ", move " + std::to_string(m.number) + ": " +
                     core::quote_input(m.text) + ": " + why);
}

// The tables' value of pos at counter, or nothing when its class is not in the tables. A
// damaged file or another ruleset ends the run (TableFailure).
bool probe_known(const probe::Tablebase& tb, const core::Position& pos, int counter, probe::Value* out) {
    const probe::Status s = tb.probe(bridge::to_probe(pos), counter, out);
    if (s == probe::Status::OK) return true;
    if (s == probe::Status::CLASS_MISSING) return false;
    throw_probe_failure(s, pos);
}

// The mark of a move that changes the mover's result from `before` to `after`.
const char* mark_of(probe::Result before, probe::Result after) {
    if (static_cast<int>(after) >= static_cast<int>(before)) return "";
    return before == probe::Result::WIN && after == probe::Result::LOSS ? "??" : "?";
}

// The outcome the game reached in pos at counter (the position after its last move): the end of
// the game, the king-move rule's draw, or the tables' value with best play from there.
GameEnd game_end(const core::Position& pos, int counter, const probe::Tablebase& tb,
                 const core::Ruleset& rules) {
    GameEnd end{pos, counter, std::nullopt, "unknown", "not in the tables"};
    probe::Value v;
    if (const core::Outcome over = core::game_outcome(pos, rules); over != core::Outcome::NONE) {
        end.result = over == core::Outcome::WIN    ? probe::Result::WIN
                     : over == core::Outcome::LOSS ? probe::Result::LOSS
                                                   : probe::Result::DRAW;
        end.reason = "game-over";
        end.text = *answers::game_over_text(pos, rules);
    } else if (rules.king_move_limit && counter >= rules.king_move_limit) {
        end.result = probe::Result::DRAW;
        end.reason = "king-move-limit";
        end.text = "the king-move counter reached " + std::to_string(rules.king_move_limit);
    } else if (probe_known(tb, pos, counter, &v)) {
        end.result = v.result;
        end.reason = "tables";
        end.text = "the tables, with best play from here";
    }
    return end;
}

// The winner of a game that ended at `end`, if it has one.
std::optional<core::Color> winner(const GameEnd& end) {
    if (end.result == probe::Result::WIN) return end.pos.side_to_move();
    if (end.result == probe::Result::LOSS) return ~end.pos.side_to_move();
    return std::nullopt;
}

// The result written in the file: after the moves, else the Result tag; "" when neither.
std::string written_result(const PdnGame& g) { return g.result.empty() ? g.tag("Result") : g.result; }

Annotated annotate(const PdnGame& g, const probe::Tablebase& tb, const core::Ruleset& rules) {
    Annotated out{&g, {}, 0, {}};
    core::Position pos = core::Position::start();
    if (const std::string fen = g.tag("FEN"); !fen.empty()) {
        auto p = core::parse_fen(fen);
        if (!p) throw UsageError(g.label() + ": FEN tag: " + p.error());
        pos = *p;
    }
    int counter = 0;
    const int limit = rules.king_move_limit;
    for (std::size_t k = 0; k < g.moves.size(); ++k) {
        const PdnMove& written = g.moves[k];
        auto m = core::parse_move(pos, written.text, rules.promotion);
        if (!m) bad_move(g, written, m.error());
        if (limit && counter >= limit)
            bad_move(g, written, "the game was drawn by the king-move rule before it");
        Ply ply;
        ply.ply = static_cast<int>(k) + 1;
        ply.written = written;
        ply.before = pos;
        ply.counter = counter;
        ply.move = core::move_to_string(pos, *m, rules.promotion);
        const bool known = probe_known(tb, pos, counter, &ply.value);
        pos = pos.after(*m);
        counter = core::counter_after(counter, *m);
        if (!known) continue;
        probe::Value after;
        if (limit && counter >= limit) { // the king-move rule draws the game here
            ply.after_known = true;
            ply.after = probe::Result::DRAW;
        } else if (probe_known(tb, pos, counter, &after)) {
            ply.after_known = true;
            ply.after = static_cast<probe::Result>(-static_cast<int>(after.result));
        }
        std::vector<probe::RootMove> moves;
        if (probe::Status s = tb.probe_root(bridge::to_probe(ply.before), ply.counter, &moves);
            s != probe::Status::OK) {
            if (s != probe::Status::CLASS_MISSING) throw_probe_failure(s, ply.before);
        } else if (!moves.empty()) {
            ply.best = moves.front().notation;
        }
        if (ply.after_known) ply.mark = mark_of(ply.value.result, ply.after);
        ply.flagged = *ply.mark != '\0';
        out.flagged += ply.flagged;
        out.plies.push_back(std::move(ply));
    }
    out.end = game_end(pos, counter, tb, rules);
    return out;
}

std::string move_label(const PdnMove& m) { return std::to_string(m.number) + (m.black ? "..." : "."); }

void print_text(const Annotated& a) {
    const PdnGame& g = *a.game;
    const std::string event = g.tag("Event");
    std::cout << g.label() << (event.empty() ? "" : ", Event \"" + event + "\"") << ": "
              << g.moves.size() << " plies, " << a.plies.size() << " from positions in the tables, "
              << a.flagged << " changing the result\n";
    for (const Ply& p : a.plies) {
        std::ostringstream line;
        line << "  " << move_label(p.written) << ' ' << p.move << p.mark << "  "
             << result_word(p.value.result);
        if (p.after_known && p.after != p.value.result) line << " -> " << result_word(p.after);
        if (!p.after_known) line << " (the position after it is not in the tables)";
        if (p.flagged) line << "; best " << p.best;
        line << "  [" << core::to_fen(p.before) << ", counter " << p.counter << "]";
        std::cout << line.str() << '\n';
    }
    const GameEnd& end = a.end;
    const auto w = winner(end);
    const std::string outcome = !end.result ? "not known" : w ? answers::color_name(*w) + " wins" : "drawn";
    std::cout << "  reached: " << outcome << " (" << end.text << ")  [" << core::to_fen(end.pos)
              << ", counter " << end.counter << "]\n";
    const std::string written = written_result(g);
    std::cout << "  written result: " << (written.empty() ? "none" : written) << '\n';
}

std::string json_of(const Annotated& a) {
    const PdnGame& g = *a.game;
    json::Object tags;
    for (const auto& [name, value] : g.tags) tags.add_string(name, value);
    std::vector<std::string> plies;
    for (const Ply& p : a.plies)
        plies.push_back(
            json::Object()
                .add_number("ply", p.ply)
                .add_number("move_number", p.written.number)
                .add_string("side", p.before.side_to_move() == core::WHITE ? "white" : "black")
                .add_string("fen", core::to_fen(p.before))
                .add_number("counter", p.counter)
                .add_string("move", p.move)
                .add_string("result", result_word(p.value.result))
                .add_string("wdl", wdl_word(p.value.wdl))
                .add_raw("dtz", answers::dtz_json(p.value.dtz))
                .add_raw("result_after", p.after_known ? json::quote(result_word(p.after)) : "null")
                .add_raw("best", p.best.empty() ? "null" : json::quote(p.best))
                .add_bool("flagged", p.flagged)
                .add_raw("mark", p.flagged ? json::quote(p.mark) : "null")
                .str());
    const auto w = winner(a.end);
    const std::string written = written_result(g);
    const std::string end =
        json::Object()
            .add_string("fen", core::to_fen(a.end.pos))
            .add_number("counter", a.end.counter)
            .add_raw("result", a.end.result ? json::quote(result_word(*a.end.result)) : "null")
            .add_raw("winner", !w ? "null" : json::quote(*w == core::WHITE ? "white" : "black"))
            .add_string("reason", a.end.reason)
            .add_string("text", a.end.text)
            .str();
    return json::Object()
        .add_number("game", g.number)
        .add_raw("tags", tags.str())
        .add_raw("plies", json::array(plies))
        .add_number("flagged", a.flagged)
        .add_raw("end", end)
        .add_raw("written_result", written.empty() ? "null" : json::quote(written))
        .str();
}

} // namespace

int run_annotate(const Args& args) {
    const CommandSyntax syntax = annotate_syntax();
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    if (!vm->count("pdn")) throw UsageError("missing PDN file argument (see --help)");
    const std::string path = (*vm)["pdn"].as<std::string>();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot read '" + path + "'");
    std::ostringstream text;
    text << in.rdbuf();
    const auto read = core::read_pdn(text.str());
    if (!read) throw UsageError(path + ": " + read.error());
    const std::vector<PdnGame>& games = *read;
    if (games.empty()) throw UsageError(path + ": no game");
    const core::Ruleset rules = ruleset_option(*vm);
    const auto tb = open_tables(tables_option(*vm, rules), rules);
    std::vector<Annotated> annotated;
    for (const PdnGame& g : games) {
        try {
            annotated.push_back(annotate(g, *tb, rules));
        } catch (const UsageError& e) {
            throw UsageError(path + ": " + e.what());
        }
    }
    if (vm->count("json")) {
        std::vector<std::string> out;
        for (const Annotated& a : annotated) out.push_back(json_of(a));
        std::cout << json::array(out) << '\n';
    } else {
        for (const Annotated& a : annotated) print_text(a);
    }
    return 0;
}

} // namespace damatb::cli
