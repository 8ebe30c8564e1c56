#include "counting/approx/tpa.hpp"

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <functional>
#include <random>

#include "counting/approx/approx_count.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

namespace dimerlab {

TpaResult run_tpa(const Graph& graph, const TpaOptions& options) {
    check_lambda(options.lambda, "lambda");
    TpaResult out;
    out.runs = options.runs;
    if (graph.num_edges() == 0) return out;  // Z = 1: every run stops at once
    const double m = graph.num_edges();
    const auto step_updates =
        static_cast<std::uint64_t>(std::max(1.0, std::round(options.sweeps_per_step * m)));
    const auto burn_updates =
        static_cast<std::uint64_t>(std::max(1.0, std::round(options.burn_in_sweeps * m)));
    for (unsigned run = 0; run < options.runs; ++run) {
        const std::uint64_t seed = derive_seed(options.seed, 0x7a9, run);
        auto sampler = make_cpu_sampler(graph, Dynamics::glauber, seed, LambdaRecord(options.lambda),
                                        MateArray(graph.num_vertices(), kNoMate));
        // The uniforms U come from their own stream so that they are independent of the chain.
        std::mt19937_64 rng(derive_seed(options.seed, 0x7aa, run));
        std::uniform_real_distribution<double> unif(0.0, 1.0);
        double log_lambda = std::log(options.lambda);
        sampler->advance(burn_updates);
        while (true) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) throw CountCancelled();
            const std::uint32_t k = sampler->dimers();
            if (k == 0) break;
            ++out.count;
            out.points.push_back(log_lambda);
            double u = unif(rng);
            while (u <= 0) u = unif(rng);
            log_lambda += std::log(u) / k;
            // Below 1e-300 the chain is empty in all but astronomically rare cases; the record
            // cannot hold λ = 0, so stop there (the count missed has probability ~ m·1e-300).
            if (log_lambda < -690) break;
            sampler->set_lambda(std::exp(log_lambda));
            sampler->advance(step_updates);
        }
        out.updates += sampler->time();
    }
    std::sort(out.points.begin(), out.points.end(), std::greater<>());
    return out;
}

TpaInterval tpa_interval(std::uint64_t count, unsigned runs, double confidence) {
    const double alpha = 1 - confidence;
    const double c = static_cast<double>(count);
    TpaInterval out;
    out.log_z = c / runs;
    out.lo = count == 0 ? 0.0 : boost::math::gamma_p_inv(c, alpha / 2) / runs;
    out.hi = boost::math::gamma_p_inv(c + 1, 1 - alpha / 2) / runs;
    return out;
}

}  // namespace dimerlab
