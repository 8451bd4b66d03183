#include "answers/census_json.h"

#include "answers/json.h"

namespace damatb::answers {

namespace {

// [n0, n1, ...] on one line.
std::string numbers(const std::vector<std::uint64_t>& values) {
    std::vector<std::string> out;
    for (std::uint64_t v : values) out.push_back(std::to_string(v));
    return json::one_line_array(out);
}

// [{"dtz", "fen"}, ...] on one line.
std::string positions(const std::vector<LongPosition>& list) {
    std::vector<std::string> out;
    for (const LongPosition& p : list)
        out.push_back(json::Object().add_number("dtz", p.dtz).add_string("fen", p.fen).str());
    return json::one_line_array(out);
}

std::string table_json(const TableCensus& t) {
    json::Object counts;
    for (int v = core::WDL5_NB - 1; v >= 0; --v)
        counts.add_number(core::to_string(core::Wdl5(v)), t.counts[std::size_t(v)]);
    return json::Object()
        .add_string("table", t.table.table_name())
        .add_string("mover", t.table.mover.name())
        .add_string("other", t.table.other.name())
        .add_number("positions", t.positions)
        .add_raw("counts", counts.str())
        .add_raw("win_dtz", numbers(t.win_dtz))
        .add_raw("loss_dtz", numbers(t.loss_dtz))
        .add_raw("longest_wins", positions(t.longest_wins))
        .add_raw("longest_losses", positions(t.longest_losses))
        .str();
}

} // namespace

std::string census_json(const core::Material& cls, const std::vector<TableCensus>& tables, CensusSource source) {
    std::vector<std::string> out;
    for (const TableCensus& t : tables) out.push_back(table_json(t));
    return json::Object()
        .add_string("class", cls.class_name())
        .add_string("source", source == CensusSource::GENERATOR ? "generator" : "probe")
        .add_raw("tables", json::array(out))
        .str();
}

} // namespace damatb::answers
