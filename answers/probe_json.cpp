#include "answers/probe_json.h"

#include <vector>

#include "answers/json.h"
#include "core/fen.h"
#include "damatb/probe_bridge.h"

namespace damatb::answers {

std::string dtz_json(int dtz) { return dtz < 0 ? "null" : std::to_string(dtz); }

std::string probe_json(const ProbeReport& report, MovesJson layout) {
    using bridge::result_word, bridge::wdl_word;
    const probe::Value& v = report.value;
    json::Object out;
    out.add_string("fen", core::to_fen(report.pos))
        .add_number("counter", report.counter)
        .add_string("result", result_word(v.result))
        .add_string("wdl", wdl_word(v.wdl))
        .add_raw("dtz", dtz_json(v.dtz));
    if (layout == MovesJson::NONE) return out.str();
    std::vector<std::string> elements;
    for (const probe::RootMove& m : report.moves)
        elements.push_back(json::Object()
                               .add_string("move", m.notation)
                               .add_string("fen", core::to_fen(bridge::to_core(m.after)))
                               .add_string("result", result_word(m.value.result))
                               .add_string("wdl", wdl_word(m.value.wdl))
                               .add_raw("dtz", dtz_json(m.value.dtz))
                               .add_number("counter", m.counter_after)
                               .str());
    return out
        .add_raw("moves", layout == MovesJson::LINES ? json::array(elements) : json::one_line_array(elements))
        .str();
}

} // namespace damatb::answers
