#pragma once
// Everything that names one chain, parsed once: the CLI fills it from options, a session from its
// JSON, the app from its panel, and lab's make_sampler builds the sampler from it. Two specs that
// differ only in `backend`, `block_sweeps` or `threads` run the same trajectory: every backend
// replays the update tape of (seed, update index).
#include <cstdint>
#include <string>
#include <string_view>

#include "chromatic/class_order.hpp"
#include "model/lambda_record.hpp"
#include "sampling/sampler.hpp"
#include "sampling/start_kind.hpp"

namespace dimerlab {

// Where the chain runs. automatic: cuda when a device is present and the dynamics has a CUDA
// chain, otherwise cpu.
enum class Backend { automatic, cpu, cpu_parallel, cuda };

std::string_view backend_name(Backend backend);  // "auto" | "cpu" | "cpu-parallel" | "cuda"
Backend parse_backend(std::string_view text);    // InputError naming the choices

// Whether `backend` (cpu-parallel or cuda) has a chain for `dynamics`; cpu and auto run every
// dynamics.
bool backend_runs(Backend backend, Dynamics dynamics);

struct SamplerSpec {
    std::string graph = "grid:64x64";
    LambdaRecord record{1.0};
    std::uint64_t seed = 1;
    Dynamics dynamics = Dynamics::glauber;
    Backend backend = Backend::cpu;
    StartKind start = StartKind::empty;
    // cpu-parallel and cuda Glauber: sweeps per Jacobi block (> 0; jacobi_block_updates).
    double block_sweeps = 1.0;
    ClassOrder class_order = ClassOrder::fixed;  // chromatic only
    unsigned threads = 0;                        // cpu-parallel: 0 means one per hardware thread
};

}  // namespace dimerlab
