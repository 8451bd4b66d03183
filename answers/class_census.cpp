#include "answers/class_census.h"

#include <algorithm>
#include <utility>

#include "core/fen.h"
#include "core/index.h"
#include "damatb/probe_bridge.h"

namespace damatb::answers {

namespace {

// A position kept among the longest: its DTZ and index (FEN written at the end, once).
struct Candidate {
    int dtz;
    std::uint64_t index;
};

// Keeps in `kept` the LONGEST_LISTED candidates of largest DTZ, the earliest on a tie.
void keep_longest(std::vector<Candidate>& kept, Candidate c) {
    if (kept.size() == LONGEST_LISTED && c.dtz <= kept.back().dtz) return;
    const auto at =
        std::find_if(kept.begin(), kept.end(), [&](const Candidate& k) { return k.dtz < c.dtz; });
    kept.insert(at, c);
    if (kept.size() > LONGEST_LISTED) kept.pop_back();
}

// Counts a position of DTZ dtz in by_dtz, made longer as needed.
void count(std::vector<std::uint64_t>& by_dtz, int dtz) {
    if (by_dtz.size() <= std::size_t(dtz)) by_dtz.resize(std::size_t(dtz) + 1);
    ++by_dtz[std::size_t(dtz)];
}

// The census of one table into *out: OK, or the status of the first probe that fails.
probe::Status table_census(const probe::Tablebase& tb, const core::Material& table, TableCensus* out) {
    const core::TableIndex index(table);
    out->table = table;
    out->positions = index.size();
    std::vector<Candidate> wins, losses;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        probe::Value v;
        const probe::Status s = tb.probe(bridge::to_probe(index.position(i)), 0, &v);
        if (s != probe::Status::OK) return s;
        ++out->counts[std::size_t(v.wdl)];
        if (v.wdl != probe::Wdl5::WIN && v.wdl != probe::Wdl5::LOSS) continue;
        const bool win = v.wdl == probe::Wdl5::WIN;
        count(win ? out->win_dtz : out->loss_dtz, v.dtz);
        // An index naming an image of a position with a smaller index (core/index.h) would list
        // that position twice.
        if (index.canonical(i) == i) keep_longest(win ? wins : losses, {v.dtz, i});
    }
    for (const Candidate& c : wins)
        out->longest_wins.push_back({c.dtz, core::to_fen(index.position(c.index))});
    for (const Candidate& c : losses)
        out->longest_losses.push_back({c.dtz, core::to_fen(index.position(c.index))});
    return probe::Status::OK;
}

} // namespace

probe::Status class_census(const probe::Tablebase& tb, const core::Material& cls,
                           std::vector<TableCensus>* out) {
    out->clear();
    for (const core::Material& table : core::tables_of(cls)) {
        TableCensus census;
        if (const probe::Status s = table_census(tb, table, &census); s != probe::Status::OK) {
            out->clear();
            return s;
        }
        out->push_back(std::move(census));
    }
    return probe::Status::OK;
}

} // namespace damatb::answers
