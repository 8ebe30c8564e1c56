#include "util/gpu_absence_words.hpp"

namespace dimerlab {

std::string gpu_absence_in_plain_words(std::string_view reason) {
    const auto has = [&](std::string_view part) { return reason.find(part) != std::string_view::npos; };
    if (has("no NVIDIA driver is installed")) return "no NVIDIA GPU was found";
    if (has("driver version is insufficient")) return "the NVIDIA driver here is older than this build needs";
    if (has("no CUDA-capable device") || has("no CUDA device found")) return "no NVIDIA GPU was found";
    if (has("no CUDA support")) return "this build has no GPU support";
    return "the GPU cannot be used here";
}

}  // namespace dimerlab
