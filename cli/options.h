// What every command shares: its syntax and --help, the usage-error type, and
// the readers of the common options (--promotion, --lone-pieces, the FEN).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "core/position.h"
#include "core/ruleset.h"

namespace damatb::cli {

namespace po = boost::program_options;

// The arguments that follow the command name.
using Args = std::vector<std::string>;

// A mistake in the command line or in the input it names; main() prints
// "damatb: error: <what>" and exits with code 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A table that is missing, damaged or of another ruleset than the one asked for; main()
// prints "damatb: error: <what>" and exits with code 1.
class TableFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A command's syntax: what --help prints and what the parser accepts.
struct CommandSyntax {
    CommandSyntax(std::string usage_line, std::string about);

    std::string usage;                       // e.g. "damatb show FEN"
    std::string description;                 // printed under the usage line
    po::options_description options;         // listed by --help (--help itself included)
    po::options_description arguments;       // positional arguments, not listed
    po::positional_options_description positional;
};

// Adds the ruleset options to a command's syntax.
void add_promotion_option(CommandSyntax& syntax);
void add_lone_pieces_option(CommandSyntax& syntax);
// Adds --promotion, --lone-pieces and --king-move-limit.
void add_ruleset_options(CommandSyntax& syntax);
// The ruleset those options name; UsageError names a bad value.
core::Ruleset ruleset_option(const po::variables_map& vm);
// The default folder of the tables of a ruleset when neither an option nor DAMATB_TABLES names
// one: tables/<ruleset name> under the working folder.
std::string default_tables_dir(const core::Ruleset& rules);
// Adds the positional FEN argument.
void add_fen_argument(CommandSyntax& syntax);

// The parsed arguments, or nullopt when --help was given and the help printed.
// Throws UsageError for an unknown option, a bad value or a stray argument.
std::optional<po::variables_map> parse_command_line(const CommandSyntax& syntax,
                                                    const Args& args);

// The values of the options added above; UsageError names a bad value.
core::Promotion promotion_option(const po::variables_map& vm);
core::LonePieces lone_pieces_option(const po::variables_map& vm);
// The bytes of option `name`, given in GiB (a number above 0, fractions allowed), or 0 when it is
// not given; UsageError names a bad value.
std::uint64_t gib_option(const po::variables_map& vm, const std::string& name);
// The position the FEN argument names; UsageError if it is missing or bad.
core::Position fen_argument(const po::variables_map& vm);
bool has_fen_argument(const po::variables_map& vm);

// The position `fen` names; UsageError carries core::parse_fen's message.
core::Position read_fen(const std::string& fen);

} // namespace damatb::cli
