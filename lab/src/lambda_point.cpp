#include "dimerlab_lab/lambda_point.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "diagnostics/cancelled.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "sampling/observables.hpp"
#include "sampling/running_stats.hpp"

namespace dimerlab {

MeanWithError mean_with_error(const std::vector<double>& series) {
    MeanWithError r;
    RunningStats stats;
    for (double x : series) stats.add(x);
    r.mean = stats.mean();
    r.tau = integrated_autocorrelation(series);
    const double tau = std::isfinite(r.tau.tau) ? std::max(1.0, r.tau.tau) : 1.0;
    r.error = stats.naive_standard_error() * std::sqrt(tau);
    return r;
}

LambdaPoint measure_lambda_point(const Graph& g, const LambdaPointOptions& options) {
    SamplerSpec spec;
    spec.graph = g.spec();
    spec.seed = options.seed;
    spec.dynamics = Dynamics::glauber;
    spec.backend = Backend::cpu;
    spec.start = StartKind::empty;
    spec.record = LambdaRecord(options.lambda);
    BuiltSampler built = make_sampler(g, spec, WhenUnavailable::refuse);
    Sampler& sampler = *built.sampler;
    std::vector<double> dimers, imbalance;
    dimers.reserve(options.sweeps);
    for (std::uint64_t s = 1; s <= options.burn_in + options.sweeps; ++s) {
        throw_if_cancelled(options.cancel);
        sampler.advance(g.num_edges());
        if (s <= options.burn_in) continue;
        const StateObservables o = measure_state(g, sampler.mate());
        dimers.push_back(o.dimers);
        if (o.axis_imbalance) imbalance.push_back(static_cast<double>(*o.axis_imbalance));
    }
    LambdaPoint r;
    r.dimers = mean_with_error(dimers);
    if (!imbalance.empty()) r.imbalance = mean_with_error(imbalance);
    return r;
}

}  // namespace dimerlab
