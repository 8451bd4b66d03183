// A file opened for reading at any offset from any thread (pread), closed when the last owner
// lets go: the slice files whose history steps the table files are written from (gen/solved.h,
// StepFile) stay readable after they are removed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace damatb::gen {

class ReadOnlyFile {
public:
    // Opens path; throws std::runtime_error naming it when it cannot.
    static std::shared_ptr<const ReadOnlyFile> open(const std::string& path);
    ~ReadOnlyFile();
    ReadOnlyFile(const ReadOnlyFile&) = delete;
    ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;

    // Reads n bytes at byte `at` into data; throws std::runtime_error naming the file when the
    // file is shorter or cannot be read. Thread-safe.
    void read(std::uint64_t at, void* data, std::size_t n) const;
    const std::string& path() const { return path_; }

private:
    ReadOnlyFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
    std::string path_;
    int fd_;
};

} // namespace damatb::gen
