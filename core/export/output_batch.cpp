#include "export/output_batch.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab {

OutputBatch::~OutputBatch() {
    discard();
}

void OutputBatch::add(const std::string& path, std::string_view contents) {
    std::string temp = write_temporary_beside(path, contents);
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
