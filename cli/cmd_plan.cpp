// damatb plan: the work units up to N pieces in the order they are solved.
#include <iostream>

#include "cli/commands.h"
#include "cli/json.h"
#include "core/material.h"
#include "gen/generate.h"
#include "gen/men_slices.h"

namespace damatb::cli {

namespace {

// The units of class k of the plan solved slice by slice, as JSON objects: each slice's
// estimated positions, what it needs (the classes its captures and crownings lead into, the
// slices its men's forward steps lead into) and its estimated peak.
std::vector<std::string> slice_units(const std::vector<core::ClassPlan>& plan, std::size_t k) {
    const core::Material& cls = plan[k].material;
    const std::vector<gen::MenSlices::Slice> slices = gen::MenSlices::estimate(cls);
    const std::vector<std::uint64_t> bytes = gen::slice_solver_bytes(cls);
    const std::uint64_t held = gen::held_classes_bytes(plan, k);
    const bool equal_armies = core::tables_of(cls).size() == 1;
    auto name = [&](int s) { return cls.class_name() + ".slice-" + std::to_string(s); };
    std::vector<std::string> out;
    for (int s = 0; s < int(slices.size()); ++s) {
        std::vector<std::string> needs;
        for (const core::Material& n : plan[k].needs) needs.push_back(json::quote(n.class_name()));
        for (int into : gen::MenSlices::leads_into(slices, s, equal_armies)) needs.push_back(json::quote(name(into)));
        out.push_back(json::Object()
                          .add_string("unit", name(s))
                          .add_string("kind", "slice")
                          .add_string("class", cls.class_name())
                          .add_number("slice", s)
                          .add_number("positions", slices[std::size_t(s)].positions)
                          .add_raw("needs", json::one_line_array(needs))
                          .add_number("memory", bytes[std::size_t(s)] + held)
                          .add_string("file", std::string(gen::SLICE_FOLDER) + "/" + name(s) + ".dts")
                          .str());
    }
    return out;
}

} // namespace

int run_plan(const Args& args) {
    CommandSyntax syntax(
        "damatb plan [--pieces N] [--json] [--memory GIB | --slices]",
        "Lists the work units of every material class of 2 to N pieces in the order\n"
        "`generate` solves them, one per line: the class, its positions (both sides to\n"
        "move, symmetries folded), then `needs:` and the classes its captures and\n"
        "promotions lead into, all listed on earlier lines. Each line can be generated on\n"
        "its own (`damatb generate --material CLASS`) once the classes it needs are in the\n"
        "output folder. A unit is a whole class, or, for a class that `generate --memory\n"
        "GIB` (or --slices) solves slice by slice by its men's ranks, each of its slices\n"
        "and then the class (its table files written from the slices' files).\n"
        "With --json: an array of objects. A class: {\"unit\", \"kind\" (\"class\"),\n"
        "\"tables\", \"positions\", \"needs\" (and its slices, when solved in slices),\n"
        "\"memory\" (the estimated peak in bytes of\n"
        "`generate` solving it whole, the earlier classes it still holds included), \"slices\"\n"
        "(its slices by the men's ranks, 1 for kings only), \"memory_in_slices\" (the same\n"
        "peak, solved slice by slice), \"in_slices\" (whether it is solved in slices under\n"
        "--memory or --slices)}. Before a class solved in slices, its slices: {\"unit\"\n"
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
        "slices", "list the slices of every class with men, as `generate --slices` solves them");
    auto vm = parse_command_line(syntax, args);
    if (!vm) return 0;
    const int pieces = (*vm)["pieces"].as<int>();
    if (pieces < 2 || pieces > 8) throw UsageError("--pieces must be from 2 to 8");
    std::uint64_t budget = 0;
    if (vm->count("memory")) {
        const double gib = (*vm)["memory"].as<double>();
        if (!(gib > 0 && gib <= 1 << 20)) throw UsageError("--memory must be a number of GiB above 0");
        budget = static_cast<std::uint64_t>(gib * double(1 << 30));
    }
    const bool all_slices = vm->count("slices") != 0;
    const std::vector<core::ClassPlan> plan = core::plan_classes(pieces);
    std::vector<std::string> units;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        const core::ClassPlan& c = plan[k];
        const std::uint64_t positions = gen::class_positions(c.material);
        const bool in_slices = gen::has_men(c.material) &&
                               (all_slices || (budget && gen::memory_estimate(plan, k) > budget));
        if (vm->count("json")) {
            const std::size_t slice_count = gen::has_men(c.material) ? gen::MenSlices::estimate(c.material).size() : 1;
            std::vector<std::string> tables, needs; // as JSON strings
            for (const core::Material& m : core::tables_of(c.material))
                tables.push_back(json::quote(m.table_name()));
            for (const core::Material& n : c.needs) needs.push_back(json::quote(n.class_name()));
            if (in_slices)
                for (std::size_t s = 0; s < slice_count; ++s)
                    needs.push_back(json::quote(c.material.class_name() + ".slice-" + std::to_string(s)));
            if (in_slices)
                for (std::string& s : slice_units(plan, k)) units.push_back(std::move(s));
            units.push_back(json::Object()
                                .add_string("unit", c.material.class_name())
                                .add_string("kind", "class")
                                .add_raw("tables", json::one_line_array(tables))
                                .add_number("positions", positions)
                                .add_raw("needs", json::one_line_array(needs))
                                .add_number("memory", gen::memory_estimate(plan, k))
                                .add_number("slices", slice_count)
                                .add_number("memory_in_slices", gen::memory_estimate(plan, k, {}, true))
                                .add_bool("in_slices", in_slices)
                                .str());
            continue;
        }
        std::cout << c.material.class_name() << ' ' << positions << " needs:";
        for (const core::Material& n : c.needs) std::cout << ' ' << n.class_name();
        if (in_slices) std::cout << " (in " << gen::MenSlices::estimate(c.material).size() << " slices)";
        std::cout << '\n';
    }
    if (vm->count("json")) std::cout << json::array(units) << '\n';
    return 0;
}

} // namespace damatb::cli
