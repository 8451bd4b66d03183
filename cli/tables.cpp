#include "cli/tables.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <tuple>

#include "cli/game_over.h"
#include "cli/table_check.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/wdl.h"

namespace damatb::cli {

namespace fs = std::filesystem;

void add_tables_option(CommandSyntax& syntax) {
    syntax.options.add_options()(
        "tables", po::value<std::string>()->value_name("DIR"),
        "the folder of the ruleset's table files (default: $DAMATB_TABLES if set, else "
        "tables/<ruleset name> in the project)");
}

std::string tables_option(const po::variables_map& vm, const core::Ruleset& rules) {
    std::string dir, from;
    if (vm.count("tables")) {
        dir = vm["tables"].as<std::string>();
        from = "--tables";
    } else if (const char* env = std::getenv("DAMATB_TABLES"); env && *env) {
        dir = env;
        from = "DAMATB_TABLES";
    } else {
        dir = default_tables_dir(rules);
        from = "the default for ruleset " + rules.name();
    }
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        const bool there = fs::exists(dir, ec);
        std::string message = "tables folder '" + dir + "' (" + from + ") " +
                              (there ? "is not a folder" : "does not exist");
        if (from.starts_with("the default"))
            message += "; generate the tables with `damatb generate` or name a folder with --tables";
        throw UsageError(message);
    }
    return dir;
}

void add_counter_option(CommandSyntax& syntax) {
    syntax.options.add_options()(
        "counter", po::value<int>()->value_name("C")->default_value(0),
        "the king-move counter: consecutive king moves without capture already played, "
        "0 to the limit - 1");
}

int counter_option(const po::variables_map& vm, const core::Ruleset& rules) {
    const int counter = vm["counter"].as<int>();
    const int limit = rules.king_move_limit;
    if (counter < 0 || (limit != 0 && counter >= limit))
        throw UsageError("--counter " + std::to_string(counter) + " is out of range: " +
                         (limit ? "0 to " + std::to_string(limit - 1) + " under king-move limit " +
                                      std::to_string(limit)
                                : std::string("at least 0")));
    return counter;
}

std::size_t TableFolder::file_count() const {
    std::size_t n = lone_progress.size();
    for (const TableFileName& t : tables) n += t.progress_path.empty() ? 1 : 2;
    return n;
}

TableFolder table_files(const std::string& dir) {
    TableFolder out;
    std::vector<fs::path> progress; // the *.dtp files
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        const bool values = p.extension() == core::table_file_extension(core::TableContents::VALUES);
        const bool progress_file = p.extension() == core::table_file_extension(core::TableContents::PROGRESS);
        if (!values && !progress_file) continue;
        std::error_code type_ec;
        if (fs::is_directory(p, type_ec)) continue;
        if (progress_file) {
            progress.push_back(p);
            continue;
        }
        out.tables.push_back(
            {p.string(), p.filename().string(), core::material_of_table_name(p.stem().string()), "", ""});
    }
    if (ec) throw TableFailure("cannot list the tables folder '" + dir + "': " + ec.message());
    auto key = [](const TableFileName& f) {
        return f.material ? std::tuple(0, f.material->pieces(), f.material->men(), f.name)
                          : std::tuple(1, 0, 0, f.name);
    };
    std::sort(out.tables.begin(), out.tables.end(),
              [&](const TableFileName& a, const TableFileName& b) { return key(a) < key(b); });
    for (const fs::path& p : progress) {
        const std::string stem = p.stem().string();
        auto t = std::find_if(out.tables.begin(), out.tables.end(), [&](const TableFileName& f) {
            return fs::path(f.name).stem().string() == stem;
        });
        if (t == out.tables.end()) {
            out.lone_progress.push_back(p.filename().string());
        } else {
            t->progress_path = p.string();
            t->progress_name = p.filename().string();
        }
    }
    std::sort(out.lone_progress.begin(), out.lone_progress.end());
    return out;
}

probe::Ruleset to_probe(const core::Ruleset& rules) {
    return {static_cast<probe::Promotion>(rules.promotion),
            static_cast<probe::LonePieces>(rules.lone_pieces), rules.king_move_limit};
}

std::string_view result_word(probe::Result r) {
    return r == probe::Result::WIN ? "win" : r == probe::Result::LOSS ? "loss" : "draw";
}

std::string_view wdl_word(probe::Wdl5 w) {
    return core::to_string(static_cast<core::Wdl5>(w)); // the same values, TABLES.md's words
}

PositionQuery position_query(const po::variables_map& vm) {
    PositionQuery q;
    q.rules = ruleset_option(vm);
    q.counter = counter_option(vm, q.rules);
    q.pos = fen_argument(vm);
    q.dir = tables_option(vm, q.rules);
    q.tb = open_tables(q.dir, q.rules);
    return q;
}

std::unique_ptr<probe::Tablebase> open_tables(const std::string& dir, const core::Ruleset& rules) {
    constexpr std::size_t CACHE_BYTES = std::size_t{64} << 20;
    probe::Status status = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, to_probe(rules), CACHE_BYTES, &status);
    if (status == probe::Status::NO_TABLES)
        throw TableFailure("no table files (*.dtb) in '" + dir + "'");
    if (!tb)
        throw TableFailure("cannot open the tables in '" + dir +
                           "': " + std::string(probe::status_string(status)));
    return tb;
}

namespace {

// The materials of the tables a probe of pos reads: pos's own or, when its side to move must
// capture (a don't-care position, core/record.h), those of its captures, found the same way.
void add_tables_read(const core::Position& pos, const core::Ruleset& rules,
                     std::vector<core::Material>& out) {
    if (!pos.pieces(pos.side_to_move())) return; // lost, no table needed
    if (core::is_dont_care(pos, rules)) {
        core::MoveList captures;
        core::generate_moves(pos, rules.promotion, captures);
        for (const core::Move& m : captures) add_tables_read(pos.after(m), rules, out);
        return;
    }
    const core::Material m = core::material_of(pos);
    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
}

// The materials of the tables a probe of pos reads or, with_moves, a probe_root of pos: its
// moves' (none when the game is over).
std::vector<core::Material> tables_read(const core::Position& pos, const core::Ruleset& rules,
                                        bool with_moves) {
    std::vector<core::Material> out;
    core::MoveList moves;
    if (with_moves && core::game_outcome(pos, rules, moves) == core::Outcome::NONE)
        for (const core::Move& m : moves) add_tables_read(pos.after(m), rules, out);
    else
        add_tables_read(pos, rules, out);
    return out;
}

} // namespace

void throw_probe_failure(probe::Status status, const std::string& dir, const core::Ruleset& rules,
                         const core::Position& pos, bool with_moves) {
    if (status == probe::Status::INVALID_POSITION)
        throw UsageError(core::to_fen(pos) + ": " + color_name(~pos.side_to_move()) +
                         ", not to move, has no piece: the game ended before this position");
    if (status == probe::Status::INVALID_ARGUMENT)
        throw UsageError("invalid counter or ruleset for " + core::to_fen(pos));
    // Find the table at fault with core's reader, which names the file and the reason.
    for (const core::Material& m : tables_read(pos, rules, with_moves)) {
        const std::string path = dir + "/" + m.table_name() + ".dtb";
        std::error_code ec;
        if (!fs::exists(path, ec))
            throw TableFailure("class " + m.class_name() + " is missing: no " + m.table_name() +
                               ".dtb in '" + dir + "' (needed for " + core::to_fen(pos) + ")");
        const TableCheck check = check_table(path, m, rules);
        if (!check.values.ok) throw TableFailure(check.values.failure());
        if (check.progress && !check.progress->ok) throw TableFailure(check.progress->failure());
    }
    throw TableFailure(std::string(probe::status_string(status)) + " in '" + dir +
                       "' probing " + core::to_fen(pos));
}

} // namespace damatb::cli
