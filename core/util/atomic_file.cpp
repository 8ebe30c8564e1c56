#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "util/errors.hpp"

namespace dimerlab {

std::string write_temporary_beside(const std::string& path, std::string_view contents) {
    if (path.empty()) throw InputError("output path is empty");
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string temp = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
    const char* p = contents.data();
    std::size_t left = contents.size();
    int err = 0;
    while (left > 0) {
        const ssize_t w = ::write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR) continue;
            err = errno;
            break;
        }
        p += w;
        left -= static_cast<std::size_t>(w);
    }
    if (err == 0 && ::fchmod(fd, 0644) != 0) err = errno;  // mkstemp makes 0600; exports are shared
    // Some file systems report a full disk only when the data reaches it.
    if (err == 0 && ::fsync(fd) != 0) err = errno;
    if (::close(fd) != 0 && err == 0) err = errno;
    if (err != 0) {
        ::unlink(temp.c_str());
        throw InputError("cannot write '" + path + "': " + std::strerror(err));
    }
    return temp;
}

void write_file_atomically(const std::string& path, std::string_view contents) {
    const std::string temp = write_temporary_beside(path, contents);
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        throw InputError("cannot write '" + path + "': " + std::strerror(err));
    }
}

}  // namespace dimerlab
