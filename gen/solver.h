// The retrograde solver of one material class (docs/generator.md).
//
// It solves both tables of a class (each side to move) together, reading the
// values of the classes that captures and promotions lead into from `solved`,
// and returns the two tables (one when both armies are equal).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/ruleset.h"
#include "gen/solved.h"

namespace damatb::gen {

struct SolveOptions {
    core::Ruleset rules;
    int threads = 1;
    // Called now and then with a line on what the solver is doing.
    std::function<void(const std::string&)> progress;
};

// The solved tables of class `cls` (stronger army as mover first). Throws
// std::out_of_range if a class it needs is not in `solved`.
std::vector<std::shared_ptr<SolvedTable>> solve_class(const core::Material& cls,
                                                      const SolvedTables& solved,
                                                      const SolveOptions& options);

} // namespace damatb::gen
