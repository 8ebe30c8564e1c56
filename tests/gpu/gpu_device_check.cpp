// Qt-free device check (the GPU machine has no Qt): the one-thread device replay of the tape
// must equal the sequential CPU sampler bit for bit. Exit 77 (reported by CTest as skipped, never
// as passed) when this machine has no usable device; 1 on any mismatch.
#include <cstdio>
#include <vector>

#include "dimerlab_gpu/device.hpp"
#include "graph/graph_spec.hpp"
#include "model/update_tape.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/fnv_hash.hpp"

int main() {
    using namespace dimerlab;
    const gpu::DeviceInfo info = gpu::probe();
    if (!info.available) {
        std::printf("SKIP: %s\n", info.reason.c_str());
        return 77;
    }
    std::printf("device: %s (sm_%d%d, %.1f GiB)\n", info.name.c_str(), info.compute_major, info.compute_minor,
                static_cast<double>(info.memory_bytes) / (1ull << 30));
    int failures = 0;
    const char* specs[] = {"grid:16x16", "torus:32x32", "complete:20", "cycle:9", "aztec:6"};
    const double lambdas[] = {0.25, 1.0, 4.0, 16.0};
    for (const char* spec : specs) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        for (double lambda : lambdas) {
            for (std::uint64_t seed : {1ull, 7ull, 0x123456789abcdefull}) {
                auto cpu = make_cpu_sampler(g, Dynamics::glauber, seed, LambdaRecord(lambda),
                                            MateArray(g.num_vertices(), kNoMate));
                MateArray dev(g.num_vertices(), kNoMate);
                // Several blocks, so that resuming mid-tape on the device is checked too.
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
    std::printf("%s: %d mismatches\n", failures == 0 ? "PASS" : "FAIL", failures);
    return failures == 0 ? 0 : 1;
}
