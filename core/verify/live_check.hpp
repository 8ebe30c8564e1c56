#pragma once
// The live differential check behind the Verification panel's "Check now" and
// `dimerlab-cli verify --live --graph SPEC`: on a short tape of one graph, each parallel backend
// must end (and pass every checkpoint) in the same matching as its sequential reference, bit for
// bit. cpu-parallel is checked on every machine; the CUDA backend only where the caller hands in
// a device (core does not link the GPU library), otherwise its rows say "not run" and why.
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab::verify {

struct LiveCheckOptions {
    std::uint64_t seed = 1;
    double lambda = 1.0;
    double sweeps = 2.0;                     // tape length in sweeps (m updates each)
    std::uint64_t max_updates = 1ull << 22;  // cap, so that the check stays short on big graphs
    double block_sweeps = 0.25;              // Jacobi block size: several blocks per tape
    int checkpoints = 4;                     // the states are compared after each quarter of the tape
    unsigned threads = 0;                    // cpu-parallel threads; 0 = one per hardware thread
};

// A backend besides the CPU ones (the CUDA one): where it runs, and how to build its sampler.
struct DeviceBackend {
    std::string where;  // e.g. "cuda: NVIDIA H200"
    std::function<std::unique_ptr<Sampler>(const Graph&, Dynamics, std::uint64_t seed, LambdaRecord,
                                           MateArray start, double block_sweeps)>
        make;
};

struct KernelCheck {
    std::string kernel;     // the manifest's kernel: "jacobi_block" or "chromatic"
    std::string backend;    // "cpu-parallel" or "cuda"
    std::string reference;  // the sequential backend it is compared with
    std::string status;     // "passed", "failed" or "not-run"
    std::string detail;     // the first difference, or why it did not run
    std::string where;      // this machine's CPU threads, or the device
    std::string when;       // UTC, ISO 8601
    std::uint64_t updates = 0;
    double seconds = 0;
};

struct LiveCheckReport {
    std::string graph;
    std::uint64_t seed = 0, updates = 0;
    double lambda = 1;
    std::vector<KernelCheck> checks;
    bool any_failed() const;
};

// Runs every check; a backend that throws is reported as failed with its message. Bounded cost:
// at most max_updates updates per backend.
LiveCheckReport run_live_check(const Graph& g, const LiveCheckOptions& options,
                               const std::optional<DeviceBackend>& device,
                               const std::string& no_device_reason);

nlohmann::json to_json(const LiveCheckReport& report);

}  // namespace dimerlab::verify
