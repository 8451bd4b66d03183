#include "core/table_stats.h"

#include <charconv>
#include <cstdio>
#include <fstream>

namespace damatb::core {

namespace {

constexpr std::string_view LONGEST_WIN = "  longest win: ";
constexpr std::string_view LONGEST_LOSS = "  longest loss: ";

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
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        auto fail = [&](const std::string& why) {
            return Result<std::vector<TableStats>>::failure(path + ":" + std::to_string(number) + ": " + why);
        };
        const bool win = line.starts_with(LONGEST_WIN), loss = line.starts_with(LONGEST_LOSS);
        if (win || loss) {
            if (out.empty()) return fail("a longest position before any table's line");
            TableStats& s = out.back();
            (win ? s.longest_win_fen : s.longest_loss_fen) =
                line.substr((win ? LONGEST_WIN : LONGEST_LOSS).size());
            continue;
        }
        auto s = parse_stats_line(line);
        if (!s) return fail(s.error());
        out.push_back(*s);
    }
    if (in.bad()) return Result<std::vector<TableStats>>::failure(path + ": cannot be read");
    return out;
}

} // namespace damatb::core
