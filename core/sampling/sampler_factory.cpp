#include "sampling/sampler_factory.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "chromatic/chromatic_sampler.hpp"
#include "faces/cftp_sampler.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "sampling/face_class_sampler.hpp"
#include "sampling/face_rotation_sampler.hpp"
#include "sampling/glauber_sequential.hpp"
#include "sampling/jerrum_sinclair_sampler.hpp"
#include "sampling/perfect_matching.hpp"
#include "sampling/weight_support.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "tilings/shuffle_steps_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::unique_ptr<Sampler> make_cpu_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                          LambdaRecord record, MateArray start, ClassOrder class_order) {
    require_dynamics_runs_at(dynamics, record);
    require_weight_support(graph, "cpu", dynamics);
    switch (dynamics) {
        case Dynamics::glauber:
            return std::make_unique<GlauberSequentialSampler>(graph, seed, std::move(record),
                                                              std::move(start));
        case Dynamics::jerrum_sinclair:
            return std::make_unique<JerrumSinclairSampler>(graph, seed, std::move(record), std::move(start));
        case Dynamics::chromatic: {
            ChromaticOptions options;
            options.class_order = class_order;
            return std::make_unique<ChromaticSampler>(graph, seed, std::move(record), std::move(start),
                                                      options);
        }
        case Dynamics::shuffle:
            return std::make_unique<ShuffleSampler>(graph, seed, std::move(record), std::move(start));
        case Dynamics::shuffle_steps:
            return std::make_unique<ShuffleStepsSampler>(graph, seed, std::move(record), std::move(start));
        case Dynamics::cftp:
            return std::make_unique<CftpSampler>(graph, seed, std::move(record), std::move(start));
        case Dynamics::rotation:
        case Dynamics::glauber_rotation:
            return std::make_unique<FaceRotationSampler>(graph, dynamics, seed, std::move(record),
                                                         std::move(start));
    }
    throw InputError("unknown dynamics");
}

std::uint64_t jacobi_block_updates(const Graph& graph, double block_sweeps) {
    if (!(block_sweeps > 0) || !std::isfinite(block_sweeps))
        throw InputError("--block-sweeps must be a positive number");
    const double updates = std::ceil(block_sweeps * static_cast<double>(graph.num_edges()));
    const double cap = static_cast<double>(kMaxJacobiBlock);
    return static_cast<std::uint64_t>(std::clamp(updates, 1.0, cap));
}

std::unique_ptr<Sampler> make_cpu_parallel_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                                   LambdaRecord record, MateArray start, double block_sweeps,
                                                   unsigned threads, ClassOrder class_order) {
    require_dynamics_runs_at(dynamics, record);
    require_weight_support(graph, "cpu-parallel", dynamics);
    if (dynamics == Dynamics::chromatic) {
        ChromaticOptions options;
        options.class_order = class_order;
        options.threads = threads;
        options.parallel = true;
        return std::make_unique<ChromaticSampler>(graph, seed, std::move(record), std::move(start), options);
    }
    if (dynamics == Dynamics::rotation)
        return std::make_unique<FaceClassSampler>(graph, seed, std::move(record), std::move(start), threads);
    if (dynamics != Dynamics::glauber) {
        throw InputError("backend 'cpu-parallel' runs glauber, chromatic and rotation dynamics only, not '" +
                         std::string(dynamics_name(dynamics)) + "'; use --backend cpu");
    }
    JacobiOptions options;
    options.block_updates = jacobi_block_updates(graph, block_sweeps);
    options.threads = threads;
    return std::make_unique<JacobiParallelSampler>(graph, seed, std::move(record), std::move(start), options);
}

}  // namespace dimerlab
