#include "answers/stats_census.h"

#include <algorithm>

namespace damatb::answers {

std::optional<std::vector<TableCensus>> census_from_stats(const FolderInfo& info, const core::Material& cls) {
    std::vector<TableCensus> out;
    for (const core::Material& table : core::tables_of(cls)) {
        const std::string name = table.table_name();
        const auto found = std::find_if(info.tables.begin(), info.tables.end(),
                                        [&](const TableInfo& t) { return t.table_name == name; });
        if (found == info.tables.end() || found->other_ruleset || !found->stats || !found->stats->dtz_counts)
            return std::nullopt;
        const core::TableStats& s = *found->stats;
        TableCensus census;
        census.table = table;
        census.positions = s.positions;
        census.counts = s.counts;
        census.win_dtz = s.dtz_counts->wins;
        census.loss_dtz = s.dtz_counts->losses;
        // A statistics file without its FEN lines (cut short by hand) lists none.
        if (s.longest_win >= 0 && !s.longest_win_fen.empty())
            census.longest_wins.push_back({s.longest_win, s.longest_win_fen});
        if (s.longest_loss >= 0 && !s.longest_loss_fen.empty())
            census.longest_losses.push_back({s.longest_loss, s.longest_loss_fen});
        out.push_back(std::move(census));
    }
    return out;
}

} // namespace damatb::answers
