#include "counting/approx/ti_control_variate.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "counting/approx/stage_variance.hpp"
#include "model/free_edges.hpp"
#include "sampling/sampler_factory.hpp"

namespace dimerlab {

double best_mixing(double var_x, double covariance, double var_t) {
    const double curvature = var_x + var_t - 2 * covariance;
    if (!(curvature > 1e-300)) return 0.5;
    return std::clamp((var_t - covariance) / curvature, -1.0, 2.0);
}

double mixed_variance(double a, double var_x, double covariance, double var_t) {
    return std::max(0.0, a * a * var_x + (1 - a) * (1 - a) * var_t + 2 * a * (1 - a) * covariance);
}

namespace {

double mean_of(const std::vector<double>& x) {
    double s = 0;
    for (double v : x) s += v;
    return x.empty() ? 0.0 : s / double(x.size());
}

}  // namespace

ReplicaRun run_ti_control_variate(const Graph& graph, const TiPath& path, std::uint64_t seed,
                                  const ReplicaControl& control) {
    ReplicaRun out;
    out.log_z = path.log_z_bottom;
    const std::size_t nodes = path.node_lambdas.size();
    if (graph.num_edges() == 0 || nodes == 0) return out;
    auto sampler = make_cpu_sampler(graph, Dynamics::glauber, seed, LambdaRecord(path.node_lambdas[0]),
                                    MateArray(graph.num_vertices(), kNoMate));
    out.unit_variance.assign(nodes, 0.0);
    out.node_moments.resize(nodes);
    std::vector<double> dimers, twin, y, sum;
    for (std::size_t k = 0; k < nodes; ++k) {
        const double lam = path.node_lambdas[k];
        if (k > 0) sampler->set_lambda(lam);
        sampler->advance(control.burn_in(k));
        const double a = k < control.mixing.size() ? control.mixing[k] : 0.5;
        const std::uint64_t samples = control.samples(k);
        dimers.clear();
        twin.clear();
        y.clear();
        sum.clear();
        for (std::uint64_t s = 0; s < samples; ++s) {
            if (control.cancel && control.cancel->load(std::memory_order_relaxed)) throw CountCancelled();
            sampler->advance(control.spacing_updates);
            const double x = sampler->dimers();
            const double t = lam * double(free_edge_count(graph, sampler->mate()));
            dimers.push_back(x);
            twin.push_back(t);
            y.push_back(a * x + (1 - a) * t);
            sum.push_back(x + t);
        }
        NodeMoments& moments = out.node_moments[k];
        moments.mean_dimers = mean_of(dimers);
        moments.mean_twin = mean_of(twin);
        moments.var_dimers = batch_means_unit_variance(dimers);
        moments.var_twin = batch_means_unit_variance(twin);
        moments.covariance = (batch_means_unit_variance(sum) - moments.var_dimers - moments.var_twin) / 2;
        double plain = 0;
        for (double x : dimers) plain += (x - moments.mean_dimers) * (x - moments.mean_dimers);
        plain /= double(std::max<std::size_t>(1, dimers.size() - 1));
        moments.tau_dimers = plain > 0 ? std::max(1.0, moments.var_dimers / plain) : 1.0;
        out.log_z += path.weights[k] * mean_of(y);
        out.unit_variance[k] = path.weights[k] * path.weights[k] * batch_means_unit_variance(y);
        if (control.stages_done) control.stages_done->fetch_add(1, std::memory_order_relaxed);
        if (control.updates_done)
            control.updates_done->fetch_add(control.burn_in(k) + samples * control.spacing_updates,
                                            std::memory_order_relaxed);
    }
    out.updates = sampler->time();
    return out;
}

}  // namespace dimerlab
