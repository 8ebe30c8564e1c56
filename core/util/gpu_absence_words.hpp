#pragma once
// Why the GPU is not used, in words a class can read. The device probe reports CUDA's own
// messages ("no usable CUDA device: CUDA driver version is insufficient for CUDA runtime
// version"), which are right for a log and wrong for a projector; the technical reason stays
// available beside these words (tooltips, logs, --json).
#include <string>
#include <string_view>

namespace dimerlab {

// One short clause, no trailing full stop: "the NVIDIA driver here is older than this build
// needs", "no NVIDIA GPU was found" (also where no NVIDIA driver is installed at all), "this build
// has no GPU support", or "the GPU cannot be used here" for any reason not recognised.
std::string gpu_absence_in_plain_words(std::string_view reason);

}  // namespace dimerlab
