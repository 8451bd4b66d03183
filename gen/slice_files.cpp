#include "gen/slice_files.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <zstd.h>

#include "core/byte_order.h"
#include "core/checksum.h"

namespace damatb::gen::solving {

namespace {

constexpr char MAGIC[8] = {'D', 'T', 'B', 'S', 'L', 'I', 'C', 'E'};
constexpr std::uint32_t VERSION = 2; // 1: the same, not compressed
constexpr std::size_t HEADER_SIZE = 128;
constexpr std::size_t RULESET_AT = 24, RULESET_SIZE = 40, CLASS_AT = 64, CLASS_SIZE = 24;
constexpr std::size_t POSITIONS_AT = 88, STEPS_AT = 104, CHECKSUM_AT = 120;
constexpr std::uint64_t STATE_BYTES = 5;   // a position's record 4, without the limit 1
constexpr std::uint64_t RESULT_BYTES = 4;  // a position's WDL5, DTZ, round, must capture
constexpr std::uint64_t BYTES_PER_STEP = 10; // index 8, round 1, level 1
// The positions of a frame: a block of the table files is read back from one or two frames'
// results (SolvedTable::results_in keeps a thread's last frame).
constexpr std::uint64_t PIECE = std::uint64_t{1} << 16;
constexpr int ZSTD_LEVEL = 1; // fast: a slice of 6 pieces is gigabytes

// The header of the slice being solved, its checksum left 0.
std::array<std::uint8_t, HEADER_SIZE> header_of(const SolverState& solver, const std::uint64_t steps[2]) {
    std::array<std::uint8_t, HEADER_SIZE> h{};
    std::memcpy(h.data(), MAGIC, sizeof MAGIC);
    core::store_le<std::uint32_t>(&h[8], VERSION);
    core::store_le<std::uint32_t>(&h[12], std::uint32_t(solver.slice));
    core::store_le<std::uint32_t>(&h[16], std::uint32_t(solver.slices->slice_count()));
    core::store_le<std::uint32_t>(&h[20], std::uint32_t(solver.table_count()));
    const std::string rules = solver.rules.name();
    const std::string cls = solver.table(0).index.material().class_name();
    std::memcpy(&h[RULESET_AT], rules.data(), std::min(rules.size(), RULESET_SIZE - 1));
    std::memcpy(&h[CLASS_AT], cls.data(), std::min(cls.size(), CLASS_SIZE - 1));
    for (int t = 0; t < solver.table_count(); ++t) {
        core::store_le<std::uint64_t>(&h[POSITIONS_AT + 8 * std::size_t(t)], solver.table(t).active_size);
        core::store_le<std::uint64_t>(&h[STEPS_AT + 8 * std::size_t(t)], steps[t]);
    }
    return h;
}

std::string system_error(const std::string& what, const std::string& path) {
    return what + " " + path + ": " + std::strerror(errno);
}

// A thread's zstd context for the frames of slice files: a frame comes out the same whichever
// thread compressed it.
class Compressor {
public:
    Compressor() = default;
    ~Compressor() { ZSTD_freeCCtx(context_); }
    Compressor(const Compressor&) = delete;
    Compressor& operator=(const Compressor&) = delete;

    // The frame of `data`, into `frame`.
    void compress(const std::vector<std::uint8_t>& data, std::vector<std::uint8_t>& frame, const std::string& path) {
        if (!context_ && !(context_ = ZSTD_createCCtx())) throw std::bad_alloc();
        frame.resize(ZSTD_compressBound(data.size()));
        const std::size_t size = ZSTD_compressCCtx(context_, frame.data(), frame.size(), data.data(), data.size(), ZSTD_LEVEL);
        if (ZSTD_isError(size)) throw std::runtime_error("cannot compress " + path + ": " + ZSTD_getErrorName(size));
        frame.resize(size);
    }

private:
    ZSTD_CCtx* context_ = nullptr;
};

// A thread's zstd context for reading the frames back.
class Decompressor {
public:
    Decompressor() = default;
    ~Decompressor() { ZSTD_freeDCtx(context_); }
    Decompressor(const Decompressor&) = delete;
    Decompressor& operator=(const Decompressor&) = delete;

    // Whether `frame` holds data.size() bytes, decompressed into data.
    bool decompress(const std::vector<std::uint8_t>& frame, std::vector<std::uint8_t>& data) {
        if (!context_ && !(context_ = ZSTD_createDCtx())) throw std::bad_alloc();
        const std::size_t got = ZSTD_decompressDCtx(context_, data.data(), data.size(), frame.data(), frame.size());
        return !ZSTD_isError(got) && got == data.size();
    }

private:
    ZSTD_DCtx* context_ = nullptr;
};

// A file written or read whole, front to back, its content checksummed on the way; its bytes
// in zstd frames, each after its size (4 bytes), or as they are.
class SliceFile {
public:
    SliceFile(const std::string& path, const char* mode) : path_(path), file_(std::fopen(path.c_str(), mode)) {}
    ~SliceFile() {
        if (file_) std::fclose(file_);
    }
    SliceFile(const SliceFile&) = delete;
    SliceFile& operator=(const SliceFile&) = delete;

    bool is_open() const { return file_ != nullptr; }
    void write(const void* data, std::size_t n) {
        if (std::fwrite(data, 1, n, file_) != n) throw std::runtime_error(system_error("cannot write", path_));
        checksum_.update(static_cast<const std::uint8_t*>(data), n);
        offset_ += n;
    }
    bool read(void* data, std::size_t n) {
        if (std::fread(data, 1, n, file_) != n) return false;
        checksum_.update(static_cast<const std::uint8_t*>(data), n);
        offset_ += n;
        return true;
    }
    // Writes a frame compressed already (Compressor); returns its size, without its own 4.
    std::uint64_t write_frame(const std::vector<std::uint8_t>& frame) {
        std::uint8_t length[4];
        core::store_le<std::uint32_t>(length, std::uint32_t(frame.size()));
        write(length, sizeof length);
        write(frame.data(), frame.size());
        return frame.size();
    }
    // Reads a frame without decompressing it (Decompressor); false when it is not there.
    bool read_frame(std::vector<std::uint8_t>& frame) {
        std::uint8_t length[4];
        if (!read(length, sizeof length)) return false;
        frame.resize(core::load_le<std::uint32_t>(length));
        return read(frame.data(), frame.size());
    }
    bool seek(long at) {
        offset_ = std::uint64_t(at);
        return std::fseek(file_, at, SEEK_SET) == 0;
    }
    std::uint64_t offset() const { return offset_; } // the bytes written or read, a seek's included
    std::uint64_t digest() const { return checksum_.digest(); }
    std::FILE* stream() { return file_; }
    // Counts n bytes read from stream() into the checksum.
    void count(const std::uint8_t* data, std::size_t n) { checksum_.update(data, n); }
    void restart_checksum() { checksum_ = core::Checksum64{}; }
    // Flushes and closes the file; throws naming it if that fails. Not synced to the disk: a
    // slice file is scratch, the kernel writes it back in its own time while the next slice is
    // solved, and one that a crash of the machine left short or torn fails its checksum and is
    // solved again.
    void close() {
        const bool ok = std::fflush(file_) == 0;
        const bool closed = std::fclose(file_) == 0;
        file_ = nullptr;
        if (!ok || !closed) throw std::runtime_error(system_error("cannot write", path_));
    }

private:
    std::string path_;
    std::FILE* file_;
    core::Checksum64 checksum_;
    std::uint64_t offset_ = 0;
};

// The chunks of positions (gen/chunks.h) whose history steps are made at a time while they are
// written: 2 million positions, a few MiB of steps.
constexpr std::size_t STEP_BATCH = 32;

// Calls f(begin, end) for the pieces of at most PIECE positions of the runs of table t being solved.
template <typename F>
void for_each_piece(const Table& here, F&& f) {
    for (const Range& r : here.active)
        for (std::uint64_t b = r.begin; b < r.end; b += PIECE) f(b, std::min(r.end, b + PIECE));
}

// What StepFile (gen/solved.h) keeps of a run of steps, made from their indices one by one.
struct StepRun {
    StepFile file;
    std::uint64_t count = 0, last = ~std::uint64_t{0};
    int same = 0; // steps of index `last` so far
    void add(std::uint64_t index) {
        if (count % StepFile::SPARSE_EVERY == 0) file.sparse.push_back(index);
        same = index == last ? same + 1 : 1;
        file.longest = std::max(file.longest, same);
        last = index;
        ++count;
    }
};

// A frame of the solver's state holds 4-byte records (the Info bits, the value under the limit,
// the level, the round: Table's fields unpacked, as they were until the solver packed the first
// two in a byte, so that a slice file written before is read alike), then the values without
// the limit, a byte each: a position not won or lost under the limit has NO_LEVEL in its record,
// its value without the limit in the byte (Table::without_limit).
void pack_state(const Table& here, std::uint64_t b, std::uint64_t e, std::vector<std::uint8_t>& bytes) {
    const std::size_t n = e - b;
    bytes.resize(STATE_BYTES * n);
    std::uint8_t* without_limit = bytes.data() + 4 * n;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint64_t i = b + k;
        const Label under = here.under_limit(i);
        std::uint8_t* record = bytes.data() + 4 * k;
        record[0] = here.info(i);
        record[1] = under;
        record[2] = under == UNKNOWN ? std::uint8_t(NO_LEVEL) : std::uint8_t(here.level(i));
        record[3] = here.round[i];
        without_limit[k] = here.without_limit(i);
    }
}

// The state of pack_state's frame back into the solver's arrays; false if it is not one.
bool unpack_state(Table& here, std::uint64_t b, std::uint64_t e, const std::vector<std::uint8_t>& bytes) {
    const std::size_t n = e - b;
    const std::uint8_t* without_limit = bytes.data() + 4 * n;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint64_t i = b + k;
        const std::uint8_t* record = bytes.data() + 4 * k;
        if (!packed_info::packable(record[0]) || record[1] > LOST) return false;
        here.set_info(i, record[0]);
        here.set_level(i, record[2]);
        here.round[i] = record[3];
        here.set_under_limit(i, Label(record[1]));
        if (record[1] == UNKNOWN) here.set_without_limit(i, Label(without_limit[k]));
    }
    return true;
}

// A frame of results: the positions' WDL5, then their DTZ, rounds and must-capture bytes.
void pack_results(const SolverState& solver, int t, std::uint64_t b, std::uint64_t e, std::vector<std::uint8_t>& bytes) {
    const std::size_t n = e - b;
    const Results results = slice_results(solver, t, b, e, 1);
    bytes.resize(RESULT_BYTES * n);
    std::memcpy(bytes.data(), results.wdl.data(), n);
    std::memcpy(bytes.data() + n, results.dtz.data(), n);
    std::memcpy(bytes.data() + 2 * n, results.round.data(), n);
    std::memcpy(bytes.data() + 3 * n, results.must_capture.data(), n);
}

// The pieces whose frames the threads make at a time, for each thread: enough that they finish
// together, few enough that their frames are a few MiB.
constexpr std::size_t PIECES_A_THREAD = 4;

// The pieces of at most PIECE positions of the runs of table t being solved (for_each_piece's).
std::vector<Range> pieces_of(const Table& here) {
    std::vector<Range> pieces;
    for_each_piece(here, [&pieces](std::uint64_t b, std::uint64_t e) { pieces.push_back({b, e}); });
    return pieces;
}

// The pieces from the g-th on, at most n of them.
std::vector<Range> group_of(const std::vector<Range>& pieces, std::size_t g, std::size_t n) {
    return {pieces.begin() + std::ptrdiff_t(g), pieces.begin() + std::ptrdiff_t(std::min(pieces.size(), g + n))};
}

// Writes the two frames of each piece of table t's positions, a new run of out.result_files
// each (their file set once it is complete): the threads make and compress a group of pieces'
// frames, then the group is written in order, so that the bytes do not depend on the thread count.
void write_pieces(SliceFile& file, const SolverState& solver, int t, SolvedTable& out, const std::string& path) {
    const Table& here = solver.table(t);
    const std::vector<Range> pieces = pieces_of(here);
    struct Frames {
        std::vector<std::uint8_t> state, results;
    };
    struct Worker {
        Compressor compressor;
        std::vector<std::uint8_t> bytes;
    };
    const std::size_t threads = std::size_t(std::max(1, solver.threads));
    std::vector<Worker> workers(threads);
    std::vector<Frames> frames(PIECES_A_THREAD * threads);
    for (std::size_t g = 0; g < pieces.size(); g += frames.size()) {
        const std::vector<Range> group = group_of(pieces, g, frames.size());
        for_each_of_chunks(group, solver.threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            Worker& w = workers[thread()];
            pack_state(here, b, e, w.bytes);
            w.compressor.compress(w.bytes, frames[c].state, path);
            pack_results(solver, t, b, e, w.bytes);
            w.compressor.compress(w.bytes, frames[c].results, path);
        });
        for (std::size_t c = 0; c < group.size(); ++c) {
            file.write_frame(frames[c].state);
            const std::uint64_t at = file.offset() + 4; // after the frame's size
            const std::uint64_t size = file.write_frame(frames[c].results);
            out.result_files.push_back({group[c].begin, group[c].end, nullptr, at, size});
        }
    }
}

// Reads back the two frames of each piece of table t's positions: the state into the solver's
// arrays, the results left in the file (new runs of out.result_files, read through `reader`).
// A group of pieces' frames is read in order, then their states decompressed on the threads.
// False when a frame is not there or not that of its piece.
bool read_pieces(SliceFile& file, SolverState& solver, int t, SolvedTable& out,
                 const std::shared_ptr<const ReadOnlyFile>& reader) {
    Table& here = solver.table(t);
    const std::vector<Range> pieces = pieces_of(here);
    struct Worker {
        Decompressor decompressor;
        std::vector<std::uint8_t> bytes;
    };
    const std::size_t threads = std::size_t(std::max(1, solver.threads));
    std::vector<Worker> workers(threads);
    std::vector<std::vector<std::uint8_t>> states(PIECES_A_THREAD * threads);
    std::vector<char> good(states.size());
    std::vector<std::uint8_t> results; // passed over
    for (std::size_t g = 0; g < pieces.size(); g += states.size()) {
        const std::vector<Range> group = group_of(pieces, g, states.size());
        for (std::size_t c = 0; c < group.size(); ++c) {
            if (!file.read_frame(states[c])) return false;
            const std::uint64_t at = file.offset() + 4; // after the frame's size
            if (!file.read_frame(results)) return false;
            out.result_files.push_back({group[c].begin, group[c].end, reader, at, results.size()});
        }
        for_each_of_chunks(group, solver.threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            Worker& w = workers[thread()];
            w.bytes.resize(STATE_BYTES * (e - b));
            good[c] = w.decompressor.decompress(states[c], w.bytes) && unpack_state(here, b, e, w.bytes);
        });
        if (!std::all_of(good.begin(), good.begin() + std::ptrdiff_t(group.size()), [](char ok) { return ok != 0; }))
            return false;
    }
    return true;
}

// The payload of table t, written to or read from file (`WRITE` says which), from the file's
// present offset: for each piece of its positions, a frame of the solver's state, then a frame
// of its results; then its history steps as they are. Writing, the results and the history
// steps are made a piece at a time (write_pieces, slice_steps), the steps' count put in `steps`
// and their indices in *made; reading (read_pieces), `steps` of them are there, and the results
// and the history steps are left in the file (read through `reader`), new runs of
// out.result_files and out.history_files. Either way the results and the steps are not held:
// out.result_files says where they lie (their file set once it is complete, when writing).
// Returns the offset of the steps, or nothing when a read fails.
template <bool WRITE>
std::optional<std::uint64_t> transfer(SliceFile& file, const SolverState& solver, int t, SolvedTable& out,
                                      std::uint64_t& steps, StepRun* made,
                                      const std::shared_ptr<const ReadOnlyFile>& reader, const std::string& path) {
    std::vector<std::uint8_t> bytes;
    if constexpr (WRITE) {
        write_pieces(file, solver, t, out, path);
    } else if (!read_pieces(file, const_cast<SolverState&>(solver), t, out, reader)) { // written to only when reading
        return std::nullopt;
    }
    const std::uint64_t steps_at = file.offset();
    bytes.resize(BYTES_PER_STEP);
    if constexpr (WRITE) {
        steps = 0;
        std::vector<SolvedTable::Step> batch;
        slice_steps(
            const_cast<SolverState&>(solver), t, // which it only reads
            [&batch](std::uint64_t count) {
                batch.assign(std::size_t(count), SolvedTable::Step{0, {0, 0}});
                return batch.data();
            },
            [&] {
                for (const SolvedTable::Step& step : batch) {
                    core::store_le<std::uint64_t>(bytes.data(), step.index);
                    bytes[8] = std::uint8_t(step.round);
                    bytes[9] = std::uint8_t(step.level);
                    file.write(bytes.data(), BYTES_PER_STEP);
                    made->add(step.index);
                }
                steps += batch.size();
            },
            STEP_BATCH);
    } else {
        StepRun read_back;
        for (std::uint64_t s = 0; s < steps; ++s) {
            if (!file.read(bytes.data(), BYTES_PER_STEP)) return std::nullopt;
            read_back.add(core::load_le<std::uint64_t>(bytes.data()));
        }
        StepFile& f = out.history_files.emplace_back(read_back.file);
        f.file = reader;
        f.offset = steps_at;
        f.count = steps;
    }
    return steps_at;
}

} // namespace

std::string slice_file_path(const std::string& dir, const core::Material& cls, int s) {
    return dir + "/" + cls.class_name() + ".slice-" + std::to_string(s) + ".dts";
}

void save_slice(const std::string& dir, const SolverState& solver,
                const std::vector<std::shared_ptr<SolvedTable>>& out) {
    const std::string path = slice_file_path(dir, solver.table(0).index.material(), solver.slice);
    const std::string tmp = path + ".tmp";
    std::uint64_t steps[2] = {0, 0}; // in the header written again at the end
    std::array<std::uint8_t, HEADER_SIZE> header = header_of(solver, steps);
    std::uint64_t steps_at[2] = {0, 0};
    StepRun made[2];
    try {
        // The folder made again if another process, ending a class, removed it empty meanwhile.
        std::optional<SliceFile> opened;
        for (int attempt = 0; attempt < 3 && !(opened && opened->is_open()); ++attempt) {
            std::filesystem::create_directories(dir);
            opened.emplace(tmp, "wb");
        }
        SliceFile& file = *opened;
        if (!file.is_open()) throw std::runtime_error(system_error("cannot create", tmp));
        file.write(header.data(), header.size());
        file.restart_checksum();
        for (int t = 0; t < solver.table_count(); ++t)
            steps_at[t] = *transfer<true>(file, solver, t, *out[std::size_t(t)], steps[t], &made[t], nullptr, tmp);
        header = header_of(solver, steps);
        core::store_le<std::uint64_t>(&header[CHECKSUM_AT], file.digest());
        if (!file.seek(0)) throw std::runtime_error(system_error("cannot write", tmp));
        file.write(header.data(), header.size());
        file.close();
    } catch (...) {
        std::error_code ignored; // a full disk: nothing half-written left behind
        std::filesystem::remove(tmp, ignored);
        throw;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error(system_error("cannot rename to", path));
    // The slice's results and steps, written, are read from the file from now on.
    const std::shared_ptr<const ReadOnlyFile> written = ReadOnlyFile::open(path);
    for (int t = 0; t < solver.table_count(); ++t) {
        SolvedTable& table = *out[std::size_t(t)];
        for (ResultFile& r : table.result_files)
            if (!r.file) r.file = written;
        StepFile& f = table.history_files.emplace_back(std::move(made[t].file));
        f.file = written;
        f.offset = steps_at[t];
        f.count = steps[t];
    }
}

bool load_slice(const std::string& dir, SolverState& solver, std::vector<std::shared_ptr<SolvedTable>>& out) {
    const std::string path = slice_file_path(dir, solver.table(0).index.material(), solver.slice);
    SliceFile file(path, "rb");
    if (!file.is_open()) return false;
    std::array<std::uint8_t, HEADER_SIZE> header{};
    if (!file.read(header.data(), header.size())) return false;
    std::uint64_t steps[2] = {0, 0};
    for (int t = 0; t < solver.table_count(); ++t) steps[t] = core::load_le<std::uint64_t>(&header[STEPS_AT + 8 * std::size_t(t)]);
    const std::uint64_t checksum = core::load_le<std::uint64_t>(&header[CHECKSUM_AT]);
    std::array<std::uint8_t, HEADER_SIZE> expected = header_of(solver, steps);
    core::store_le<std::uint64_t>(&expected[CHECKSUM_AT], checksum);
    if (header != expected) return false;

    // First the whole content against its checksum, so that nothing is changed unless all of it
    // is good; then into the arrays, each frame read whole and its length checked (a file whose
    // checksum is right and whose frames are not was written by another program: an error).
    file.restart_checksum();
    std::vector<std::uint8_t> buffer(std::size_t{16} << 20);
    for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), file.stream())) > 0;)
        file.count(buffer.data(), got);
    if (file.digest() != checksum) return false;
    if (!file.seek(long(HEADER_SIZE))) return false;
    const std::shared_ptr<const ReadOnlyFile> reader = ReadOnlyFile::open(path);
    for (int t = 0; t < solver.table_count(); ++t)
        if (!transfer<false>(file, solver, t, *out[std::size_t(t)], steps[t], nullptr, reader, path))
            throw std::runtime_error("cannot read " + path + " again: its frames are not those of its slice");
    if (file.read(buffer.data(), 1)) throw std::runtime_error("cannot read " + path + " again: longer than its slice");
    return true;
}

int slice_file_count(const std::string& dir, const core::Material& cls) {
    SliceFile file(slice_file_path(dir, cls, 0), "rb");
    std::array<std::uint8_t, 20> h{};
    if (!file.is_open() || !file.read(h.data(), h.size()) || std::memcmp(h.data(), MAGIC, sizeof MAGIC) != 0 ||
        core::load_le<std::uint32_t>(&h[8]) != VERSION)
        return 0;
    return int(core::load_le<std::uint32_t>(&h[16]));
}

void remove_slice_files(const std::string& dir, const core::Material& cls, int slice_count) {
    std::error_code ignored;
    for (int s = 0; s < slice_count; ++s) {
        std::filesystem::remove(slice_file_path(dir, cls, s), ignored);
        std::filesystem::remove(slice_file_path(dir, cls, s) + ".tmp", ignored);
    }
    if (std::filesystem::is_empty(dir, ignored)) std::filesystem::remove(dir, ignored);
}

} // namespace damatb::gen::solving
