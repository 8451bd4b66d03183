// The work units of a generation (docs/six-pieces.md, "Work units"): what `damatb plan --json`
// lists and what a run across machines (docs/cluster.md) hands out, in the order they are solved.
//
// A unit is a whole class, or one slice of a class that is solved slice by slice (under a memory
// budget it does not fit whole in, or with --slices): each of its slices, then the class, whose
// table files are written from its slices' files. Each unit needs only units listed before it:
// the classes its captures and crownings lead into, for a slice the slices of its class that its
// men's forward steps lead into, for a class solved in slices its slices.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/material.h"
#include "gen/memory_budget.h"

namespace damatb::gen {

struct WorkUnit {
    std::string name; // "KKvKM", or "KKvKM.slice-3" for a slice
    core::Material cls;
    int slice = -1;              // from 0; -1 for the whole class
    std::uint64_t positions = 0; // a slice's are estimated (within some 15 %)
    std::vector<std::size_t> needs; // the units it needs, by their place in the list
    std::uint64_t memory = 0;       // its estimated peak, the earlier classes held included
    bool in_slices = false;         // a class: written from its slices' files
    std::size_t plan_index = 0;     // its class's place in core::plan_classes
    int slice_count = 0;            // a class in slices, or its slice: how many slices (MenSlices)
};

// The units of every class in `plan`, in order. A class with men is solved in slices when
// `all_slices` (one per profile), or when its estimated peak whole is above `budget` (0: no
// budget; in the fewest slices that fit it, slices_to_fit). The classes a unit reads count for
// at most `read_cache` bytes (gen/memory_budget.h: `generate` takes read_cache_of(budget, its --read-cache)).
std::vector<WorkUnit> work_units(const std::vector<core::ClassPlan>& plan, std::uint64_t budget,
                                 bool all_slices, std::uint64_t read_cache = NO_READ_CACHE);

// "KKvKM.slice-3".
std::string slice_unit_name(const core::Material& cls, int slice);

} // namespace damatb::gen

namespace damatb::gen {

// Hands out the units of a list in order, each once its needs are done (a run across
// machines, docs/cluster.md): the first unit of the list not handed out yet whose needs are all
// done.
class UnitQueue {
public:
    // `done`: the units already done (their files there), by their place in the list.
    UnitQueue(const std::vector<WorkUnit>& units, const std::vector<bool>& done);
    // The next unit to hand out, -1 when none is ready now (all done, or waiting on units out).
    long take();
    void finish(std::size_t unit);
    std::size_t done_count() const { return done_; }
    bool all_done() const { return done_ == units_.size(); }

private:
    enum State : char { WAITING, OUT, DONE };
    const std::vector<WorkUnit>& units_;
    std::vector<State> state_;
    std::size_t done_ = 0;
    std::size_t first_waiting_ = 0; // no unit before it is WAITING
};

} // namespace damatb::gen
