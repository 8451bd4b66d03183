// Material: which pieces each side has, the names of material classes, and the
// order in which the generator solves them.
//
// A table holds the positions of one material with the side to move shown as
// White (a position with Black to move is turned around first: colours swapped,
// ranks mirrored). Its key is a Material: the mover's army and the other's.
// A material class is the unordered pair of armies, named with the stronger army
// first ("KMvK"); it owns the table of each side to move (one when both armies
// are equal).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace damatb::core {

struct Army {
    std::uint8_t kings = 0;
    std::uint8_t men = 0;

    int pieces() const { return kings + men; }
    bool operator==(const Army&) const = default;
    auto operator<=>(const Army&) const = default;
    // "KKM": a K per king, then an M per man.
    std::string name() const;
};

// True when army a is listed before b in a class name: more pieces, then more kings.
bool stronger(const Army& a, const Army& b);

struct Material {
    Army mover; // the side to move, shown as White
    Army other;

    int pieces() const { return mover.pieces() + other.pieces(); }
    int men() const { return mover.men + other.men; }
    bool operator==(const Material&) const = default;
    auto operator<=>(const Material&) const = default;
    // The material with the other side to move.
    Material swapped() const { return {other, mover}; }
    // The class name, stronger army first: "KMvK".
    std::string class_name() const;
    // The table name: the class name and which army moves, e.g. "KMvK" + "+" when the
    // first-named army moves, "-" when the other does ("KMvK+", "KMvK-"); "KvK".
    std::string table_name() const;
};

// The material of a position (its side to move as the mover).
Material material_of(const Position& pos);

// The position turned around so that the side to move is White: colours
// swapped and ranks mirrored when Black is to move, unchanged otherwise.
inline Position as_white_to_move(const Position& pos) {
    return pos.side_to_move() == WHITE ? pos : pos.flipped();
}

// Reads a class name such as "KMvK" (either army first).
Result<Material> parse_class_name(std::string_view name);

// The material a table name stands for, the inverse of Material::table_name(): "KMvK+" (the
// first-named army to move), "KMvK-", "KvK". Only the names table_name() writes are read:
// nullopt for "KvKM+", "KMvK", "KvK+" or anything else.
std::optional<Material> material_of_table_name(std::string_view name);

// The tables of class cls: cls, then cls.swapped() when the two differ (not for "KvK").
std::vector<Material> tables_of(const Material& cls);

// A material class, stronger army first, with the classes its moves lead into.
struct ClassPlan {
    Material material; // mover = the stronger army
    std::vector<Material> needs; // classes (stronger army first) that captures and promotions reach
};

// Every class of 2 to `pieces` pieces (each side at least one), each after the
// classes it needs: by piece count, then by number of men.
std::vector<ClassPlan> plan_classes(int pieces);

// The canonical class key of a material: the stronger army as mover.
Material class_key(const Material& m);

} // namespace damatb::core
