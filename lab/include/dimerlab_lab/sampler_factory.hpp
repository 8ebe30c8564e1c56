#pragma once
// The one sampler factory: every program (CLI, app, sessions, exported animations, verify) builds
// its chains here from a SamplerSpec. It alone chooses the backend, probes for a device and
// decides what happens when the requested backend cannot run; the layers below (core's
// make_cpu_sampler and make_cpu_parallel_sampler, gpu's make_cuda_sampler) only build the chain of
// a dynamics on the backend they are asked for.
#include <memory>
#include <string>
#include <string_view>

#include "dimerlab_lab/sampler_spec.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// What to do when the requested backend cannot run the spec here (no device, or no chain of that
// dynamics on that backend). refuse: InputError with the reason and what to use instead (the
// CLI: a batch run must never silently change backend). run_on_cpu: the sequential CPU chain,
// which runs the same trajectory, and one line in `notice` (the app: a lab never stops).
enum class WhenUnavailable { refuse, run_on_cpu };

struct BuiltSampler {
    std::unique_ptr<Sampler> sampler;
    // Empty, or one line saying why the backend running is not the one requested; also set when
    // auto found no device.
    std::string notice;
};

// The chain of `spec` on `graph` from update 0 and `spec.start`. The graph must outlive the
// sampler; spec.graph is not read. InputError for a bad start state or block_sweeps, and under
// refuse for a backend that cannot run here.
BuiltSampler make_sampler(const Graph& graph, const SamplerSpec& spec, WhenUnavailable when);
// The same from an explicit start state (spec.start is not read): the live check compares every
// backend from one start.
BuiltSampler make_sampler(const Graph& graph, const SamplerSpec& spec, WhenUnavailable when, MateArray start);

// Whether the cuda backend can run in this process, and if not, why (one line).
struct CudaAvailability {
    bool available = false;
    std::string reason;  // empty when available
    std::string device;  // the device's name when available
};
CudaAvailability cuda_availability();

// The ensemble mode's backend (K chains advanced together; mix and count). cpu: an empty factory
// (the caller's CPU path). cuda: the CUDA ensemble, and without a device an InputError. auto:
// cuda when a device is present, otherwise cpu with a one-line `notice`. `unsupported` (non-empty:
// why this request cannot use CUDA) makes cuda an error and auto cpu. cpu-parallel is refused:
// ensembles parallelise over chains already. `command` names the command in messages.
EnsembleFactory make_ensemble_factory(Backend backend, std::string_view command, std::string_view unsupported,
                                      std::string& notice);

}  // namespace dimerlab
