#include "core/material.h"

#include <algorithm>
#include <set>

#include "core/quote_input.h"

namespace damatb::core {

std::string Army::name() const { return std::string(kings, 'K') + std::string(men, 'M'); }

bool stronger(const Army& a, const Army& b) {
    if (a.pieces() != b.pieces()) return a.pieces() > b.pieces();
    return a.kings > b.kings;
}

Material class_key(const Material& m) {
    return stronger(m.other, m.mover) ? m.swapped() : m;
}

std::string Material::class_name() const {
    Material k = class_key(*this);
    return k.mover.name() + "v" + k.other.name();
}

std::string Material::table_name() const {
    if (mover == other) return class_name();
    return class_name() + (class_key(*this) == *this ? "+" : "-");
}

Material material_of(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    auto army = [&](Color c) {
        return Army{static_cast<std::uint8_t>(popcount(pos.kings(c))),
                    static_cast<std::uint8_t>(popcount(pos.men(c)))};
    };
    return {army(us), army(them)};
}

Result<Material> parse_class_name(std::string_view name) {
    auto fail = [&](const std::string& why) {
        return Result<Material>::failure("material class " + quote_input(name) + ": " + why);
    };
    auto v = name.find('v');
    if (v == std::string_view::npos) return fail("expected two armies joined by v, e.g. KMvK");
    Army armies[2];
    std::string_view parts[2] = {name.substr(0, v), name.substr(v + 1)};
    for (int i = 0; i < 2; ++i) {
        std::string_view p = parts[i];
        if (p.empty()) return fail("an army has no piece");
        std::size_t k = 0;
        while (k < p.size() && p[k] == 'K') ++k;
        std::size_t m = k;
        while (m < p.size() && p[m] == 'M') ++m;
        if (m != p.size()) return fail(quote_input(p) + " is not kings (K) then men (M)");
        armies[i] = Army{static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(m - k)};
    }
    if (armies[0].pieces() + armies[1].pieces() > 16) return fail("too many pieces");
    return class_key(Material{armies[0], armies[1]});
}

std::optional<Material> material_of_table_name(std::string_view name) {
    if (name.empty()) return std::nullopt;
    const char sign = name.back();
    const bool signed_name = sign == '+' || sign == '-';
    auto cls = parse_class_name(signed_name ? name.substr(0, name.size() - 1) : name);
    if (!cls) return std::nullopt;
    const Material m = sign == '-' ? cls->swapped() : *cls;
    if (m.table_name() != name) return std::nullopt; // "KvKM+", "KMvK", "KvK+", ...
    return m;
}

std::vector<Material> tables_of(const Material& cls) {
    std::vector<Material> out{cls};
    if (cls.swapped() != cls) out.push_back(cls.swapped());
    return out;
}

std::vector<ClassPlan> plan_classes(int pieces) {
    std::vector<Material> classes;
    for (int n = 2; n <= pieces; ++n)
        for (int a = 1; a < n; ++a)
            for (int ak = 0; ak <= a; ++ak)
                for (int bk = 0; bk <= n - a; ++bk) {
                    Material m{Army{std::uint8_t(ak), std::uint8_t(a - ak)},
                               Army{std::uint8_t(bk), std::uint8_t(n - a - bk)}};
                    if (class_key(m) == m) classes.push_back(m);
                }
    std::sort(classes.begin(), classes.end(), [](const Material& x, const Material& y) {
        if (x.pieces() != y.pieces()) return x.pieces() < y.pieces();
        if (x.men() != y.men()) return x.men() < y.men();
        return x.class_name() < y.class_name();
    });
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());

    std::vector<ClassPlan> plan;
    for (const Material& c : classes) {
        std::set<Material> needs;
        // Each side's move: the mover may crown one man; the other side loses
        // any non-empty part of its army, or nothing (a promotion alone).
        for (const Material& m : tables_of(c)) {
            for (int crown = 0; crown <= (m.mover.men > 0 ? 1 : 0); ++crown) {
                Army mover{std::uint8_t(m.mover.kings + crown), std::uint8_t(m.mover.men - crown)};
                for (int k = 0; k <= m.other.kings; ++k)
                    for (int mm = 0; mm <= m.other.men; ++mm) {
                        bool same = crown == 0 && k == m.other.kings && mm == m.other.men;
                        if (same || k + mm == 0) continue;
                        needs.insert(class_key(
                            Material{mover, Army{std::uint8_t(k), std::uint8_t(mm)}}));
                    }
            }
        }
        ClassPlan p{c, {}};
        for (const Material& n : needs) p.needs.push_back(n);
        std::sort(p.needs.begin(), p.needs.end(), [](const Material& x, const Material& y) {
            return x.class_name() < y.class_name();
        });
        plan.push_back(p);
    }
    return plan;
}

} // namespace damatb::core
