#include "verify/build_info.hpp"

#include <filesystem>
#include <system_error>

#include "dimerlab_kernel_hashes.hpp"

namespace dimerlab::verify {

namespace {

std::optional<std::string> repository_above(std::filesystem::path dir) {
    std::error_code ec;
    while (!dir.empty()) {
        if (std::filesystem::is_regular_file(dir / "verification" / "manifest.json", ec)) return dir.string();
        if (dir == dir.parent_path()) break;
        dir = dir.parent_path();
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> find_repository() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    const bool have_exe = !ec;
    if (have_exe) {
        const std::filesystem::path installed = exe.parent_path().parent_path() / "share" / "dimerlab";
        if (std::filesystem::is_regular_file(installed / "verification" / "manifest.json", ec))
            return installed.string();
    }
    const std::filesystem::path cwd = std::filesystem::current_path(ec);
    if (!ec) {
        if (auto repo = repository_above(cwd)) return repo;
    }
    if (have_exe) return repository_above(exe.parent_path());
    return std::nullopt;
}

const std::vector<std::pair<std::string, std::string>>& embedded_kernel_hashes() {
    static const std::vector<std::pair<std::string, std::string>> hashes = {DIMERLAB_KERNEL_HASHES};
    return hashes;
}

}  // namespace dimerlab::verify
