// The statistics file of a class (core/table_stats.h): its lines written and read back.
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/table_stats.h"
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
