// damatb plan: the work units up to N pieces in the order they are solved.
#include <iostream>

#include "cli/commands.h"
#include "cli/json.h"
#include "core/material.h"
#include "gen/generate.h"
#include "gen/memory_budget.h"
#include "gen/men_slices.h"
#include "gen/work_units.h"

namespace damatb::cli {

int run_plan(const Args& args) {
    CommandSyntax syntax(
        "damatb plan [--pieces N] [--json] [--memory GIB [--read-cache GIB] | --slices]",
        "Lists the work units of every material class of 2 to N pieces in the order\n"
        "`generate` solves them, one per line: the class, its positions (both sides to\n"
        "move, symmetries folded), then `needs:` and the classes its captures and\n"
        "promotions lead into, all listed on earlier lines. Each line can be generated on\n"
        "its own (`damatb generate --material CLASS`) once the classes it needs are in the\n"
        "output folder. A unit is a whole class, or, for a class that `generate --memory\n"
        "GIB` (or --slices) solves slice by slice by its men's ranks, each of its slices\n"
        "and then the class (its table files written from the slices' files). A slice can\n"
        "be solved on its own too (`damatb generate --material CLASS --slice S`) once the\n"
        "units it needs are done.\n"
        "With --json: an array of objects. A class: {\"unit\", \"kind\" (\"class\"),\n"
        "\"tables\", \"positions\", \"needs\" (and its slices, when solved in slices),\n"
        "\"memory\" (the estimated peak in bytes of\n"
        "`generate` solving it, the classes it reads included, under --memory at most\n"
        "the read cache of them: whole, or, in\n"
        "slices, writing its tables from its slices' files), \"slices\"\n"
        "(the most slices by the men's ranks it can be cut into, 1 for kings only),\n"
        "\"memory_in_slices\" (the same peak in that many slices: the least), \"in_slices\"\n"
        "(whether it is solved in slices: under --memory in the fewest that fit, with\n"
        "--slices in the most)}. Before a class solved in slices, its slices: {\"unit\"\n"
        "(\"KKvKM.slice-0\"), \"kind\" (\"slice\"), \"class\", \"slice\" (from 0),\n"
        "\"positions\" (estimated, within some 15 %), \"needs\" (classes, and the class's\n"
        "slices that its men's steps forward lead into), \"memory\" (its estimated peak),\n"
        "\"file\" (where `generate` keeps it, in the output folder, until the class is\n"
        "written)}.");
    syntax.options.add_options()("pieces", po::value<int>()->value_name("N")->default_value(5),
                                 "the largest number of pieces, 2 to 8")(
        "json", "print the units as a JSON array")(
        "memory", po::value<double>()->value_name("GIB"),
        "list the slices of the classes that `generate --memory GIB` solves slice by slice")(
        "read-cache", po::value<double>()->value_name("GIB"),
        "with --memory: the read cache of `generate --read-cache GIB` (default: a quarter of "
        "the budget, at most 4 GiB), the most of the classes a unit reads that its estimate counts")(
        "slices", "list the slices of every class with men, as `generate --slices` solves them");
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const int pieces = (*vm)["pieces"].as<int>();
    if (pieces < 2 || pieces > 8) throw UsageError("--pieces must be from 2 to 8");
    const std::uint64_t budget = gib_option(*vm, "memory");
    if (vm->count("read-cache") && !budget) throw UsageError("--read-cache needs --memory, the budget it is a share of");
    const std::uint64_t read_cache = gen::read_cache_of(budget, gib_option(*vm, "read-cache"));
    const std::vector<core::ClassPlan> plan = core::plan_classes(pieces);
    const std::vector<gen::WorkUnit> units = gen::work_units(plan, budget, vm->count("slices") != 0, read_cache);
    std::vector<std::string> objects; // as JSON
    for (const gen::WorkUnit& u : units) {
        std::vector<std::string> needs;
        for (std::size_t n : u.needs) needs.push_back(json::quote(units[n].name));
        if (u.slice >= 0) { // listed in JSON only; the text lists the classes
            if (vm->count("json"))
                objects.push_back(json::Object()
                                      .add_string("unit", u.name)
                                      .add_string("kind", "slice")
                                      .add_string("class", u.cls.class_name())
                                      .add_number("slice", u.slice)
                                      .add_number("positions", u.positions)
                                      .add_raw("needs", json::one_line_array(needs))
                                      .add_number("memory", u.memory)
                                      .add_string("file", std::string(gen::SLICE_FOLDER) + "/" + u.name + ".dts")
                                      .str());
            continue;
        }
        const int most_slices = gen::has_men(u.cls) ? gen::MenSlices::profile_count(u.cls) : 1;
        if (vm->count("json")) {
            std::vector<std::string> tables;
            for (const core::Material& m : core::tables_of(u.cls)) tables.push_back(json::quote(m.table_name()));
            objects.push_back(json::Object()
                                  .add_string("unit", u.name)
                                  .add_string("kind", "class")
                                  .add_raw("tables", json::one_line_array(tables))
                                  .add_number("positions", u.positions)
                                  .add_raw("needs", json::one_line_array(needs))
                                  .add_number("memory", u.memory)
                                  .add_number("slices", most_slices)
                                  .add_number("memory_in_slices", gen::memory_estimate(plan, u.plan_index, {}, most_slices, read_cache))
                                  .add_bool("in_slices", u.in_slices)
                                  .str());
            continue;
        }
        std::cout << u.name << ' ' << u.positions << " needs:";
        for (const core::Material& n : plan[u.plan_index].needs) std::cout << ' ' << n.class_name();
        if (u.in_slices) std::cout << " (in " << u.slice_count << " slices)";
        std::cout << '\n';
    }
    if (vm->count("json")) std::cout << json::array(objects) << '\n';
    return 0;
}

} // namespace damatb::cli
