// damatb plan: the work units up to N pieces in the order they are solved.
#include <iostream>

#include "cli/commands.h"
#include "cli/json.h"
#include "core/material.h"
#include "gen/generate.h"
#include "gen/men_slices.h"

namespace damatb::cli {

int run_plan(const Args& args) {
    CommandSyntax syntax(
        "damatb plan [--pieces N] [--json]",
        "Lists the work units of every material class of 2 to N pieces in the order\n"
        "`generate` solves them (a unit is a whole class), one per line: the class, its\n"
        "positions (both sides to move, symmetries folded), then `needs:` and the classes\n"
        "its captures and promotions lead into, all listed on earlier lines. Each line can\n"
        "be generated on its own (`damatb generate --material CLASS`) once the classes it\n"
        "needs are in the output folder. With --json: an array of objects {\"unit\",\n"
        "\"kind\" (\"class\"), \"tables\", \"positions\", \"needs\", \"memory\" (the estimated\n"
        "peak in bytes of `generate` solving it, the earlier classes it still holds\n"
        "included), \"slices\" (its slices by the men's ranks, 1 for kings only),\n"
        "\"memory_in_slices\" (the same peak, solved slice by slice)}.");
    syntax.options.add_options()("pieces", po::value<int>()->value_name("N")->default_value(5),
                                 "the largest number of pieces, 2 to 8")(
        "json", "print the units as a JSON array");
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const int pieces = (*vm)["pieces"].as<int>();
    if (pieces < 2 || pieces > 8) throw UsageError("--pieces must be from 2 to 8");
    const std::vector<core::ClassPlan> plan = core::plan_classes(pieces);
    std::vector<std::string> units;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        const core::ClassPlan& c = plan[k];
        const std::uint64_t positions = gen::class_positions(c.material);
        if (vm->count("json")) {
            const std::size_t slice_count = gen::has_men(c.material) ? gen::MenSlices::estimate(c.material).size() : 1;
            std::vector<std::string> tables, needs; // as JSON strings
            for (const core::Material& m : core::tables_of(c.material))
                tables.push_back(json::quote(m.table_name()));
            for (const core::Material& n : c.needs) needs.push_back(json::quote(n.class_name()));
            units.push_back(json::Object()
                                .add_string("unit", c.material.class_name())
                                .add_string("kind", "class")
                                .add_raw("tables", json::one_line_array(tables))
                                .add_number("positions", positions)
                                .add_raw("needs", json::one_line_array(needs))
                                .add_number("memory", gen::memory_estimate(plan, k))
                                .add_number("slices", slice_count)
                                .add_number("memory_in_slices", gen::memory_estimate(plan, k, {}, true))
                                .str());
            continue;
        }
        std::cout << c.material.class_name() << ' ' << positions << " needs:";
        for (const core::Material& n : c.needs) std::cout << ' ' << n.class_name();
        std::cout << '\n';
    }
    if (vm->count("json")) std::cout << json::array(units) << '\n';
    return 0;
}

} // namespace damatb::cli
