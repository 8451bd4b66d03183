#include "core/table_stats.h"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <optional>

namespace damatb::core {

namespace {

constexpr std::string_view LONGEST_WIN = "  longest win: ";
constexpr std::string_view LONGEST_LOSS = "  longest loss: ";
constexpr std::string_view WINS_BY_DTZ = "  wins by dtz: ";
constexpr std::string_view LOSSES_BY_DTZ = "  losses by dtz: ";

// The largest DTZ a table stores (a byte); a "by dtz" line naming more is refused, rather than
// trusted with a vector that large.
constexpr std::uint64_t MAX_DTZ = 255;

// A DTZ as the line writes it: the number, or "-" for none.
std::string dtz_text(int dtz) { return dtz < 0 ? "-" : std::to_string(dtz); }

// The words of a line, split at single spaces.
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> out;
    for (std::size_t at = 0; at <= line.size();) {
        const std::size_t end = std::min(line.find(' ', at), line.size());
        out.push_back(line.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

template <typename T>
bool read_number(std::string_view text, T* out) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return !text.empty() && ec == std::errc{} && end == text.data() + text.size();
}

// Counts by DTZ as a "by dtz" line lists them: "1:5886 2:823 4:974" (DTZ:positions, for each DTZ
// with positions, increasing), "-" when there are none.
std::string by_dtz_text(const std::vector<std::uint64_t>& by_dtz) {
    std::string s;
    for (std::size_t d = 0; d < by_dtz.size(); ++d)
        if (by_dtz[d] > 0) s += (s.empty() ? "" : " ") + std::to_string(d) + ":" + std::to_string(by_dtz[d]);
    return s.empty() ? "-" : s;
}

// The counts by DTZ of a by_dtz_text (as long as the largest DTZ + 1), or why it is not one.
Result<std::vector<std::uint64_t>> parse_by_dtz(std::string_view text) {
    using Out = Result<std::vector<std::uint64_t>>;
    std::vector<std::uint64_t> out;
    if (text == "-") return out;
    for (std::string_view pair : words_of(text)) {
        const std::size_t colon = pair.find(':');
        std::uint64_t dtz = 0, positions = 0;
        if (colon == std::string_view::npos || !read_number(pair.substr(0, colon), &dtz) ||
            !read_number(pair.substr(colon + 1), &positions) || positions == 0 || dtz > MAX_DTZ)
            return Out::failure("'" + std::string(pair) + "' is not DTZ:positions (DTZ 0 to " +
                                std::to_string(MAX_DTZ) + ", positions 1 or more)");
        if (dtz < out.size()) return Out::failure("DTZ " + std::to_string(dtz) + " is not after the one before it");
        out.resize(dtz + 1);
        out[dtz] = positions;
    }
    return out;
}

// Why counts are not those of the table whose line s holds ("" when they are): each list's
// positions add up to the line's win (loss) count, and its largest DTZ is the line's dtz-win
// (dtz-loss).
std::string disagreement(const TableStats& s, const DtzCounts& counts) {
    for (const bool win : {true, false}) {
        const std::vector<std::uint64_t>& by_dtz = win ? counts.wins : counts.losses;
        const std::string kind = win ? "win" : "loss", kinds = win ? "wins" : "losses";
        std::uint64_t sum = 0;
        for (std::uint64_t n : by_dtz) sum += n;
        const std::uint64_t expected = s.counts[std::size_t(win ? Wdl5::WIN : Wdl5::LOSS)];
        if (sum != expected)
            return "the " + kinds + " by DTZ add up to " + std::to_string(sum) + ", not the line's " + kind + " " +
                   std::to_string(expected);
        const int longest = win ? s.longest_win : s.longest_loss;
        if (int(by_dtz.size()) - 1 != longest)
            return "the largest DTZ of the " + kinds + " is " + dtz_text(int(by_dtz.size()) - 1) +
                   ", not the line's dtz-" + kind + " " + dtz_text(longest);
    }
    return "";
}

} // namespace

std::string TableStats::line() const {
    std::string s = material.table_name() + " positions " + std::to_string(positions);
    for (int v = WDL5_NB - 1; v >= 0; --v)
        s += " " + std::string(to_string(Wdl5(v))) + " " + std::to_string(counts[std::size_t(v)]);
    s += " dtz-win " + dtz_text(longest_win);
    s += " dtz-loss " + dtz_text(longest_loss);
    s += " rounds " + std::to_string(rounds);
    return s;
}

Result<TableStats> parse_stats_line(std::string_view line) {
    auto fail = [&](const std::string& why) {
        return Result<TableStats>::failure("statistics line '" + std::string(line) + "': " + why);
    };
    const std::vector<std::string_view> words = words_of(line);
    // The name, then the pairs of line() in its order.
    std::vector<std::string> keys{"positions"};
    for (int v = WDL5_NB - 1; v >= 0; --v) keys.emplace_back(to_string(Wdl5(v)));
    keys.insert(keys.end(), {"dtz-win", "dtz-loss", "rounds"});
    if (words.size() != 1 + 2 * keys.size())
        return fail("expected a table name and " + std::to_string(keys.size()) + " named numbers");
    TableStats s;
    const auto material = material_of_table_name(words[0]);
    if (!material) return fail("'" + std::string(words[0]) + "' is not a table name");
    s.material = *material;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const std::string_view key = words[1 + 2 * k], value = words[2 + 2 * k];
        if (key != keys[k]) return fail("expected '" + keys[k] + "', not '" + std::string(key) + "'");
        bool ok = false;
        if (k == 0)
            ok = read_number(value, &s.positions);
        else if (k <= std::size_t(WDL5_NB))
            ok = read_number(value, &s.counts[std::size_t(WDL5_NB) - k]);
        else if (k < keys.size() - 1)
            ok = value == "-" || (read_number(value, k == keys.size() - 3 ? &s.longest_win : &s.longest_loss) &&
                                  value[0] != '-');
        else
            ok = read_number(value, &s.rounds);
        if (!ok) return fail("'" + std::string(value) + "' is not a " + keys[k] + " figure");
    }
    return s;
}

std::string stats_file_name(const Material& cls) { return cls.class_name() + ".stats"; }

std::string write_stats_file(const std::string& path, const std::vector<TableStats>& stats) {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary);
        for (const TableStats& s : stats) {
            out << s.line() << '\n';
            if (s.longest_win >= 0) out << LONGEST_WIN << s.longest_win_fen << '\n';
            if (s.longest_loss >= 0) out << LONGEST_LOSS << s.longest_loss_fen << '\n';
            if (s.dtz_counts) {
                out << WINS_BY_DTZ << by_dtz_text(s.dtz_counts->wins) << '\n';
                out << LOSSES_BY_DTZ << by_dtz_text(s.dtz_counts->losses) << '\n';
            }
        }
        out.close();
        if (!out) {
            std::remove(temporary.c_str());
            return "cannot write " + path;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        return "cannot write " + path;
    }
    return "";
}

Result<std::vector<TableStats>> read_stats_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Result<std::vector<TableStats>>::failure(path + ": cannot be read");
    std::vector<TableStats> out;
    // The wins by DTZ of the last table, until its losses by DTZ complete them.
    std::optional<std::vector<std::uint64_t>> wins_by_dtz;
    std::string line;
    int number = 1;
    auto fail = [&](const std::string& why) {
        return Result<std::vector<TableStats>>::failure(path + ":" + std::to_string(number) + ": " + why);
    };
    const std::string unpaired = "a 'wins by dtz' line without the 'losses by dtz' line after it";
    for (; std::getline(in, line); ++number) {
        const bool win = line.starts_with(LONGEST_WIN), loss = line.starts_with(LONGEST_LOSS);
        if (win || loss) {
            if (out.empty()) return fail("a longest position before any table's line");
            TableStats& s = out.back();
            (win ? s.longest_win_fen : s.longest_loss_fen) =
                line.substr((win ? LONGEST_WIN : LONGEST_LOSS).size());
            continue;
        }
        const bool wins = line.starts_with(WINS_BY_DTZ), losses = line.starts_with(LOSSES_BY_DTZ);
        if (wins || losses) {
            if (out.empty()) return fail("counts by DTZ before any table's line");
            if (out.back().dtz_counts)
                return fail("a second pair of counts by DTZ for " + out.back().material.table_name());
            if (wins == wins_by_dtz.has_value())
                return fail(wins ? unpaired : "a 'losses by dtz' line without the 'wins by dtz' line before it");
            auto by_dtz = parse_by_dtz(std::string_view(line).substr((wins ? WINS_BY_DTZ : LOSSES_BY_DTZ).size()));
            if (!by_dtz) return fail(by_dtz.error());
            if (wins) {
                wins_by_dtz = *by_dtz;
                continue;
            }
            const DtzCounts counts{std::move(*wins_by_dtz), *by_dtz};
            wins_by_dtz.reset();
            if (const std::string why = disagreement(out.back(), counts); !why.empty())
                return fail(out.back().material.table_name() + ": " + why);
            out.back().dtz_counts = counts;
            continue;
        }
        if (wins_by_dtz) return fail(unpaired);
        auto s = parse_stats_line(line);
        if (!s) return fail(s.error());
        out.push_back(*s);
    }
    if (wins_by_dtz) {
        --number; // the last line's
        return fail(unpaired);
    }
    if (in.bad()) return Result<std::vector<TableStats>>::failure(path + ": cannot be read");
    return out;
}

} // namespace damatb::core
