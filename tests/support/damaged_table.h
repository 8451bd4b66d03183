// Table files with values changed behind valid checksums, for the checks to find.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/index.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"

namespace damatb::test {

// Changes the value of every `every`-th index of table m's values file in dir whose position is
// not don't care and has no smaller index (core/index.h): a win or loss one ply nearer or
// further, a draw to a cursed win, any other value to a draw; rewrites the file with valid
// checksums. Returns the values changed, or -1 when the file cannot be read or written.
inline std::int64_t damage_values(const std::string& dir, const core::Material& m,
                                  std::uint64_t every, const core::Ruleset& rules) {
    const std::string path = dir + "/" + core::table_file_name(m, core::TableContents::VALUES);
    core::OpenedTable t = core::open_table(path);
    std::vector<std::uint8_t> records;
    if (!t.status.ok() || !core::read_all_records(t.file, records).ok()) return -1;
    const core::TableHeader header = t.file.header();
    t = {};
    const core::TableIndex index(m);
    std::int64_t changed = 0;
    for (std::uint64_t i = 0; i < index.size(); i += every) {
        if (core::is_dont_care(index.position(i), rules) || index.canonical(i) != i) continue;
        std::uint8_t* record = &records[i * core::VALUE_RECORD_SIZE];
        core::TableValue v;
        if (!core::decode_value(record, &v)) return -1;
        if (v.wdl == core::Wdl5::WIN || v.wdl == core::Wdl5::LOSS)
            v.dtz = v.dtz > 1 ? v.dtz - 1 : v.dtz + 1;
        else
            v.wdl = v.wdl == core::Wdl5::DRAW ? core::Wdl5::CURSED_WIN : core::Wdl5::DRAW;
        core::encode_value(v, record);
        ++changed;
    }
    return core::write_table(path, header, records.data()).ok() ? changed : -1;
}

// Calls change(record) on the two bytes of the values record of position `fen` (White to move)
// in table m's values file in dir, and rewrites the file with valid checksums. Returns false
// when the file cannot be read or written or the FEN is not one of m's.
inline bool change_record(const std::string& dir, const core::Material& m, const std::string& fen,
                          const std::function<void(std::uint8_t* record)>& change) {
    const std::string path = dir + "/" + core::table_file_name(m, core::TableContents::VALUES);
    core::OpenedTable t = core::open_table(path);
    std::vector<std::uint8_t> records;
    if (!t.status.ok() || !core::read_all_records(t.file, records).ok()) return false;
    const core::TableHeader header = t.file.header();
    t = {};
    const auto pos = core::parse_fen(fen);
    if (!pos || core::material_of(*pos) != m) return false;
    change(&records[core::TableIndex(m).index(*pos) * core::VALUE_RECORD_SIZE]);
    return core::write_table(path, header, records.data()).ok();
}

} // namespace damatb::test
