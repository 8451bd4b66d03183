#include "cli/options.h"

#include <iostream>

#include "core/fen.h"
#include "core/quote_input.h"

namespace damatb::cli {

CommandSyntax::CommandSyntax(std::string usage_line, std::string about)
    : usage(std::move(usage_line)), description(std::move(about)), options("Options") {
    options.add_options()("help,h", "print this help and exit");
}

void add_promotion_option(CommandSyntax& syntax) {
    syntax.options.add_options()(
        "promotion", po::value<std::string>()->value_name("RULE")->default_value("end-of-move"),
        "a man reaching the last rank during a capture: end-of-move (crowned when the move "
        "ends) or immediate (crowned at once, captures on as a king)");
}

void add_lone_pieces_option(CommandSyntax& syntax) {
    syntax.options.add_options()(
        "lone-pieces", po::value<std::string>()->value_name("RULE")->default_value("king-wins"),
        "one piece each: king-wins (a lone king beats a lone man), draw (any one against "
        "one is drawn) or play-on");
}

void add_ruleset_options(CommandSyntax& syntax) {
    add_promotion_option(syntax);
    add_lone_pieces_option(syntax);
    syntax.options.add_options()(
        "king-move-limit", po::value<std::string>()->value_name("PLIES")->default_value("32"),
        "consecutive king moves without capture that draw, 0 to 255 (0: no limit)");
}

std::uint64_t gib_option(const po::variables_map& vm, const std::string& name) {
    if (!vm.count(name)) return 0;
    const double gib = vm[name].as<double>();
    if (!(gib > 0 && gib <= 1 << 20)) throw UsageError("--" + name + " must be a number of GiB above 0");
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(gib * double(1 << 30)));
}

core::Ruleset ruleset_option(const po::variables_map& vm) {
    core::Ruleset rules;
    rules.promotion = promotion_option(vm);
    rules.lone_pieces = lone_pieces_option(vm);
    auto limit = core::parse_king_move_limit(vm["king-move-limit"].as<std::string>());
    if (!limit) throw UsageError("--king-move-limit: " + limit.error());
    rules.king_move_limit = *limit;
    return rules;
}

std::string default_tables_dir(const core::Ruleset& rules) {
    return "tables/" + rules.name();
}

void add_fen_argument(CommandSyntax& syntax) {
    syntax.arguments.add_options()("fen", po::value<std::string>(), "the position");
    syntax.positional.add("fen", 1);
}

namespace {

// A message of Boost.Program_options with each quoted part cut as core::quote_input cuts input:
// Boost quotes the value given, whole ("the argument ('99...9') for option '--counter' is
// invalid").
std::string cut_quoted(std::string_view message) {
    std::string out;
    for (;;) {
        const std::size_t open = message.find('\'');
        const std::size_t close = open == std::string_view::npos ? open : message.find('\'', open + 1);
        if (close == std::string_view::npos) break;
        out += message.substr(0, open);
        out += core::quote_input(message.substr(open + 1, close - open - 1));
        message.remove_prefix(close + 1);
    }
    return out + std::string(message);
}

} // namespace

std::optional<po::variables_map> parse_command_line(const CommandSyntax& syntax,
                                                    const Args& args) {
    po::options_description all;
    all.add(syntax.options).add(syntax.arguments);
    po::variables_map vm;
    try {
        // No abbreviated option names: a later option must not change what one means.
        const int style = po::command_line_style::default_style &
                          ~po::command_line_style::allow_guessing;
        po::store(po::command_line_parser(args)
                      .options(all)
                      .positional(syntax.positional)
                      .style(style)
                      .run(),
                  vm);
        po::notify(vm);
    } catch (const po::too_many_positional_options_error&) {
        throw UsageError("too many arguments; quote a FEN that contains spaces (see --help)");
    } catch (const po::error& e) {
        throw UsageError(cut_quoted(e.what()));
    }
    if (vm.count("help")) {
        std::cout << "Usage: " << syntax.usage << "\n\n"
                  << syntax.description << "\n\n"
                  << syntax.options;
        return std::nullopt;
    }
    return vm;
}

core::Promotion promotion_option(const po::variables_map& vm) {
    auto promotion = core::parse_promotion(vm["promotion"].as<std::string>());
    if (!promotion) throw UsageError("--promotion: " + promotion.error());
    return *promotion;
}

core::LonePieces lone_pieces_option(const po::variables_map& vm) {
    auto lone = core::parse_lone_pieces(vm["lone-pieces"].as<std::string>());
    if (!lone) throw UsageError("--lone-pieces: " + lone.error());
    return *lone;
}

bool has_fen_argument(const po::variables_map& vm) { return vm.count("fen") != 0; }

core::Position fen_argument(const po::variables_map& vm) {
    if (!has_fen_argument(vm)) throw UsageError("missing FEN argument (see --help)");
    return read_fen(vm["fen"].as<std::string>());
}

core::Position read_fen(const std::string& fen) {
    auto pos = core::parse_fen(fen);
    if (!pos) throw UsageError(pos.error());
    return *pos;
}

} // namespace damatb::cli
