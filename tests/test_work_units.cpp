// The work units of a generation (gen/work_units.h) and the queue that hands them out in a run
// across machines: each unit after every unit it needs, each once.
#include <algorithm>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "gen/memory_budget.h"
#include "gen/men_slices.h"
#include "gen/work_units.h"

using namespace damatb;

TEST_CASE("Work units: classes, or their slices then the class, each after what it needs", "[units]") {
    const std::vector<core::ClassPlan> plan = core::plan_classes(4);
    SECTION("without a budget: one unit per class, needing the classes it leads into") {
        const std::vector<gen::WorkUnit> units = gen::work_units(plan, 0, false);
        REQUIRE(units.size() == plan.size());
        for (std::size_t u = 0; u < units.size(); ++u) {
            CHECK(units[u].name == plan[u].material.class_name());
            CHECK(units[u].slice == -1);
            CHECK(!units[u].in_slices);
            CHECK(units[u].needs.size() == plan[u].needs.size());
            for (std::size_t n : units[u].needs) CHECK(n < u);
        }
    }
    SECTION("every class with men in slices") {
        const std::vector<gen::WorkUnit> units = gen::work_units(plan, 0, true);
        std::size_t slices = 0;
        for (const core::ClassPlan& c : plan)
            if (gen::has_men(c.material)) slices += gen::MenSlices::estimate(c.material).size();
        CHECK(units.size() == plan.size() + slices);
        for (std::size_t u = 0; u < units.size(); ++u) {
            const gen::WorkUnit& unit = units[u];
            for (std::size_t n : unit.needs) CHECK(n < u);
            if (unit.slice >= 0) {
                CHECK(unit.name == gen::slice_unit_name(unit.cls, unit.slice));
                // Its class's classes, then the slices of its class that its forward steps lead into.
                const gen::MenSlices real(unit.cls);
                std::vector<std::string> expected;
                for (int into : real.leads_into(unit.slice)) expected.push_back(gen::slice_unit_name(unit.cls, into));
                std::vector<std::string> slice_needs;
                for (std::size_t n : unit.needs)
                    if (units[n].slice >= 0) slice_needs.push_back(units[n].name);
                CHECK(slice_needs == expected);
            } else if (gen::has_men(unit.cls)) {
                CHECK(unit.in_slices);
                const int count = int(gen::MenSlices::estimate(unit.cls).size());
                int own = 0;
                for (std::size_t n : unit.needs) own += units[n].slice >= 0 && units[n].cls == unit.cls;
                CHECK(own == count);
            }
        }
    }
    SECTION("under a budget: the classes that do not fit whole in slices") {
        const std::uint64_t budget = std::uint64_t{110} << 20; // 110 MiB
        const std::vector<gen::WorkUnit> units = gen::work_units(plan, budget, false);
        std::vector<std::string> sliced;
        for (const gen::WorkUnit& u : units)
            if (u.in_slices) sliced.push_back(u.name);
        // Whole, a class needs 13.5 bytes a position, a byte a position of the classes it reads
        // and 64 MiB: KKMvK (5718384 positions) 139 MiB, KMvMM (3198840) 112 MiB; KKvMM (2178432)
        // 98 MiB fits.
        CHECK(sliced == std::vector<std::string>{"KKMvK", "KKvKM", "KKMvM", "KMMvK", "KMvKM", "KMMvM", "KMvMM"});
        // Each in the fewest slices that fit: as many slice units, each within the budget.
        bool fewer = false;
        for (std::size_t u = 0; u < units.size(); ++u) {
            const gen::WorkUnit& unit = units[u];
            if (!unit.in_slices) continue;
            INFO(unit.name);
            const int most = gen::MenSlices::profile_count(unit.cls);
            REQUIRE(unit.slice_count >= 2);
            REQUIRE(unit.slice_count <= most);
            fewer = fewer || unit.slice_count < most;
            CHECK(gen::memory_estimate(plan, unit.plan_index) > budget); // whole, it would not fit
            // Written from its slices' files, it holds what its dearest slice does.
            CHECK(unit.memory == gen::memory_estimate(plan, unit.plan_index, {}, unit.slice_count));
            CHECK(unit.memory <= budget);
            // The fewest that fit (slices_to_fit): one fewer does not.
            if (unit.slice_count > 2)
                CHECK(gen::memory_estimate(plan, unit.plan_index, {}, unit.slice_count - 1) > budget);
            int own = 0;
            for (std::size_t n : unit.needs)
                if (units[n].slice >= 0 && units[n].cls == unit.cls) {
                    ++own;
                    CHECK(units[n].memory <= budget);
                }
            CHECK(own == unit.slice_count);
        }
        CHECK(fewer);
    }
}

TEST_CASE("Memory estimate: a class done is read back for less than solving it needs", "[units]") {
    const std::vector<core::ClassPlan> plan = core::plan_classes(5);
    for (const char* name : {"KKMvKM", "KKKvKK", "MMMvMM"}) {
        INFO(name);
        const auto at = std::find_if(plan.begin(), plan.end(), [&](const core::ClassPlan& c) {
            return c.material.class_name() == name;
        });
        REQUIRE(at != plan.end());
        const std::size_t k = std::size_t(at - plan.begin());
        std::vector<bool> reused(plan.size());
        reused[k] = true;
        const std::uint64_t n = gen::class_positions(at->material);
        // Read back, it reads the classes its captures lead into, with fewer pieces, not those
        // its promotions lead into (gen::capture_needs).
        std::uint64_t captured = 0;
        for (const core::Material& m : gen::capture_needs(*at)) {
            CHECK(m.pieces() < at->material.pieces());
            captured += gen::class_positions(m);
        }
        const std::uint64_t held = captured + (64u << 20);
        // Less than solving it reads where its men crown into classes of as many pieces.
        if (at->material.men() > 0)
            CHECK(held < gen::held_classes_bytes(plan, k));
        else
            CHECK(held == gen::held_classes_bytes(plan, k));
        // Every record: 4 bytes a position and what it reads; the values: a byte and what it
        // reads; each with a byte more for the scratch files made of them, mapped and checked;
        // the scratch files: a byte, mapped, and nothing it reads.
        CHECK(gen::memory_estimate(plan, k, reused) == 5 * n + held);
        CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::RECORDS) == 5 * n + held);
        CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::VALUES) == 2 * n + held);
        CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::SCRATCH_FILES) == n + (64u << 20));
        CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::RECORDS) < gen::memory_estimate(plan, k));
    }
}

// KKMvKM in a plan: its place, and a byte a position of each class it reads.
struct KKMvKM {
    explicit KKMvKM(const std::vector<core::ClassPlan>& plan) {
        const auto at = std::find_if(plan.begin(), plan.end(),
                                     [&](const core::ClassPlan& c) { return c.material.class_name() == "KKMvKM"; });
        REQUIRE(at != plan.end());
        k = std::size_t(at - plan.begin());
        material = at->material;
        for (const core::Material& n : at->needs) read += gen::class_positions(n);
    }
    std::size_t k = 0;
    core::Material material;
    std::uint64_t read = 0;
};

TEST_CASE("Memory estimate: the classes read count for at most the read cache", "[units]") {
    const std::vector<core::ClassPlan> plan = core::plan_classes(5);
    const KKMvKM kkmvkm(plan);
    const std::size_t k = kkmvkm.k;
    const std::uint64_t read = kkmvkm.read;
    constexpr std::uint64_t program = 64u << 20;
    CHECK(gen::held_classes_bytes(plan, k) == read + program);
    CHECK(gen::held_classes_bytes(plan, k, read + 1) == read + program);
    CHECK(gen::held_classes_bytes(plan, k, read / 3) == read / 3 + program);
    CHECK(gen::memory_estimate(plan, k) - gen::memory_estimate(plan, k, {}, 0, read / 3) == read - read / 3);
    // Read back, the classes its don't-care positions read (capture_needs) count within the
    // cache too (gen/table_io.h, ReadBound), whether it is read from its values file or every
    // record.
    const std::uint64_t n = gen::class_positions(kkmvkm.material);
    std::uint64_t captured = 0;
    for (const core::Material& m : gen::capture_needs(plan[k])) captured += gen::class_positions(m);
    REQUIRE(captured < read); // KKMvKM's promotions lead into KKKvKM and KKMvKK
    CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::VALUES) == 2 * n + captured + program);
    CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::VALUES, captured / 3) == 2 * n + captured / 3 + program);
    CHECK(gen::read_back_bytes(plan, k, gen::ReadFrom::RECORDS, captured / 3) == 5 * n + captured / 3 + program);
    std::vector<bool> reused(plan.size());
    reused[k] = true;
    CHECK(gen::memory_estimate(plan, k, reused, 0, captured / 3) == 5 * n + captured / 3 + program);
    // A quarter of the budget, at most 4 GiB, unless asked for; none without a budget.
    CHECK(gen::read_cache_of(std::uint64_t{8} << 30, 0) == std::uint64_t{2} << 30);
    CHECK(gen::read_cache_of(std::uint64_t{16} << 30, 0) == std::uint64_t{4} << 30);
    CHECK(gen::read_cache_of(std::uint64_t{64} << 30, 0) == std::uint64_t{4} << 30);
    CHECK(gen::read_cache_of(std::uint64_t{64} << 30, std::uint64_t{16} << 30) == std::uint64_t{16} << 30);
    CHECK(gen::read_cache_of(std::uint64_t{16} << 30, 1000) == 1000);
    CHECK(gen::read_cache_of(0, 0) == gen::NO_READ_CACHE);
    // Under a third of what KKMvKM needs whole, a small cache leaves more to the slices: fewer
    // of them (4 against 6).
    const std::uint64_t budget = gen::memory_estimate(plan, k) / 3;
    const int slices = gen::slices_to_fit(plan, k, budget), cached = gen::slices_to_fit(plan, k, budget, {}, 1 << 20);
    CHECK(cached < slices);
    CHECK(gen::memory_estimate(plan, k, {}, slices) <= budget);
    CHECK(gen::memory_estimate(plan, k, {}, cached, 1 << 20) <= budget);
}

TEST_CASE("Memory estimate: the slices kept and the histories' runs count with the classes read, at most the read cache", "[units]") {
    const std::vector<core::ClassPlan> plan = core::plan_classes(5);
    const KKMvKM kkmvkm(plan);
    const std::size_t k = kkmvkm.k;
    const std::uint64_t read = kkmvkm.read;
    // The positions of the slices done that slice s or a later one reads: slice d from slice
    // d + 1 to the last slice that leads into it.
    constexpr int COUNT = 6;
    const auto slices = gen::MenSlices::estimate(kkmvkm.material, COUNT);
    const auto leads = gen::MenSlices::estimate_leads_into(kkmvkm.material, COUNT);
    REQUIRE(slices.size() == COUNT);
    std::vector<int> last_reader(COUNT, -1);
    for (int s = 0; s < COUNT; ++s)
        for (int d : leads[std::size_t(s)]) last_reader[std::size_t(d)] = std::max(last_reader[std::size_t(d)], s);
    const auto whole = gen::slice_estimates(plan, k, COUNT), none = gen::slice_estimates(plan, k, COUNT, 0),
               cached = gen::slice_estimates(plan, k, COUNT, read + 1);
    REQUIRE(whole.size() == COUNT);
    std::uint64_t most_kept = 0;
    for (int s = 0; s < COUNT; ++s) {
        std::uint64_t kept = 0;
        for (int d = 0; d < s; ++d)
            if (last_reader[std::size_t(d)] >= s) kept += slices[std::size_t(d)].positions;
        most_kept = std::max(most_kept, kept);
        INFO("slice " << s);
        // Without a cache, a byte a position of the classes read, 3 of the slices kept (their
        // records) and 8 / 3 of the slice (its histories' runs, 8 bytes an entry, a third of an
        // entry a position); with one, at most the cache of the three together.
        const std::uint64_t held = read + 3 * kept + 8 * slices[std::size_t(s)].positions / 3;
        CHECK(whole[std::size_t(s)] - none[std::size_t(s)] == held);
        CHECK(cached[std::size_t(s)] - none[std::size_t(s)] == std::min(held, read + 1));
    }
    CHECK(most_kept > 0); // a slice of KKMvKM reads others
}

TEST_CASE("Work units: the queue hands each out once, after its needs", "[units]") {
    const std::vector<gen::WorkUnit> units = gen::work_units(core::plan_classes(4), 0, true);
    SECTION("in order, one at a time") {
        gen::UnitQueue queue(units, {});
        CHECK(queue.take() == 0);  // KvK
        CHECK(queue.take() == -1); // every other unit needs KvK
        queue.finish(0);
        CHECK(queue.take() == 1); // KvM's first slice, which needs KvK alone
        CHECK(units[1].name == "KvM.slice-0");
        const long next = queue.take(); // not KvM's next slices, which need the first
        REQUIRE(next > 0);
        CHECK(units[std::size_t(next)].name == "KKvK");
        CHECK(queue.done_count() == 1);
        CHECK(!queue.all_done());
    }
    SECTION("three processes finishing in any order: every unit once, never before its needs") {
        std::mt19937 random(7);
        std::vector<bool> done(units.size());
        done[0] = true; // KvK's files there already
        gen::UnitQueue queue(units, done);
        std::vector<std::size_t> out; // being solved
        std::set<std::size_t> handed;
        while (!queue.all_done()) {
            for (long u; out.size() < 3 && (u = queue.take()) >= 0;) {
                for (std::size_t n : units[std::size_t(u)].needs) CHECK(done[n]);
                CHECK(handed.insert(std::size_t(u)).second);
                out.push_back(std::size_t(u));
            }
            REQUIRE(!out.empty());
            const std::size_t k = random() % out.size();
            done[out[k]] = true;
            queue.finish(out[k]);
            out.erase(out.begin() + long(k));
        }
        CHECK(handed.size() == units.size() - 1);
        CHECK(handed.count(0) == 0);
    }
}
