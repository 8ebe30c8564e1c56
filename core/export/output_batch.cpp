#include "export/output_batch.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "util/errors.hpp"

namespace dimerlab {

OutputBatch::~OutputBatch() {
    discard();
}

void OutputBatch::add(const std::string& path, std::string_view contents) {
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
    staged_.push_back({path, std::move(temp)});
}

void OutputBatch::commit() {
    // rename(2) cannot put a file where a folder is; finding that out halfway through the
    // renames would leave the earlier targets replaced.
    for (const Staged& st : staged_) {
        std::error_code ec;
        if (std::filesystem::is_directory(st.target, ec)) {
            const std::string target = st.target;
            discard();
            throw InputError("cannot write '" + target + "': " + std::strerror(EISDIR));
        }
    }
    for (std::size_t i = 0; i < staged_.size(); ++i) {
        if (std::rename(staged_[i].temp.c_str(), staged_[i].target.c_str()) != 0) {
            const int err = errno;
            const std::string target = staged_[i].target;
            discard();
            throw InputError("cannot write '" + target + "': " + std::strerror(err));
        }
        staged_[i].temp.clear();
    }
    staged_.clear();
}

void OutputBatch::discard() noexcept {
    for (const Staged& s : staged_) {
        if (!s.temp.empty()) ::unlink(s.temp.c_str());
    }
    staged_.clear();
}

std::vector<std::string> OutputBatch::targets() const {
    std::vector<std::string> out;
    for (const Staged& s : staged_) out.push_back(s.target);
    return out;
}

}  // namespace dimerlab
