// Pages of the solver's arrays moved out of the process's memory into an unnamed scratch file
// and mapped back where they were, read-only (docs/six-pieces.md, "The slices kept"): the
// records of the slices done that slices still to come read. Mapped from a file, they are the
// kernel's pages, which the process may give back at any time (`give_back`, safe while other
// threads read them: a page given back is read again from the page cache, or from disk), so
// that they count in its memory only as far as the read cache allows.
//
// The file has no name: it is removed when the process ends, however it ends.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace damatb::gen {

class ScratchPages {
public:
    // An empty unnamed file in folder dir. Throws std::runtime_error naming dir when it cannot.
    explicit ScratchPages(const std::string& dir);
    ~ScratchPages();
    ScratchPages(const ScratchPages&) = delete;
    ScratchPages& operator=(const ScratchPages&) = delete;

    // Writes the whole pages within [at, at + bytes) of a private anonymous mapping to the file
    // and maps them there in their place, read-only: the same bytes, no longer the process's
    // own memory. Throws std::runtime_error when the file cannot be written (disk full).
    void move_in(void* at, std::uint64_t bytes);
    // Gives back the whole pages moved within [at, at + bytes): anonymous zeros again, and
    // their space in the file freed. Throws std::runtime_error when they cannot be mapped anew.
    void forget(void* at, std::uint64_t bytes);
    // Gives back the process's pages of everything moved in; the bytes stay in the file.
    void give_back() const;
    // The bytes moved in and not forgotten.
    std::uint64_t bytes() const;

private:
    struct Moved {
        char* at;
        std::uint64_t bytes, offset; // at `offset` in the file
    };
    std::string dir_;
    int fd_ = -1;
    std::uint64_t end_ = 0; // the file's length
    std::vector<Moved> moved_;
    mutable std::mutex mutex_;
};

} // namespace damatb::gen
