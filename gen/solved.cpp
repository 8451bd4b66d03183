#include "gen/solved.h"

#include <algorithm>
#include <new>
#include <stdexcept>

#include <zstd.h>

#include "core/byte_order.h"

namespace damatb::gen {

namespace {

// The steps of the indices b to e - 1 in the run of file f, appended to out.
void append_steps_in(const StepFile& f, std::uint64_t b, std::uint64_t e, std::vector<SolvedTable::Step>& out) {
    // The last sparse step below b, from which on the run is read a piece at a time.
    const auto above = std::lower_bound(f.sparse.begin(), f.sparse.end(), b);
    std::uint64_t k = above == f.sparse.begin() ? 0 : std::uint64_t(above - f.sparse.begin() - 1) * StepFile::SPARSE_EVERY;
    constexpr std::uint64_t PIECE = 1024; // steps read at a time
    std::vector<std::uint8_t> bytes(PIECE * StepFile::STEP_BYTES);
    while (k < f.count) {
        const std::uint64_t n = std::min(PIECE, f.count - k);
        f.file->read(f.offset + k * StepFile::STEP_BYTES, bytes.data(), std::size_t(n * StepFile::STEP_BYTES));
        for (std::uint64_t j = 0; j < n; ++j) {
            const std::uint8_t* step = &bytes[j * StepFile::STEP_BYTES];
            const std::uint64_t i = core::load_le<std::uint64_t>(step);
            if (i >= e) return;
            if (i >= b) out.push_back({i, {step[8], step[9]}});
        }
        k += n;
    }
}

// The bytes of r's frame decompressed, this thread's last frame kept: the readers of a table
// take its indices a block at a time, a frame's blocks one after another. Throws
// std::runtime_error naming the file when the frame is not what it should be.
const std::uint8_t* decompressed(const ResultFile& r) {
    struct LastFrame {
        ZSTD_DCtx* context = ZSTD_createDCtx();
        std::weak_ptr<const ReadOnlyFile> file; // not kept open: only told apart
        std::uint64_t at = 0;
        std::vector<std::uint8_t> compressed, bytes;
        ~LastFrame() { ZSTD_freeDCtx(context); }
    };
    thread_local LastFrame last;
    if (last.file.lock() == r.file && last.at == r.at && !last.bytes.empty()) return last.bytes.data();
    if (!last.context) throw std::bad_alloc();
    last.file.reset();
    last.compressed.resize(std::size_t(r.compressed));
    r.file->read(r.at, last.compressed.data(), last.compressed.size());
    last.bytes.resize(std::size_t(4 * (r.end - r.begin)));
    const std::size_t got = ZSTD_decompressDCtx(last.context, last.bytes.data(), last.bytes.size(),
                                                last.compressed.data(), last.compressed.size());
    if (ZSTD_isError(got) || got != last.bytes.size())
        throw std::runtime_error("cannot read " + r.file->path() + ": a damaged frame at byte " + std::to_string(r.at));
    last.file = r.file;
    last.at = r.at;
    return last.bytes.data();
}

} // namespace

std::vector<SolvedTable::Step> SolvedTable::steps_in(std::uint64_t b, std::uint64_t e) const {
    auto from = [](const std::vector<Step>& run, std::uint64_t i) {
        return std::lower_bound(run.begin(), run.end(), i, [](const Step& s, std::uint64_t x) { return s.index < x; });
    };
    std::vector<Step> out;
    for (const std::vector<Step>& run : history) out.insert(out.end(), from(run, b), from(run, e));
    for (const StepFile& f : history_files) append_steps_in(f, b, e, out);
    // Stable: an index's steps, from one run, stay in round order.
    if (history.size() + history_files.size() > 1)
        std::stable_sort(out.begin(), out.end(), [](const Step& x, const Step& y) { return x.index < y.index; });
    return out;
}

Results SolvedTable::results_in(std::uint64_t b, std::uint64_t e) const {
    const std::size_t n = std::size_t(e - b);
    Results out{b, std::vector<core::Wdl5>(n), std::vector<std::uint8_t>(n), std::vector<std::uint8_t>(n),
                std::vector<std::uint8_t>(n)};
    if (result_files.empty()) {
        for (std::uint64_t i = b; i < e; ++i) {
            const std::size_t k = std::size_t(i - b);
            out.wdl[k] = wdl_at(i);
            if (!dtz.empty()) out.dtz[k] = dtz[i];
            if (!round.empty()) out.round[k] = round[i];
            if (!must_capture.empty()) out.must_capture[k] = dont_care(i);
        }
        return out;
    }
    auto f = std::upper_bound(result_files.begin(), result_files.end(), b,
                              [](std::uint64_t i, const ResultFile& r) { return i < r.begin; });
    for (std::uint64_t i = b; i < e; ++f) {
        if (f == result_files.begin() || i < (f - 1)->begin || i >= (f - 1)->end)
            throw std::logic_error(index.material().table_name() + ": no results for index " + std::to_string(i));
        const ResultFile& r = *(f - 1);
        const std::uint64_t length = r.end - r.begin, k = i - r.begin;
        const std::size_t m = std::size_t(std::min(e, r.end) - i), to = std::size_t(i - b);
        if (r.compressed) {
            const std::uint8_t* bytes = decompressed(r);
            std::copy_n(bytes + k, m, reinterpret_cast<std::uint8_t*>(out.wdl.data()) + to);
            std::copy_n(bytes + length + k, m, out.dtz.data() + to);
            std::copy_n(bytes + 2 * length + k, m, out.round.data() + to);
            std::copy_n(bytes + 3 * length + k, m, out.must_capture.data() + to);
        } else {
            r.file->read(r.at + k, out.wdl.data() + to, m);
            r.file->read(r.at + length + k, out.dtz.data() + to, m);
            r.file->read(r.at + 2 * length + k, out.round.data() + to, m);
            r.file->read(r.at + 3 * length + k, out.must_capture.data() + to, m);
        }
        i += m;
    }
    return out;
}

int SolvedTable::longest_history() const {
    int longest = 1;
    for (const std::vector<Step>& run : history)
        for (std::size_t s = 0, e; s < run.size(); s = e) {
            for (e = s; e < run.size() && run[e].index == run[s].index;) ++e;
            longest = std::max(longest, int(e - s));
        }
    for (const StepFile& f : history_files) longest = std::max(longest, f.longest);
    return longest;
}

void SolvedTables::add(std::shared_ptr<const SolvedTable> table) {
    const core::Material m = table->index.material();
    by_key_.at(key(m)) = table.get();
    tables_[m] = std::move(table);
}

void SolvedTables::remove(const core::Material& m) {
    if (tables_.erase(m)) by_key_[key(m)] = nullptr;
}

const SolvedTable* SolvedTables::find(const core::Material& m) const {
    const std::size_t k = key(m);
    return k < by_key_.size() ? by_key_[k] : nullptr;
}

const SolvedTable* SolvedTables::table_for(const core::Position& pos) const {
    core::Material m = core::material_of(pos);
    if (m.mover.pieces() == 0) return nullptr;
    const SolvedTable* t = find(m);
    if (!t) throw std::out_of_range("no solved table " + m.table_name());
    return t;
}

const core::Wdl5* SolvedTables::wdl_address(const core::Position& pos) const {
    const SolvedTable* t = table_for(pos);
    return t ? t->wdl_address(t->index.index(pos)) : &NO_PIECES;
}

} // namespace damatb::gen
