#include "gen/read_only_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace damatb::gen {

std::shared_ptr<const ReadOnlyFile> ReadOnlyFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    return std::shared_ptr<const ReadOnlyFile>(new ReadOnlyFile(path, fd));
}

ReadOnlyFile::~ReadOnlyFile() { ::close(fd_); }

void ReadOnlyFile::read(std::uint64_t at, void* data, std::size_t n) const {
    auto* out = static_cast<char*>(data);
    while (n > 0) {
        const ssize_t got = ::pread(fd_, out, n, off_t(at));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0)
            throw std::runtime_error("cannot read " + path_ + (got < 0 ? std::string(": ") + std::strerror(errno)
                                                                       : std::string(": shorter than expected")));
        out += got;
        at += std::uint64_t(got);
        n -= std::size_t(got);
    }
}

} // namespace damatb::gen
