#include "dimerlab_lab/sampler_factory.hpp"

#include <exception>
#include <utility>
#include <vector>

#include "dimerlab_gpu/cuda_ensemble.hpp"
#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_gpu/device.hpp"
#include "model/matching.hpp"
#include "sampling/perfect_matching.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "sampling/weight_support.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

std::string no_chain(Backend backend, Dynamics dynamics) {
    return "backend '" + std::string(backend_name(backend)) +
           "' runs glauber, chromatic and rotation dynamics only, not '" +
           std::string(dynamics_name(dynamics)) + "'";
}

BuiltSampler on_cpu(const Graph& graph, const SamplerSpec& spec, MateArray start, std::string notice) {
    return {
        make_cpu_sampler(graph, spec.dynamics, spec.seed, spec.record, std::move(start), spec.class_order),
        std::move(notice)};
}

// Where a cuda chain falls back to when the device is missing or fails: the same trajectory on the
// CPU. For glauber and chromatic that is the cpu backend; the cuda rotation chain is the face-class
// scan, whose CPU twin is cpu-parallel's FaceClassSampler.
BuiltSampler on_cpu_twin_of_cuda(const Graph& graph, const SamplerSpec& spec, MateArray start,
                                 const std::string& why) {
    if (spec.dynamics == Dynamics::rotation)
        return {make_cpu_parallel_sampler(graph, spec.dynamics, spec.seed, spec.record, std::move(start),
                                          spec.block_sweeps, spec.threads, spec.class_order),
                why + ": running on cpu-parallel"};
    return on_cpu(graph, spec, std::move(start), why + ": running on cpu");
}

BuiltSampler on_cuda(const Graph& graph, const SamplerSpec& spec, MateArray start) {
    return {gpu::make_cuda_sampler(graph, spec.dynamics, spec.seed, spec.record, std::move(start),
                                   spec.block_sweeps, spec.class_order),
            {}};
}

}  // namespace

CudaAvailability cuda_availability() {
    // The probe never throws, and is cheap after the first call (the runtime caches the device).
    const gpu::DeviceInfo info = gpu::probe();
    CudaAvailability a;
    a.available = info.available;
    if (info.available) {
        a.device = info.name;
    } else {
        a.reason = info.reason.empty() ? "no usable CUDA device" : info.reason;
    }
    return a;
}

BuiltSampler make_sampler(const Graph& graph, const SamplerSpec& spec, WhenUnavailable when) {
    return make_sampler(graph, spec, when, make_start_state(graph, spec.start, spec.seed));
}

BuiltSampler make_sampler(const Graph& graph, const SamplerSpec& spec, WhenUnavailable when,
                          MateArray start) {
    const bool refuse = when == WhenUnavailable::refuse;
    // λ = ∞: a graph without a perfect matching is infeasible whatever the dynamics (exit 3), and
    // a dynamics that cannot move a perfect matching is refused, never run frozen.
    // shuffle-steps shows partial tilings on purpose; shuffle checks its own graph.
    if (spec.record.infinite() && spec.dynamics != Dynamics::shuffle &&
        spec.dynamics != Dynamics::shuffle_steps) {
        require_perfect_matching(graph);
        require_dynamics_runs_at(spec.dynamics, spec.record);
        // Rotations keep |M|: started below a perfect matching they would never reach one. cftp
        // draws each sample afresh and ignores its start.
        if (spec.dynamics != Dynamics::cftp && 2 * std::size_t(count_dimers(start)) != graph.num_vertices())
            throw InputError("at lambda = inf, " + std::string(dynamics_name(spec.dynamics)) +
                             " must start from a perfect matching: use --start exact or maximum");
    }
    switch (spec.backend) {
        case Backend::cpu:
            return on_cpu(graph, spec, std::move(start), {});
        case Backend::cpu_parallel:
            if (!backend_runs(Backend::cpu_parallel, spec.dynamics)) {
                if (refuse) throw InputError(no_chain(spec.backend, spec.dynamics) + "; use --backend cpu");
                return on_cpu(graph, spec, std::move(start),
                              "cpu-parallel has no " + std::string(dynamics_name(spec.dynamics)) +
                                  " chain: running on cpu");
            }
            return {make_cpu_parallel_sampler(graph, spec.dynamics, spec.seed, spec.record, std::move(start),
                                              spec.block_sweeps, spec.threads, spec.class_order),
                    {}};
        case Backend::automatic: {
            // auto runs the cpu chain wherever cuda's differs from it: cuda's rotation is the
            // face-class scan, not the random-face chain of the cpu backend.
            if (!backend_runs(Backend::cuda, spec.dynamics) || spec.dynamics == Dynamics::rotation ||
                (graph.weighted() && !chain_takes_weights("cuda", spec.dynamics)))
                return on_cpu(graph, spec, std::move(start), {});
            const CudaAvailability cuda = cuda_availability();
            if (!cuda.available)
                return on_cpu(graph, spec, std::move(start),
                              "no CUDA device (" + cuda.reason + "); using cpu");
            return on_cuda(graph, spec, std::move(start));
        }
        case Backend::cuda: {
            // The device first: on a machine without one, that is the reason worth reporting.
            const CudaAvailability cuda = cuda_availability();
            if (!cuda.available) {
                if (refuse)
                    throw InputError("backend 'cuda' requested but " + cuda.reason +
                                     "; use --backend cpu or auto");
                return on_cpu_twin_of_cuda(graph, spec, std::move(start),
                                           "cuda unavailable (" + cuda.reason + ")");
            }
            if (!backend_runs(Backend::cuda, spec.dynamics)) {
                if (refuse) throw InputError(no_chain(spec.backend, spec.dynamics) + "; use --backend cpu");
                return on_cpu(
                    graph, spec, std::move(start),
                    "cuda has no " + std::string(dynamics_name(spec.dynamics)) + " chain: running on cpu");
            }
            if (refuse) return on_cuda(graph, spec, std::move(start));
            try {
                return on_cuda(graph, spec, start);  // a copy: the fallback below still needs it
            } catch (const InputError&) {
                throw;
            } catch (const std::exception& e) {
                // The device went away, or is too small for this graph: the same trajectory on the CPU.
                return on_cpu_twin_of_cuda(graph, spec, std::move(start),
                                           "cuda unavailable (" + std::string(e.what()) + ")");
            }
        }
    }
    throw InputError("unknown backend");
}

EnsembleFactory make_ensemble_factory(Backend backend, std::string_view command, std::string_view unsupported,
                                      std::string& notice) {
    if (backend == Backend::cpu_parallel) {
        throw InputError("backend 'cpu-parallel': " + std::string(command) +
                         " supports cpu, cuda or auto (its chains already run in parallel)");
    }
    if (backend == Backend::cpu) return {};
    if (!unsupported.empty()) {
        if (backend == Backend::automatic) return {};
        throw InputError("backend 'cuda' " + std::string(unsupported) + "; use --backend cpu");
    }
    const CudaAvailability cuda = cuda_availability();
    if (!cuda.available) {
        if (backend == Backend::cuda)
            throw InputError("backend 'cuda' requested but " + cuda.reason + "; use --backend cpu or auto");
        notice = "no CUDA device (" + cuda.reason + "); using cpu";
        return {};
    }
    return [](const Graph& g, std::uint64_t seed, LambdaRecord record,
              std::vector<MateArray> starts) -> std::unique_ptr<SamplerEnsemble> {
        return std::make_unique<gpu::CudaSamplerEnsemble>(g, seed, std::move(record), std::move(starts));
    };
}

}  // namespace dimerlab
