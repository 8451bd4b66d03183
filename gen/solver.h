// The retrograde solver of one material class (docs/generator.md).
//
// It solves both tables of a class (each side to move) together, reading the
// values of the classes that captures and promotions lead into from `solved`,
// and returns the two tables (one when both armies are equal).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/ruleset.h"
#include "gen/solved.h"

namespace damatb::gen {

// How a step of the solver finds the positions that may have become lost or won by a king
// move (docs/generator.md, "Work lists and threads"): from the predecessors of those just won
// or lost, by a scan of the table, or by whichever the number just won or lost makes cheaper
// (AUTO). SCAN also looks at every draw under the limit for a result without it, where the
// others look only at those that may have one. The values are the same; the tests compare them.
enum class Search { AUTO, PREDECESSORS, SCAN };

// How a class of kings only, solved whole, finds its losses under the limit (docs/generator.md,
// "Losses counted"): by counting each position's moves into won positions, or by evaluating
// candidates as every other class does; AUTO counts in a class of two equal armies (one table),
// where most candidates would escape. The values are the same; the tests compare them.
enum class Losses { AUTO, COUNTED, EVALUATED };

// The form of the solver's long work lists (gen/node_list.h): by their length, or always one.
// The values are the same; the tests compare them.
enum class Lists { AUTO, VECTORS, BITS };

struct SolveOptions {
    core::Ruleset rules;
    int threads = 1;
    Search search = Search::AUTO;
    Lists lists = Lists::AUTO;
    Losses losses = Losses::AUTO;
    // Solve a class with men slice by slice, by its men's ranks (docs/six-pieces.md), in less
    // memory; the values are the same.
    bool slices = false;
    // Solving in slices: how many (MenSlices), 0 for one per profile of the men's ranks.
    int slice_count = 0;
    // Solving in slices: the folder of the slice files (gen/slice_files.h), each slice's written
    // when it is done and read back instead of solved when valid (a run stopped resumes at the
    // slice it was solving); "" for none.
    std::string slice_dir;
    // Solving in slices: called after each slice, solved or read back, with its number (from
    // 0), the number of slices and its positions.
    std::function<void(int slice, int count, std::uint64_t positions, bool read_back)> slice_done;
    // Solving in slices with slice_dir: solve this slice alone (from 0), a work unit of its own
    // (`damatb plan --json`), reading only the files of the slices its men's forward steps lead
    // into (they must be there and valid), and write its file; solve_class then returns no
    // tables. A slice whose file is there and valid is left as it is. -1: every slice, in order.
    int only_slice = -1;
    // The most bytes of the classes read, mapped from their scratch files, that the first look
    // holds resident (gen/read_cache.h); by default no bound.
    std::uint64_t read_cache = ~std::uint64_t{0};
    // Called after a first look that gave those pages back to keep within read_cache, with the
    // number of times it did.
    std::function<void(std::uint64_t)> read_cache_released;
    // Called now and then with a line on what the solver is doing.
    std::function<void(const std::string&)> progress;
};

// The solved tables of class `cls` (stronger army as mover first). Throws
// std::out_of_range if a class it needs is not in `solved`, std::runtime_error if a slice file
// that `only_slice` needs is not there or not valid.
std::vector<std::shared_ptr<SolvedTable>> solve_class(const core::Material& cls,
                                                      const SolvedTables& solved,
                                                      const SolveOptions& options);

} // namespace damatb::gen
