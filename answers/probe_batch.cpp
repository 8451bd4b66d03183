#include "answers/probe_batch.h"

#include <charconv>
#include <stdexcept>
#include <string>

#include "answers/json.h"
#include "answers/probe_json.h"
#include "answers/probe_report.h"
#include "core/fen.h"
#include "core/quote_input.h"

namespace damatb::answers {

namespace {

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// The answer to one line, or the reason there is none (thrown as std::runtime_error).
std::string answer(std::string_view line, const probe::Tablebase& tb, const core::Ruleset& rules,
                   bool with_moves, ProbeReport& report) {
    std::string_view fen = line;
    int counter = 0;
    if (const auto space = line.find_last_of(" \t"); space != std::string_view::npos) {
        const std::string_view last = line.substr(space + 1);
        int value = 0;
        const auto [end, ec] = std::from_chars(last.data(), last.data() + last.size(), value);
        if (ec == std::errc() && end == last.data() + last.size()) {
            fen = trim(line.substr(0, space));
            counter = value;
        } else if (ec == std::errc::result_out_of_range) {
            throw std::runtime_error("counter " + core::quote_input(last) + " is out of range");
        }
    }
    auto pos = core::parse_fen(fen);
    if (!pos) throw std::runtime_error(pos.error());
    if (const std::string problem = counter_problem(counter, rules); !problem.empty())
        throw std::runtime_error("counter " + problem);
    if (probe::Status s = probe_report(tb, *pos, counter, with_moves, &report); s != probe::Status::OK)
        throw std::runtime_error(probe_failure_text(s, *pos));
    return probe_json(report, with_moves ? MovesJson::ONE_LINE : MovesJson::NONE);
}

} // namespace

std::uint64_t probe_batch(std::istream& in, std::ostream& out, const probe::Tablebase& tb,
                          const core::Ruleset& rules, bool with_moves,
                          const std::function<bool()>& input_waiting) {
    std::uint64_t failed = 0;
    ProbeReport report; // its moves' room kept from line to line
    std::string line;
    while (std::getline(in, line)) {
        const std::string_view text = trim(line);
        if (!text.empty()) {
            try {
                out << answer(text, tb, rules, with_moves, report) << '\n';
            } catch (const std::runtime_error& e) {
                ++failed;
                out << json::Object().add_string("input", line).add_string("error", e.what()).str() << '\n';
            }
        }
        if (in.rdbuf()->in_avail() <= 0 && !(input_waiting && input_waiting())) out.flush();
    }
    out.flush();
    return failed;
}

} // namespace damatb::answers
