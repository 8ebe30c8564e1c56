#pragma once
// `--backend cpu|cuda|auto` for the commands that run ensembles of chains (mix, count).
#include <string>

#include "ensemble/sampler_ensemble.hpp"

namespace dimerlab::cli {

// cpu: an empty factory (the command's CPU path). cuda: the CUDA ensemble, and without a device
// an InputError (exit 2) rather than a silent CPU run. auto: cuda when a device is present,
// otherwise cpu with a one-line notice in `notice`. `unsupported` (non-empty: why this request
// cannot use CUDA, e.g. another dynamics) makes cuda an error and auto cpu.
EnsembleFactory choose_ensemble(const std::string& requested, const std::string& command,
                                const std::string& unsupported, std::string& notice);

}  // namespace dimerlab::cli
