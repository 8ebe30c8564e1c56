#pragma once
#include <cstdint>
#include <memory>

#include "chromatic/class_order.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// The CPU layer under the one sampler factory (lab's make_sampler, which also chooses the backend
// and falls back): these build the chain of a given dynamics on a given CPU backend, and core's
// own algorithms call them when they need a chain of a dynamics they were given.

// The sequential CPU backend for `dynamics`: GlauberSequentialSampler (the exact reference),
// JerrumSinclairSampler, a one-thread ChromaticSampler (visiting its classes in `class_order`) or a
// FaceRotationSampler (rotation, glauber+rotation).
// `start` is validated by the Sampler constructor.
std::unique_ptr<Sampler> make_cpu_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                          LambdaRecord record, MateArray start,
                                          ClassOrder class_order = ClassOrder::fixed);

// Updates per Jacobi block for `block_sweeps` sweeps of `graph`: at least 1, at most
// kMaxJacobiBlock. The one rule for cpu-parallel and cuda, so both run the same blocks. Throws
// InputError unless block_sweeps is positive and finite.
std::uint64_t jacobi_block_updates(const Graph& graph, double block_sweeps);

// The "cpu-parallel" backend: exact Glauber by Jacobi rounds on all cores (JacobiParallelSampler),
// `block_sweeps` sweeps per block (> 0; one block at least one update); for chromatic dynamics a
// multithreaded ChromaticSampler (block_sweeps unused); for rotation the face-class scan
// FaceClassSampler (a different chain from the cpu backend's, same invariant laws). Throws
// InputError for other dynamics.
std::unique_ptr<Sampler> make_cpu_parallel_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                                   LambdaRecord record, MateArray start,
                                                   double block_sweeps = 1.0, unsigned threads = 0,
                                                   ClassOrder class_order = ClassOrder::fixed);

}  // namespace dimerlab
