// The statistics file of a class (core/table_stats.h): its lines written and read back, with
// and without the DTZ counts; the generator's DTZ counts against its own lines.
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/table_stats.h"
#include "gen/generate.h"
#include "support/generated.h"
#include "support/temp_dir.h"

using namespace damatb;
using namespace damatb::core;

namespace {

TableStats sample(const Material& m, int longest_win, int longest_loss) {
    TableStats s;
    s.material = m;
    s.positions = 1234;
    s.counts = {3, 0, 2, 0, 1}; // loss, blessed-loss, draw, cursed-win, win
    s.longest_win = longest_win;
    s.longest_loss = longest_loss;
    if (longest_win >= 0) s.longest_win_fen = "W:WKa1,c3:BKh8";
    if (longest_loss >= 0) s.longest_loss_fen = "W:WKb2:BKg7,e6";
    s.rounds = 4;
    return s;
}

// sample()'s statistics with DTZ counts that agree with them: 1 win (DTZ 7), 3 losses (DTZ 1, 1, 8).
TableStats with_counts(const Material& m) {
    TableStats s = sample(m, 7, 8);
    s.dtz_counts = DtzCounts{{0, 0, 0, 0, 0, 0, 0, 1}, {0, 2, 0, 0, 0, 0, 0, 0, 1}};
    return s;
}

std::string text_of(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

TEST_CASE("Table stats: a line written and read back", "[table_stats]") {
    const TableStats s = sample({{1, 1}, {1, 0}}, 7, 8);
    CHECK(s.line() ==
          "KMvK+ positions 1234 win 1 cursed-win 0 draw 2 blessed-loss 0 loss 3 dtz-win 7 dtz-loss 8 rounds 4");
    auto back = parse_stats_line(s.line());
    REQUIRE(back.ok());
    TableStats expected = s;
    expected.longest_win_fen.clear();
    expected.longest_loss_fen.clear();
    CHECK(*back == expected);

    const TableStats none = sample({{1, 0}, {1, 1}}, -1, -1);
    CHECK(none.line().ends_with("dtz-win - dtz-loss - rounds 4"));
    REQUIRE(parse_stats_line(none.line()).ok());
    CHECK(parse_stats_line(none.line())->longest_win == -1);
    CHECK(parse_stats_line(none.line())->material == Material{{1, 0}, {1, 1}});
}

TEST_CASE("Table stats: lines that are not statistics are refused with the reason", "[table_stats]") {
    const std::string good = sample({{1, 1}, {1, 0}}, 7, 8).line();
    CHECK(parse_stats_line("").error().find("expected a table name and 9 named numbers") != std::string::npos);
    CHECK(parse_stats_line("KvKM+" + good.substr(5)).error().find("'KvKM+' is not a table name") !=
          std::string::npos);
    std::string swapped = good;
    swapped.replace(swapped.find("win 1"), 5, "wins 1");
    CHECK(parse_stats_line(swapped).error().find("expected 'win', not 'wins'") != std::string::npos);
    std::string negative = good;
    negative.replace(negative.find("dtz-win 7"), 9, "dtz-win -7");
    CHECK(parse_stats_line(negative).error().find("'-7' is not a dtz-win figure") != std::string::npos);
    std::string letters = good;
    letters.replace(letters.find("positions 1234"), 14, "positions 12x4");
    CHECK_FALSE(parse_stats_line(letters).ok());
}

TEST_CASE("Table stats: a class's file written and read back", "[table_stats]") {
    const Material kmk{{1, 1}, {1, 0}};
    CHECK(stats_file_name(kmk) == "KMvK.stats");
    CHECK(stats_file_name(kmk.swapped()) == "KMvK.stats");
    test::TempDir dir("damatb-stats");
    const std::string path = dir.file(stats_file_name(kmk));
    const std::vector<TableStats> stats{sample(kmk, 7, -1), sample(kmk.swapped(), -1, 8)};
    REQUIRE(write_stats_file(path, stats).empty());
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
    std::ifstream in(path);
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    CHECK(text == stats[0].line() + "\n  longest win: W:WKa1,c3:BKh8\n" + stats[1].line() +
                      "\n  longest loss: W:WKb2:BKg7,e6\n");
    auto back = read_stats_file(path);
    REQUIRE(back.ok());
    CHECK(*back == stats);

    CHECK(read_stats_file(dir.file("KvK.stats")).error() == dir.file("KvK.stats") + ": cannot be read");
    test::write_bytes(dir.file("bad.stats"), std::vector<std::uint8_t>{' ', ' ', 'l', 'o', 'n', 'g', 'e', 's', 't',
                                                                       ' ', 'w', 'i', 'n', ':', ' ', 'x', '\n'});
    CHECK(read_stats_file(dir.file("bad.stats")).error() ==
          dir.file("bad.stats") + ":1: a longest position before any table's line");
    CHECK(write_stats_file(dir.file("no-such-folder/KMvK.stats"), stats) ==
          "cannot write " + dir.file("no-such-folder/KMvK.stats"));
}

TEST_CASE("Table stats: the DTZ counts written after a table's line and read back", "[table_stats]") {
    const Material kmk{{1, 1}, {1, 0}};
    test::TempDir dir("damatb-stats");
    const std::string path = dir.file(stats_file_name(kmk));
    TableStats none = sample(kmk.swapped(), -1, -1);
    none.counts = {0, 0, 6, 0, 0};
    none.dtz_counts = DtzCounts{};
    const std::vector<TableStats> stats{with_counts(kmk), none};
    REQUIRE(write_stats_file(path, stats).empty());
    // The line itself is the same as without the counts (the manifests hold it).
    CHECK(stats[0].line() == sample(kmk, 7, 8).line());
    CHECK(text_of(path) == stats[0].line() +
                               "\n  longest win: W:WKa1,c3:BKh8\n  longest loss: W:WKb2:BKg7,e6\n"
                               "  wins by dtz: 7:1\n  losses by dtz: 1:2 8:1\n" +
                               stats[1].line() + "\n  wins by dtz: -\n  losses by dtz: -\n");
    auto back = read_stats_file(path);
    REQUIRE(back.ok());
    CHECK(*back == stats);
    REQUIRE((*back)[1].dtz_counts);
    CHECK((*back)[1].dtz_counts->wins.empty());

    // A file written before the counts were (no "by dtz" line) is read, without them.
    const std::vector<TableStats> old{sample(kmk, 7, 8), sample(kmk.swapped(), -1, 8)};
    REQUIRE(write_stats_file(path, old).empty());
    CHECK(text_of(path).find("by dtz") == std::string::npos);
    back = read_stats_file(path);
    REQUIRE(back.ok());
    CHECK(*back == old);
    CHECK_FALSE((*back)[0].dtz_counts.has_value());
    CHECK_FALSE((*back)[1].dtz_counts.has_value());
}

TEST_CASE("Table stats: DTZ counts that are not the table's are refused with the reason", "[table_stats]") {
    test::TempDir dir("damatb-stats");
    const std::string path = dir.file("KMvK.stats");
    const std::string line = with_counts({{1, 1}, {1, 0}}).line() + "\n";
    // The error of a file holding text.
    auto error = [&](const std::string& text) {
        std::ofstream(path) << text;
        const auto read = read_stats_file(path);
        return read ? std::string("read") : read.error();
    };
    const std::string wins = "  wins by dtz: 7:1\n", losses = "  losses by dtz: 1:2 8:1\n";
    CHECK(error(line + wins + losses) == "read");
    CHECK(error(wins + losses) == path + ":1: counts by DTZ before any table's line");
    CHECK(error(line + "  wins by dtz: 6:1\n" + losses) ==
          path + ":3: KMvK+: the largest DTZ of the wins is 6, not the line's dtz-win 7");
    CHECK(error(line + "  wins by dtz: 3:1 7:1\n" + losses) ==
          path + ":3: KMvK+: the wins by DTZ add up to 2, not the line's win 1");
    CHECK(error(line + wins + "  losses by dtz: -\n") ==
          path + ":3: KMvK+: the losses by DTZ add up to 0, not the line's loss 3");
    CHECK(error(line + wins + "  losses by dtz: 8:1 1:2\n") == path + ":3: DTZ 1 is not after the one before it");
    CHECK(error(line + wins + "  losses by dtz: 1:2 8:0 8:1\n") ==
          path + ":3: '8:0' is not DTZ:positions (DTZ 0 to 255, positions 1 or more)");
    CHECK(error(line + wins + "  losses by dtz: 1:2 300:1\n") ==
          path + ":3: '300:1' is not DTZ:positions (DTZ 0 to 255, positions 1 or more)");
    CHECK(error(line + wins) == path + ":2: a 'wins by dtz' line without the 'losses by dtz' line after it");
    CHECK(error(line + wins + line) ==
          path + ":3: a 'wins by dtz' line without the 'losses by dtz' line after it");
    CHECK(error(line + losses) == path + ":2: a 'losses by dtz' line without the 'wins by dtz' line before it");
    CHECK(error(line + wins + losses + wins + losses) == path + ":4: a second pair of counts by DTZ for KMvK+");
}

// The statistics read a piece at a time on the threads and joined: those read whole, the first
// of the longest wins and losses included, for every table up to 3 pieces (many pieces each).
TEST_CASE("Table stats: the same read in pieces on 2 threads as whole on 1", "[table_stats]") {
    const gen::SolvedTables& tables = test::solved_up_to(3, Ruleset{});
    int checked = 0;
    for (const ClassPlan& c : plan_classes(3))
        for (const Material& m : tables_of(c.material)) {
            const gen::SolvedTable& t = *tables.find(m);
            INFO(m.table_name());
            REQUIRE(t.index.size() > 5 * 100);
            const TableStats whole = gen::table_stats(t);
            CHECK(gen::table_stats(t, 2, 100) == whole);
            CHECK(gen::table_stats(t, 1, 37) == whole);
            ++checked;
        }
    CHECK(checked == 16);
}

// The counts by DTZ of every table up to 3 pieces, as the generator makes them: the positions
// its line counts as won (lost), the last DTZ its longest, and back from its file as they were.
TEST_CASE("Table stats: the generator's DTZ counts add up to its counts of wins and losses", "[table_stats]") {
    const gen::SolvedTables& tables = test::solved_up_to(3, Ruleset{});
    test::TempDir dir("damatb-stats");
    int checked = 0;
    for (const ClassPlan& c : plan_classes(3)) {
        std::vector<TableStats> stats;
        for (const Material& m : tables_of(c.material)) {
            const TableStats s = gen::table_stats(*tables.find(m));
            INFO(s.line());
            REQUIRE(s.dtz_counts);
            for (const bool win : {true, false}) {
                const std::vector<std::uint64_t>& by_dtz = win ? s.dtz_counts->wins : s.dtz_counts->losses;
                CHECK(std::accumulate(by_dtz.begin(), by_dtz.end(), std::uint64_t{0}) ==
                      s.counts[std::size_t(win ? Wdl5::WIN : Wdl5::LOSS)]);
                CHECK(int(by_dtz.size()) - 1 == (win ? s.longest_win : s.longest_loss));
                if (!by_dtz.empty()) CHECK(by_dtz.back() > 0);
            }
            stats.push_back(s);
            ++checked;
        }
        const std::string path = dir.file(stats_file_name(c.material));
        REQUIRE(write_stats_file(path, stats).empty());
        const auto back = read_stats_file(path);
        REQUIRE(back.ok());
        CHECK(*back == stats);
    }
    CHECK(checked == 16);
    // KKvK+, as the probe counts it too (tests/serve/test_serve.py): no win in 0 plies, 5886 in 1 (a
    // capture), 276 in 14, the longest.
    const TableStats kkk = gen::table_stats(*tables.find(Material{{2, 0}, {1, 0}}));
    CHECK(kkk.dtz_counts->wins == std::vector<std::uint64_t>{0, 5886, 823, 16, 974, 75, 229, 797, 1629, 2255, 1912,
                                                               2242, 2040, 330, 276});
    CHECK(kkk.dtz_counts->losses.empty());
}
