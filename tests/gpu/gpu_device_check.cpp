// Qt-free device check (the GPU machine has no Qt): the one-thread device replay of the tape,
// the device Jacobi rounds (Algorithm A), the device-resident CudaJacobiSampler and the CUDA
// ensemble must equal the sequential CPU sampler bit for bit,
// and the device rounds and work must equal the one-pass depth oracle; the chromatic launches
// equal the CPU chromatic sampler in both class orders; the face-class rotation launches equal
// cpu-parallel's FaceClassSampler; the interop edge-state kernel, run into a
// plain device buffer (no GL here), writes the CPU path's bytes. Exit 77 (reported by CTest as skipped,
// never as passed) when this machine has no usable device; 1 on any mismatch.
// --small: one graph, one λ, one seed, one block size, for compute-sanitizer runs (which are
// slower by one or two orders of magnitude) in gpu/check-on-device.sh.
// --only PART: one of replay, jacobi, chromatic, face-rotation, sampler, ensemble, edge-states, copy.
// The same file is built against the CUDA-on-host layer as gpu_host_check (label gpu-host).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "chromatic/chromatic_sampler.hpp"
#include "chromatic/class_order.hpp"
#include "dimerlab_gpu/bandwidth.hpp"
#include "dimerlab_gpu/chromatic.hpp"
#include "dimerlab_gpu/cuda_ensemble.hpp"
#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/face_rotation.hpp"
#include "dimerlab_gpu/gl_interop.hpp"
#include "dimerlab_gpu/jacobi_block.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph_spec.hpp"
#include "model/edge_state.hpp"
#include "model/free_edges.hpp"
#include "model/update_tape.hpp"
#include "parallel/depth_oracle.hpp"
#include "sampling/face_class_sampler.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "util/fnv_hash.hpp"

namespace {

bool g_small = false;
std::string g_only;

// The whole list, or only its first element under --small.
template <class T>
std::vector<T> pick(std::initializer_list<T> all) {
    std::vector<T> v(all);
    if (g_small) v.resize(1);
    return v;
}

// Algorithm A on the device against the sequential CPU sampler: families x λ x seeds x block
// sizes, from a non-empty start, several blocks in a row (each block's M_0 is the previous
// block's result). Rounds and work must equal the depth oracle of the same block.
int check_jacobi_on_device() {
    using namespace dimerlab;
    int failures = 0, blocks = 0;
    for (const char* spec :
         pick({"grid:16x16", "torus:64x64", "complete:40", "cycle:9", "gnp:300,0.05,seed=3", "aztec:6"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const std::uint64_t m = g.num_edges();
        for (double lambda : pick({1.0, 0.25, 4.0, 16.0})) {
            const std::uint64_t threshold = heat_bath_threshold(lambda);
            for (std::uint64_t seed : pick({1ull, 7ull, 0x123456789abcdefull})) {
                for (std::uint64_t block : pick({m / 8 + 1, m, 3 * m + 7})) {
                    const MateArray start = make_start_state(g, StartKind::greedy, seed);
                    auto cpu = make_cpu_sampler(g, Dynamics::glauber, seed, LambdaRecord(lambda), start);
                    MateArray dev = start;
                    for (int b = 0; b < 3; ++b, ++blocks) {
                        const DepthOracle oracle =
                            depth_oracle(g, seed, cpu->time(), block, threshold, MateArray(dev));
                        const JacobiBlockStats st =
                            gpu::jacobi_block_on_device(g, seed, cpu->time(), block, threshold, dev);
                        cpu->advance(block);
                        const bool same = dev == MateArray(cpu->mate().begin(), cpu->mate().end());
                        const bool same_depth =
                            st.rounds == oracle.max_depth && st.work == oracle.total_depth;
                        if (!same || !same_depth) {
                            ++failures;
                            std::printf(
                                "JACOBI MISMATCH %s lambda=%g seed=%llu block=%llu #%d: cpu %s gpu %s, "
                                "rounds %u "
                                "(oracle %u), work %llu (oracle %llu)\n",
                                spec, lambda, static_cast<unsigned long long>(seed),
                                static_cast<unsigned long long>(block), b,
                                hex16(state_hash(cpu->mate())).c_str(), hex16(state_hash(dev)).c_str(),
                                st.rounds, oracle.max_depth, static_cast<unsigned long long>(st.work),
                                static_cast<unsigned long long>(oracle.total_depth));
                        }
                    }
                }
            }
        }
    }
    std::printf("device Jacobi rounds: %d blocks, %d mismatches\n", blocks, failures);
    return failures;
}

// Chromatic sweeps on the device against ChromaticSampler on the CPU with the same colouring:
// families x λ x seeds x class orders, several calls in a row with counts that end inside a class.
// The two-periodic diamond is weighted: both read each edge's threshold from its weight class.
int check_chromatic_on_device() {
    using namespace dimerlab;
    int failures = 0, runs = 0;
    for (const char* spec : pick({"torus:64x64", "aztec:12,a=1/3,b=5/2", "grid:33x17", "complete:41",
                                  "hex:20x14", "gnp:300,0.05,seed=3", "petersen"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const std::uint64_t m = g.num_edges();
        for (double lambda : pick({1.0, 0.25, 4.0})) {
            for (std::uint64_t seed : pick({1ull, 0x123456789abcdefull})) {
                for (ClassOrder order : {ClassOrder::fixed, ClassOrder::random}) {
                    const MateArray start = make_start_state(g, StartKind::greedy, seed);
                    ChromaticOptions options;
                    options.threads = 2;
                    options.min_chunk = 0;
                    options.class_order = order;
                    ChromaticSampler cpu(g, seed, LambdaRecord(lambda), start, options);
                    MateArray dev = start;
                    for (std::uint64_t count : {5 * m, m / 3 + 1, 2 * m + 7}) {
                        ++runs;
                        gpu::chromatic_on_device(g, cpu.colouring(), seed, cpu.time(), count,
                                                 HeatBathThresholds(g.weights(), lambda), dev, order);
                        cpu.advance(count);
                        if (dev != MateArray(cpu.mate().begin(), cpu.mate().end())) {
                            ++failures;
                            std::printf(
                                "CHROMATIC MISMATCH %s order=%s lambda=%g seed=%llu count=%llu: cpu %s gpu "
                                "%s\n",
                                spec, class_order_name(order).data(), lambda,
                                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(count),
                                hex16(state_hash(cpu.mate())).c_str(), hex16(state_hash(dev)).c_str());
                        }
                    }
                }
            }
        }
    }
    std::printf("device chromatic: %d runs, %d mismatches\n", runs, failures);
    return failures;
}

// The face-class rotation launches on the device against cpu-parallel's FaceClassSampler (two
// threads, every class split between them) for the same seed: square (grid, aztec) and hexagonal
// (hex, hexagon) faces, from a greedy start with monomers (finite λ) and from a perfect matching
// (λ = ∞), several calls in a row with counts that end inside a class; then CudaFaceClassSampler
// from the cuda factory against the cpu-parallel factory's chain.
int check_face_rotation_on_device() {
    using namespace dimerlab;
    int failures = 0, runs = 0;
    for (const char* spec :
         pick({"grid:33x17", "aztec:12", "hex:20x14", "hexagon:7,5,6", "grid:8x8", "hexagon:6,5,7,q=3/5"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        for (double lambda : pick({1.0, kInfiniteLambda})) {
            for (std::uint64_t seed : pick({1ull, 0x123456789abcdefull})) {
                const MateArray start = make_start_state(
                    g, is_infinite_lambda(lambda) ? StartKind::maximum : StartKind::greedy, seed);
                FaceClassSampler cpu(g, seed, LambdaRecord(lambda), start, 2, 0);
                const std::uint64_t faces = cpu.faces().num_faces();
                MateArray dev = start;
                for (std::uint64_t count : {5 * faces, faces / 3 + 1, 2 * faces + 7, std::uint64_t{1}}) {
                    ++runs;
                    gpu::face_rotation_on_device(cpu.faces(), cpu.colouring(), cpu.face_coins(), seed,
                                                 cpu.time(), count, dev);
                    cpu.advance(count);
                    if (dev != MateArray(cpu.mate().begin(), cpu.mate().end())) {
                        ++failures;
                        std::printf(
                            "FACE ROTATION MISMATCH %s lambda=%g seed=%llu count=%llu: cpu %s gpu %s\n", spec,
                            lambda, static_cast<unsigned long long>(seed),
                            static_cast<unsigned long long>(count), hex16(state_hash(cpu.mate())).c_str(),
                            hex16(state_hash(dev)).c_str());
                    }
                }
                // The chain moved (a check that compares two frozen states proves nothing); the
                // hex:WxH brick walls have one perfect matching, so at λ = ∞ they cannot move.
                const bool can_freeze = is_infinite_lambda(lambda) && std::strncmp(spec, "hex:", 4) == 0;
                if (dev == start && !can_freeze) {
                    ++failures;
                    std::printf("FACE ROTATION FROZEN %s lambda=%g\n", spec, lambda);
                }
            }
        }
        ++runs;
        const MateArray start = make_start_state(g, StartKind::maximum, 9);
        auto cpu =
            make_cpu_parallel_sampler(g, Dynamics::rotation, 9, LambdaRecord(kInfiniteLambda), start, 1.0, 2);
        auto dev = gpu::make_cuda_sampler(g, Dynamics::rotation, 9, LambdaRecord(kInfiniteLambda), start);
        for (std::uint64_t count : {std::uint64_t{g.num_edges()}, std::uint64_t{37}}) {
            cpu->advance(count);
            dev->advance(count);
        }
        if (dev->backend_name() != "cuda" || dev->dynamics() != Dynamics::rotation ||
            !std::equal(dev->mate().begin(), dev->mate().end(), cpu->mate().begin(), cpu->mate().end()) ||
            dev->dimers() != cpu->dimers()) {
            ++failures;
            std::printf("CUDA FACE CLASS SAMPLER MISMATCH %s\n", spec);
        }
    }
    std::printf("device face rotation: %d runs, %d mismatches\n", runs, failures);
    return failures;
}

// CudaJacobiSampler (device-resident Algorithm A) against the sequential sampler: families x λ x
// seeds x block sizes, with λ changes recorded ahead and set mid-run, compared after every
// advance() (the host mirror is refreshed there) and through mate() and dimers(). The two-periodic
// diamond is weighted: its coins read each edge's threshold from the device's class table.
int check_cuda_sampler() {
    using namespace dimerlab;
    int failures = 0, checks = 0;
    for (const char* spec : pick({"torus:64x64", "aztec:12,a=1/3,b=5/2", "grid:16x16", "complete:40",
                                  "cycle:9", "gnp:300,0.05,seed=3"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const std::uint64_t m = g.num_edges();
        for (double lambda : pick({1.0, 0.25, 16.0})) {
            for (std::uint64_t seed : pick({1ull, 0x123456789abcdefull})) {
                for (std::uint64_t block : pick({m, m / 8 + 1, 3 * m + 7})) {
                    const MateArray start = make_start_state(g, StartKind::greedy, seed);
                    LambdaRecord record(lambda);
                    record.change_at(2 * m + 3, 4.0);
                    auto cpu = make_cpu_sampler(g, Dynamics::glauber, seed, record, start);
                    gpu::CudaJacobiSampler dev(g, seed, record, start, block);
                    const std::uint64_t steps[] = {m, 2 * m + 11, 1, 4 * m};
                    for (int i = 0; i < 4; ++i, ++checks) {
                        if (i == 2) {
                            cpu->set_lambda(0.5);
                            dev.set_lambda(0.5);
                        }
                        cpu->advance(steps[i]);
                        dev.advance(steps[i]);
                        const bool same = std::equal(dev.mate().begin(), dev.mate().end(),
                                                     cpu->mate().begin(), cpu->mate().end()) &&
                                          dev.dimers() == cpu->dimers();
                        if (!same) {
                            ++failures;
                            std::printf(
                                "CUDA SAMPLER MISMATCH %s lambda=%g seed=%llu block=%llu step %d: cpu %s "
                                "gpu %s, dimers %u / %u\n",
                                spec, lambda, static_cast<unsigned long long>(seed),
                                static_cast<unsigned long long>(block), i,
                                hex16(state_hash(cpu->mate())).c_str(), hex16(state_hash(dev.mate())).c_str(),
                                cpu->dimers(), dev.dimers());
                        }
                    }
                }
            }
        }
    }
    // The factory's chromatic choice against the CPU chromatic sampler (same colouring choice),
    // and CudaChromaticSampler with the random class order against ChromaticSampler with it.
    for (const char* spec : pick({"torus:64x64", "complete:41", "gnp:300,0.05,seed=3"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const MateArray start = make_start_state(g, StartKind::greedy, 5);
        auto cpu = make_cpu_sampler(g, Dynamics::chromatic, 5, LambdaRecord(1.0), start);
        auto dev = gpu::make_cuda_sampler(g, Dynamics::chromatic, 5, LambdaRecord(1.0), start);
        ChromaticOptions random_order;
        random_order.class_order = ClassOrder::random;
        ChromaticSampler cpu_random(g, 5, LambdaRecord(1.0), start, random_order);
        gpu::CudaChromaticSampler dev_random(g, 5, LambdaRecord(1.0), start, ColouringChoice::automatic,
                                             ClassOrder::random);
        for (std::uint64_t count : {3ull * g.num_edges(), g.num_edges() / 3ull + 1}) {
            ++checks;
            cpu->advance(count);
            dev->advance(count);
            cpu_random.advance(count);
            dev_random.advance(count);
            if (!std::equal(dev->mate().begin(), dev->mate().end(), cpu->mate().begin(), cpu->mate().end()) ||
                !std::equal(dev_random.mate().begin(), dev_random.mate().end(), cpu_random.mate().begin(),
                            cpu_random.mate().end())) {
                ++failures;
                std::printf("CUDA CHROMATIC SAMPLER MISMATCH %s count=%llu\n", spec,
                            static_cast<unsigned long long>(count));
            }
        }
    }
    std::printf("cuda sampler: %d checks, %d mismatches\n", checks, failures);
    return failures;
}

// The CUDA ensemble (one device thread per chain) against the CPU ensemble and against separate
// sequential samplers: K x graphs x λ changes, the two-periodic diamond weighted.
int check_cuda_ensemble() {
    using namespace dimerlab;
    int failures = 0, checks = 0;
    for (const char* spec :
         pick({"torus:32x32", "aztec:12,a=1/3,b=5/2", "grid:16x16", "complete:20", "gnp:300,0.05,seed=3"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const std::uint64_t m = g.num_edges();
        for (std::size_t chains : pick({std::size_t{8}, std::size_t{1}, std::size_t{37}})) {
            const std::uint64_t seed = 11;
            const std::vector<MateArray> starts = ensemble_dispersed_starts(g, chains, seed);
            LambdaRecord record(1.0);
            record.change_at(m + 1, 4.0);
            CpuSamplerEnsemble cpu(g, seed, record, starts, 4);
            gpu::CudaSamplerEnsemble dev(g, seed, record, starts);
            auto ref = make_cpu_sampler(g, Dynamics::glauber, seed + chains - 1, record, starts[chains - 1]);
            // F counted on the device (and on the CPU workers) against the host count of the
            // mirror; K = 1 runs the kernel without the count.
            const bool count_free = chains != 1;
            cpu.track_free_edges(count_free);
            dev.track_free_edges(count_free);
            for (std::uint64_t count : {2 * m + 5, m / 2 + 1, 3 * m}) {
                ++checks;
                if (count == m / 2 + 1) {
                    cpu.set_lambda(0.25);
                    dev.set_lambda(0.25);
                    ref->set_lambda(0.25);
                }
                cpu.advance(count);
                dev.advance(count);
                ref->advance(count);
                bool same = std::equal(dev.mate(chains - 1).begin(), dev.mate(chains - 1).end(),
                                       ref->mate().begin(), ref->mate().end());
                for (std::size_t k = 0; k < chains; ++k) {
                    same = same &&
                           std::equal(dev.mate(k).begin(), dev.mate(k).end(), cpu.mate(k).begin(),
                                      cpu.mate(k).end()) &&
                           dev.dimers(k) == cpu.dimers(k);
                    if (count_free)
                        same = same && dev.free_edges(k) == free_edge_count(g, dev.mate(k)) &&
                               cpu.free_edges(k) == free_edge_count(g, cpu.mate(k));
                }
                if (!same) {
                    ++failures;
                    std::printf("CUDA ENSEMBLE MISMATCH %s K=%zu count=%llu\n", spec, chains,
                                static_cast<unsigned long long>(count));
                }
            }
        }
    }
    std::printf("cuda ensemble: %d checks, %d mismatches\n", checks, failures);
    return failures;
}

// The interop hook's kernel without GL: into a plain device buffer, from an uploaded matching
// and from a device-resident CudaJacobiSampler's occupancy, against the CPU path's bytes
// (core/model/edge_state.hpp) for instance maps that draw some edges twice (torus wrap stubs).
int check_edge_states() {
    using namespace dimerlab;
    int failures = 0, checks = 0;
    for (const char* spec : pick({"torus:64x48", "complete:41", "gnp:300,0.05,seed=3"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        std::vector<EdgeId> instance_edge;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            instance_edge.push_back(e);
            if (e % 7 == 3) instance_edge.push_back(e);
        }
        const gpu::EdgeStateKernel kernel(g, instance_edge);
        gpu::CudaJacobiSampler dev(g, 9, LambdaRecord(1.5), make_start_state(g, StartKind::greedy, 9));
        for (int step = 0; step < 3; ++step, ++checks) {
            dev.advance(g.num_edges());
            std::vector<std::uint8_t> expected;
            instance_states_from_mate(g, instance_edge, dev.mate(), expected);
            const std::vector<std::uint8_t> from_mate = kernel.states_from_host_mate(dev.mate());
            const std::vector<std::uint8_t> from_occupancy =
                kernel.states_from_device_occupancy(dev.device_occupancy());
            if (from_mate != expected || from_occupancy != expected) {
                ++failures;
                std::printf("EDGE STATE MISMATCH %s step %d: from mate %s, from occupancy %s\n", spec, step,
                            from_mate == expected ? "ok" : "differs",
                            from_occupancy == expected ? "ok" : "differs");
            }
        }
    }
    std::printf("edge-state kernel: %d checks, %d mismatches\n", checks, failures);
    return failures;
}

// The one-thread device replay of the heat-bath tape against the sequential CPU sampler, in
// several blocks so that resuming mid-tape is checked too.
int check_sequential_replay() {
    using namespace dimerlab;
    int failures = 0;
    for (const char* spec : pick({"grid:16x16", "torus:32x32", "complete:20", "cycle:9", "aztec:6"})) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        for (double lambda : pick({1.0, 0.25, 4.0, 16.0})) {
            for (std::uint64_t seed : pick({1ull, 7ull, 0x123456789abcdefull})) {
                auto cpu = make_cpu_sampler(g, Dynamics::glauber, seed, LambdaRecord(lambda),
                                            MateArray(g.num_vertices(), kNoMate));
                MateArray dev(g.num_vertices(), kNoMate);
                for (int block = 0; block < 4; ++block) {
                    const std::uint64_t count = 50ull * g.num_edges() + block;
                    gpu::heat_bath_on_device(g, seed, cpu->time(), count, heat_bath_threshold(lambda), dev);
                    cpu->advance(count);
                    const bool same = dev == MateArray(cpu->mate().begin(), cpu->mate().end());
                    if (!same) {
                        ++failures;
                        std::printf("MISMATCH %s lambda=%g seed=%llu block=%d: cpu %s gpu %s\n", spec, lambda,
                                    static_cast<unsigned long long>(seed), block,
                                    hex16(state_hash(cpu->mate())).c_str(), hex16(state_hash(dev)).c_str());
                    }
                }
            }
        }
    }
    std::printf("sequential replay: %d mismatches\n", failures);
    return failures;
}

// The copy-bandwidth kernels (fill, copy, mismatch count) on a small buffer: the copy must be
// verified word for word, whatever the timing.
int check_copy_kernel() {
    const dimerlab::gpu::CopyBandwidth r = dimerlab::gpu::measure_copy_bandwidth(std::uint64_t{1} << 20, 2);
    const int failures = r.ok && r.kernel_verified ? 0 : 1;
    std::printf("copy kernel: %s%s\n", failures == 0 ? "verified" : "FAILED ", r.error.c_str());
    return failures;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dimerlab;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--small") == 0) {
            g_small = true;
        } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            g_only = argv[++i];
        } else {
            std::printf("usage: %s [--small] [--only PART]\n", argv[0]);
            return 2;
        }
    }
    const gpu::DeviceInfo info = gpu::probe();
    if (!info.available) {
        std::printf("SKIP: %s\n", info.reason.c_str());
        return 77;
    }
    std::printf("device: %s (sm_%d%d, %.1f GiB)\n", info.name.c_str(), info.compute_major, info.compute_minor,
                static_cast<double>(info.memory_bytes) / (1ull << 30));
    int failures = 0;
    const struct {
        const char* name;
        int (*run)();
    } parts[] = {{"replay", check_sequential_replay},      {"jacobi", check_jacobi_on_device},
                 {"chromatic", check_chromatic_on_device}, {"face-rotation", check_face_rotation_on_device},
                 {"sampler", check_cuda_sampler},          {"ensemble", check_cuda_ensemble},
                 {"edge-states", check_edge_states},       {"copy", check_copy_kernel}};
    bool ran = false;
    for (const auto& part : parts) {
        if (g_only.empty() || g_only == part.name) {
            // A device error throws (a failed launch, a race the access shadow found): count it
            // as a failure of the part and go on, rather than end the check without a verdict.
            try {
                failures += part.run();
            } catch (const std::exception& e) {
                std::printf("FAIL: part %s stopped: %s\n", part.name, e.what());
                ++failures;
            }
            ran = true;
        }
    }
    if (!ran) {
        std::printf(
            "error: --only takes replay, jacobi, chromatic, face-rotation, sampler, ensemble, edge-states or "
            "copy\n");
        return 2;
    }
    std::printf("%s: %d mismatches\n", failures == 0 ? "PASS" : "FAIL", failures);
    return failures == 0 ? 0 : 1;
}
