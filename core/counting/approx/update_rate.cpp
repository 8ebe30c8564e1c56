#include "counting/approx/update_rate.hpp"

#include <algorithm>
#include <chrono>

#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "sampling/sampler_factory.hpp"

namespace dimerlab {

double calibrate_update_rate(const Graph& g, double lambda, double seconds, unsigned threads,
                             const std::function<bool()>& cancelled) {
    // The estimator's replicas run this sequential chain (one per thread), from the empty matching.
    const std::unique_ptr<Sampler> chain =
        make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(lambda), MateArray(g.num_vertices(), kNoMate));
    const std::uint64_t chunk = std::max<std::uint64_t>(g.num_edges(), 1024);
    std::uint64_t updates = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double elapsed = 0;
    do {
        chain->advance(chunk);
        updates += chunk;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    } while (elapsed < seconds && !(cancelled && cancelled()));
    return static_cast<double>(updates) / std::max(elapsed, 1e-9) * std::max(threads, 1u);
}

}  // namespace dimerlab
