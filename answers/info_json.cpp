#include "answers/info_json.h"

#include <vector>

#include "answers/json.h"
#include "damatb/probe_bridge.h"

namespace damatb::answers {

namespace {

// {"counts": {value: positions, ...}, "longest_win", "longest_loss"}: the statistics of a table.
std::string stats_json(const core::TableStats& s) {
    json::Object counts;
    static constexpr core::Wdl5 VALUES[] = {core::Wdl5::WIN, core::Wdl5::CURSED_WIN, core::Wdl5::DRAW,
                                            core::Wdl5::BLESSED_LOSS, core::Wdl5::LOSS};
    for (core::Wdl5 v : VALUES)
        counts.add_number(bridge::wdl_word(bridge::to_probe(v)), s.counts[static_cast<std::size_t>(v)]);
    auto longest = [](int dtz, const std::string& fen) {
        if (dtz < 0) return std::string("null");
        json::Object o;
        o.add_number("dtz", dtz);
        if (fen.empty())
            o.add_raw("fen", "null");
        else
            o.add_string("fen", fen);
        return o.str();
    };
    return json::Object()
        .add_raw("counts", counts.str())
        .add_raw("longest_win", longest(s.longest_win, s.longest_win_fen))
        .add_raw("longest_loss", longest(s.longest_loss, s.longest_loss_fen))
        .str();
}

} // namespace

std::string info_json(const FolderInfo& info, const core::Ruleset& rules) {
    std::vector<std::string> classes, tables;
    std::string current;
    auto close_class = [&] {
        if (!current.empty())
            classes.push_back(json::Object()
                                  .add_string("class", current)
                                  .add_raw("tables", json::one_line_array(tables))
                                  .str());
        tables.clear();
    };
    for (const TableInfo& t : info.tables) {
        if (t.class_name != current) close_class();
        current = t.class_name;
        json::Object o;
        o.add_string("table", t.table_name)
            .add_number("positions", t.positions)
            .add_number("bytes", t.bytes)
            .add_raw("progress_bytes", t.progress_bytes ? std::to_string(*t.progress_bytes) : "null")
            .add_raw("stats", t.stats ? stats_json(*t.stats) : "null");
        tables.push_back(o.str());
    }
    close_class();
    std::vector<std::string> problems;
    for (const std::string& p : info.problems) problems.push_back(json::quote(p));
    return json::Object()
        .add_raw("ruleset", json::Object()
                                .add_string("name", rules.name())
                                .add_string("promotion", core::to_string(rules.promotion))
                                .add_string("lone_pieces", core::to_string(rules.lone_pieces))
                                .add_number("king_move_limit", int(rules.king_move_limit))
                                .str())
        .add_raw("totals", json::Object()
                               .add_number("classes", info.class_count())
                               .add_number("tables", info.tables.size())
                               .add_number("positions", info.positions())
                               .add_number("bytes", info.bytes())
                               .str())
        .add_raw("classes", json::array(classes))
        .add_raw("problems", json::one_line_array(problems))
        .str();
}

} // namespace damatb::answers
