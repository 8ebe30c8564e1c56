// The CUDA benchmarks in one process: device-to-device copy bandwidth, then updates/ns of the
// device-resident exact sampler (Algorithm A, CudaJacobiSampler) on torus:4096x4096 and
// complete:2000 and of the chromatic sampler on torus:4096x4096, at λ = 1, also as a fraction of
// the measured copy bandwidth; each final state is checked against the CPU chain of the same kind
// (a fast wrong answer is not a result).
//
// Usage: bench_gpu [--small] [--blocks N] [--no-verify] [--json FILE]
//   --small      tiny sizes (16 MiB copy, torus:64x64, complete:40): quick enough for
//                compute-sanitizer, which also covers the copy kernel this way
//   --blocks N   timed sweeps (m updates each) per graph (default 3)
//   --no-verify  skip the sequential CPU replay
//   --json FILE  also write the numbers as one JSON object
// Exit: 0 ok, 1 a check failed, 2 bad arguments, 77 no usable CUDA device (nothing measured).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "chromatic/chromatic_sampler.hpp"
#include "dimerlab_gpu/bandwidth.hpp"
#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_gpu/device.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "perf/glauber_throughput.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/fnv_hash.hpp"

namespace {

using namespace dimerlab;
using Clock = std::chrono::steady_clock;

// Bytes a single heat-bath update must move at the least: its edge's two endpoints (2 x 4 B)
// and mate[] at both endpoints read and written (4 x 4 B). The Jacobi path moves far more
// (sorts, scans, rounds), so updates/s x this floor / copy bandwidth says how close a run comes
// to the rate a memory-bound minimal sampler could reach; one floor for every sampler keeps the
// exact and chromatic numbers comparable.
constexpr double kModelBytesPerUpdate = 24.0;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct Options {
    bool small = false;
    bool verify = true;
    int blocks = 3;
    std::string json_path;
};

bool parse(int argc, char** argv, Options& opt) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--small") == 0) {
            opt.small = true;
        } else if (std::strcmp(argv[i], "--no-verify") == 0) {
            opt.verify = false;
        } else if (std::strcmp(argv[i], "--blocks") == 0 && i + 1 < argc) {
            opt.blocks = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) {
            opt.json_path = argv[++i];
        } else {
            std::fprintf(stderr, "usage: bench_gpu [--small] [--blocks N] [--no-verify] [--json FILE]\n");
            return false;
        }
    }
    return true;
}

// One small device-resident run first: pays for CUDA context creation and module loading, so
// that the timed runs measure steady-state work only.
void warm_up() {
    const Graph g = make_graph("torus:16x16", BuildOptions{.with_layout = false});
    gpu::CudaJacobiSampler s(g, 1, LambdaRecord(1.0), MateArray(g.num_vertices(), kNoMate));
    s.advance(g.num_edges());
}

// Updates/ns of one CUDA sampler (exact Jacobi or chromatic) at λ = 1 from the empty matching:
// the sampler and its device state are built once, outside the timing; the timed part is one
// advance() of `blocks` sweeps, which ends with the matching copied back to the host. The final
// state is then checked against the CPU chain of the same kind (a fast wrong answer is not a
// result).
template <class MakeDevice, class MakeCpu>
nlohmann::json bench_sampler(const char* kind, const std::string& spec, const Options& opt,
                             const gpu::CopyBandwidth& bw, bool& ok, MakeDevice make_device,
                             MakeCpu make_cpu) {
    nlohmann::json row;
    row["sampler"] = kind;
    row["spec"] = spec;
    const auto t_graph = Clock::now();
    const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
    row["graph_build_s"] = seconds_since(t_graph);
    const std::uint64_t m = g.num_edges();
    row["n"] = g.num_vertices();
    row["m"] = m;
    row["lambda"] = 1.0;
    row["seed"] = 1;
    const MateArray start(g.num_vertices(), kNoMate);
    const auto t_setup = Clock::now();
    auto dev = make_device(g, start);
    row["setup_s"] = seconds_since(t_setup);
    const std::uint64_t updates = m * static_cast<std::uint64_t>(opt.blocks);
    const auto t0 = Clock::now();
    dev->advance(updates);
    const double total_s = seconds_since(t0);
    const double ups = static_cast<double>(updates) / total_s;
    row["sweeps"] = opt.blocks;
    row["updates"] = updates;
    row["seconds"] = total_s;
    row["updates_per_s"] = ups;
    row["updates_per_ns"] = ups * 1e-9;
    if (const auto* jacobi = dynamic_cast<const gpu::CudaJacobiSampler*>(dev.get())) {
        const JacobiTotals& t = jacobi->totals();
        row["block_updates"] = jacobi->block_updates();
        row["rounds_per_block_mean"] = static_cast<double>(t.rounds) / static_cast<double>(t.blocks);
        row["rounds_per_block_max"] = t.max_rounds;
        row["work_per_update"] = static_cast<double>(t.work) / static_cast<double>(t.updates);
    }
    row["model_bytes_per_update"] = kModelBytesPerUpdate;
    const double eff_gbps = ups * kModelBytesPerUpdate / 1e9;
    row["model_gbps"] = eff_gbps;
    row["fraction_of_memcpy_bw"] = bw.ok ? eff_gbps / bw.memcpy_gbps : 0.0;
    row["fraction_of_kernel_bw"] = bw.ok ? eff_gbps / bw.kernel_gbps : 0.0;
    row["state_hash"] = hex16(state_hash(dev->mate()));
    std::printf(
        "  %-9s %-18s m=%-9llu %d sweeps: %10.1f M updates/s (%.3f /ns), %.4f of memcpy bw, setup %.2f s",
        kind, spec.c_str(), static_cast<unsigned long long>(m), opt.blocks, ups / 1e6, ups * 1e-9,
        bw.ok ? eff_gbps / bw.memcpy_gbps : 0.0, row["setup_s"].get<double>());
    if (row.contains("rounds_per_block_mean")) {
        std::printf(", rounds/block %.1f (max %u), work/update %.2f",
                    row["rounds_per_block_mean"].get<double>(),
                    row["rounds_per_block_max"].get<std::uint32_t>(), row["work_per_update"].get<double>());
    }
    std::printf("\n");
    if (opt.verify) {
        auto cpu = make_cpu(g, start);
        const auto t_cpu = Clock::now();
        cpu->advance(updates);
        const double cpu_s = seconds_since(t_cpu);
        const bool same = state_hash(cpu->mate()) == state_hash(dev->mate());
        row["cpu_updates_per_s"] = static_cast<double>(updates) / cpu_s;
        row["cpu_backend"] = std::string(cpu->backend_name());
        row["cpu_state_hash"] = hex16(state_hash(cpu->mate()));
        row["same_as_cpu"] = same;
        row["speedup_vs_cpu"] = cpu_s / total_s;
        ok = ok && same;
        std::printf("  %-9s %-18s cpu %.1f M updates/s, state %s\n", "", "",
                    static_cast<double>(updates) / cpu_s / 1e6, same ? "identical" : "DIFFERENT");
    }
    return row;
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    if (!parse(argc, argv, opt)) return 2;
    nlohmann::json out;
    out["tool"] = "bench_gpu";
    out["small"] = opt.small;
    out["cpu"] = cpu_model_name();
    const gpu::DeviceInfo info = gpu::probe();
    out["device_available"] = info.available;
    out["driver_version"] = info.driver_version;
    out["runtime_version"] = info.runtime_version;
    auto write_json = [&] {
        if (opt.json_path.empty()) return;
        std::ofstream(opt.json_path) << out.dump(2) << '\n';
    };
    if (!info.available) {
        out["reason"] = info.reason;
        write_json();
        std::printf("SKIP: %s\n", info.reason.c_str());
        return 77;
    }
    out["device"] = info.name;
    out["compute_capability"] = std::to_string(info.compute_major) + "." + std::to_string(info.compute_minor);
    std::printf("device: %s (sm_%d%d), driver %d, runtime %d\n", info.name.c_str(), info.compute_major,
                info.compute_minor, info.driver_version, info.runtime_version);

    bool ok = true;
    const std::uint64_t copy_bytes = opt.small ? (16ull << 20) : (1ull << 30);
    const gpu::CopyBandwidth bw = gpu::measure_copy_bandwidth(copy_bytes, opt.small ? 2 : 10);
    out["copy"] = {{"ok", bw.ok},
                   {"error", bw.error},
                   {"bytes", bw.bytes},
                   {"repeats", bw.repeats},
                   {"counting", "read + write bytes (2 x buffer) per copy, best repeat"},
                   {"memcpy_d2d_gbps", bw.memcpy_gbps},
                   {"memcpy_d2d_ms", bw.memcpy_ms},
                   {"kernel_gbps", bw.kernel_gbps},
                   {"kernel_ms", bw.kernel_ms},
                   {"kernel_verified", bw.kernel_verified}};
    ok = ok && bw.ok;
    std::printf("copy %llu MiB: cudaMemcpy D2D %.1f GB/s, copy kernel %.1f GB/s (%s)%s%s\n",
                static_cast<unsigned long long>(bw.bytes >> 20), bw.memcpy_gbps, bw.kernel_gbps,
                bw.kernel_verified ? "verified" : "NOT verified", bw.ok ? "" : ": ", bw.error.c_str());

    const std::vector<std::string> specs = opt.small
                                               ? std::vector<std::string>{"torus:64x64", "complete:40"}
                                               : std::vector<std::string>{"torus:4096x4096", "complete:2000"};
    out["jacobi"] = nlohmann::json::array();
    out["chromatic"] = nlohmann::json::array();
    try {
        warm_up();
        for (const std::string& spec : specs) {
            out["jacobi"].push_back(bench_sampler(
                "jacobi", spec, opt, bw, ok,
                [](const Graph& g, const MateArray& start) {
                    return std::make_unique<gpu::CudaJacobiSampler>(g, 1, LambdaRecord(1.0), start);
                },
                [](const Graph& g, const MateArray& start) {
                    return make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1.0), start);
                }));
        }
        // The chromatic chain on the torus only: its CPU twin is the multithreaded ChromaticSampler.
        out["chromatic"].push_back(bench_sampler(
            "chromatic", specs.front(), opt, bw, ok,
            [](const Graph& g, const MateArray& start) {
                return std::make_unique<gpu::CudaChromaticSampler>(g, 1, LambdaRecord(1.0), start);
            },
            [](const Graph& g, const MateArray& start) {
                return std::make_unique<ChromaticSampler>(g, 1, LambdaRecord(1.0), start);
            }));
    } catch (const std::exception& e) {
        ok = false;
        out["error"] = e.what();
        std::printf("FAILED: %s\n", e.what());
    }
    out["ok"] = ok;
    write_json();
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
