// damatb plan: the classes up to N pieces in the order they are solved.
#include <iostream>

#include "cli/commands.h"
#include "core/index.h"
#include "core/material.h"

namespace damatb::cli {

int run_plan(const Args& args) {
    CommandSyntax syntax("damatb plan [--pieces N]",
                         "Lists every material class of 2 to N pieces in the order `generate`\n"
                         "solves them, one per line: the class, its positions (both sides to\n"
                         "move, symmetries folded), then `needs:` and the classes its captures\n"
                         "and promotions lead into, all listed on earlier lines. Each line can\n"
                         "be generated on its own (`damatb generate --material CLASS`) once the\n"
                         "classes it needs are in the output folder.");
    syntax.options.add_options()("pieces", po::value<int>()->value_name("N")->default_value(5),
                                 "the largest number of pieces, 2 to 8");
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const int pieces = (*vm)["pieces"].as<int>();
    if (pieces < 2 || pieces > 8) throw UsageError("--pieces must be from 2 to 8");
    for (const core::ClassPlan& c : core::plan_classes(pieces)) {
        std::uint64_t positions = 0;
        for (const core::Material& m : core::tables_of(c.material))
            positions += core::TableIndex(m).size();
        std::cout << c.material.class_name() << ' ' << positions << " needs:";
        for (const core::Material& n : c.needs) std::cout << ' ' << n.class_name();
        std::cout << '\n';
    }
    return 0;
}

} // namespace damatb::cli
