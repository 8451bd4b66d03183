// simple_index.h -- test oracle only, not part of the engine.
//
// The index of core/index.h written straight from its description, with square
// lists and plain loops (no bitboard tricks, no tables but the list of lead
// placements), so that tests can check the fast TableIndex value by value.
#pragma once

#include <cstdint>
#include <vector>

#include "core/material.h"
#include "core/position.h"

namespace simple {

class SimpleIndex {
public:
    explicit SimpleIndex(const damatb::core::Material& material);

    std::uint64_t size() const { return size_; }
    // The index of a position of the material with White to move (index.h).
    std::uint64_t index(const damatb::core::Position& pos) const;
    // The position with index i < size().
    damatb::core::Position position(std::uint64_t i) const;

private:
    struct Group {
        int slot; // 0 white men, 1 white kings, 2 black men, 3 black kings
        int count;
        bool men_domain;
        std::uint64_t placements;
    };

    std::vector<Group> groups_;
    int symmetries_ = 2;
    std::vector<std::uint64_t> lead_ranks_; // lead placement -> colex rank in the domain
    std::uint64_t size_ = 0;
};

} // namespace simple
