#include <catch2/catch.hpp>

#include "core/material.h"
#include "support/helpers.h"

using namespace damatb;
using namespace damatb::core;

TEST_CASE("Material: names, stronger army first", "[material]") {
    Material kmk{{1, 1}, {1, 0}};
    CHECK(kmk.class_name() == "KMvK");
    CHECK(kmk.table_name() == "KMvK+");
    CHECK(kmk.swapped().class_name() == "KMvK");
    CHECK(kmk.swapped().table_name() == "KMvK-");
    CHECK(Material{{1, 0}, {1, 0}}.table_name() == "KvK");
    // Equal piece counts: more kings first.
    CHECK(Material{{0, 2}, {1, 1}}.class_name() == "KMvMM");
    CHECK(*parse_class_name("KvKM") == Material{{1, 1}, {1, 0}});
    CHECK(parse_class_name("KXvK").error() == "material class 'KXvK': 'KX' is not kings (K) then men (M)");
    CHECK_FALSE(parse_class_name("KK").ok());
    CHECK_FALSE(parse_class_name("vK").ok());
}

TEST_CASE("Material: a table name read back, and only the names table_name() writes", "[material]") {
    CHECK(material_of_table_name("KMvK+") == Material{{1, 1}, {1, 0}});
    CHECK(material_of_table_name("KMvK-") == Material{{1, 0}, {1, 1}});
    CHECK(material_of_table_name("KvK") == Material{{1, 0}, {1, 0}});
    CHECK(material_of_table_name("KKMvKM-") == Material{{1, 1}, {2, 1}});
    for (const ClassPlan& c : plan_classes(4))
        for (const Material& m : tables_of(c.material)) CHECK(material_of_table_name(m.table_name()) == m);
    // Another army order, a missing or needless sign, no class, a file name.
    for (const char* bad : {"KvKM+", "KvKM-", "KMvK", "KvK+", "KvK-", "", "+", "KXvK+", "vK", "KMvK+.dtb"})
        CHECK_FALSE(material_of_table_name(bad).has_value());
}

TEST_CASE("Material: the tables of a class, one when both armies are equal", "[material]") {
    CHECK(tables_of({{1, 1}, {1, 0}}) == std::vector<Material>{{{1, 1}, {1, 0}}, {{1, 0}, {1, 1}}});
    CHECK(tables_of({{1, 0}, {1, 0}}) == std::vector<Material>{{{1, 0}, {1, 0}}});
    CHECK(tables_of({{0, 2}, {0, 2}}).size() == 1);
}

TEST_CASE("Material: a position's material, Black to move turned around", "[material]") {
    Position p = test::fen("B:Wc3,Ka1:Bd6");
    CHECK(material_of(p) == Material{{0, 1}, {1, 1}});
    Position w = as_white_to_move(p);
    CHECK(w.side_to_move() == WHITE);
    CHECK(w.men(WHITE) == square_bb(SQ_D3));
    CHECK(w.men(BLACK) == square_bb(SQ_C6));
    CHECK(w.kings(BLACK) == square_bb(SQ_A8));
}

TEST_CASE("Material: the plan lists every class after the classes it needs", "[material]") {
    auto plan = plan_classes(4);
    // Classes of 2 pieces: KvK, KvM, MvM; of 3: an army of two (KK, KM, MM) against one (K, M).
    std::size_t twos = 0, threes = 0, fours = 0;
    for (const ClassPlan& c : plan) {
        twos += c.material.pieces() == 2;
        threes += c.material.pieces() == 3;
        fours += c.material.pieces() == 4;
    }
    CHECK(twos == 3);
    CHECK(threes == 6);
    // 3 v 1: 4 * 2 = 8; 2 v 2: unordered pairs of the 3 armies of two, 3 + 3 = 6.
    CHECK(fours == 14);
    for (std::size_t i = 0; i < plan.size(); ++i)
        for (const Material& need : plan[i].needs) {
            bool earlier = false;
            for (std::size_t j = 0; j < i; ++j) earlier |= plan[j].material == need;
            INFO(plan[i].material.class_name() << " needs " << need.class_name());
            CHECK(earlier);
        }
    // KMvK: the king takes the king (KMvK -> none, a win), the man is crowned (KKvK),
    // takes the king (none); the lone king takes the man (KvK) or the king (MvK).
    for (const ClassPlan& c : plan)
        if (c.material.class_name() == "KMvK") {
            std::vector<std::string> names;
            for (const Material& n : c.needs) names.push_back(n.class_name());
            CHECK(names == std::vector<std::string>{"KKvK", "KvK", "KvM"});
        }
}
