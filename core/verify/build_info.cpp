#include "verify/build_info.hpp"

#include "dimerlab_kernel_hashes.hpp"

namespace dimerlab::verify {

std::string build_source_dir() {
    return DIMERLAB_BUILD_SOURCE_DIR;
}

const std::vector<std::pair<std::string, std::string>>& embedded_kernel_hashes() {
    static const std::vector<std::pair<std::string, std::string>> hashes = {DIMERLAB_KERNEL_HASHES};
    return hashes;
}

}  // namespace dimerlab::verify
