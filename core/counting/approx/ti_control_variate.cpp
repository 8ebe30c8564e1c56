#include "counting/approx/ti_control_variate.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
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

// One chain's record at one node: |M| and λ F per sample. The CPU replica and the ensemble
// close their nodes through the same arithmetic, so chain k of an ensemble equals the replica of
// its seed bit for bit.
struct NodeSamples {
    std::vector<double> dimers, twin;
    void clear() {
        dimers.clear();
        twin.clear();
    }
    void add(double x, double t) {
        dimers.push_back(x);
        twin.push_back(t);
    }
};

void close_node(const TiPath& path, std::size_t k, double a, const NodeSamples& s, ReplicaRun& out) {
    std::vector<double> y(s.dimers.size()), sum(s.dimers.size());
    for (std::size_t i = 0; i < s.dimers.size(); ++i) {
        y[i] = a * s.dimers[i] + (1 - a) * s.twin[i];
        sum[i] = s.dimers[i] + s.twin[i];
    }
    NodeMoments& moments = out.node_moments[k];
    moments.mean_dimers = mean_of(s.dimers);
    moments.mean_twin = mean_of(s.twin);
    moments.var_dimers = batch_means_unit_variance(s.dimers);
    moments.var_twin = batch_means_unit_variance(s.twin);
    moments.covariance = (batch_means_unit_variance(sum) - moments.var_dimers - moments.var_twin) / 2;
    double plain = 0;
    for (double x : s.dimers) plain += (x - moments.mean_dimers) * (x - moments.mean_dimers);
    plain /= double(std::max<std::size_t>(1, s.dimers.size() - 1));
    moments.tau_dimers = plain > 0 ? std::max(1.0, moments.var_dimers / plain) : 1.0;
    out.log_z += path.weights[k] * mean_of(y);
    out.unit_variance[k] = path.weights[k] * path.weights[k] * batch_means_unit_variance(y);
}

void start_run(const TiPath& path, ReplicaRun& out) {
    out.log_z = path.log_z_bottom;
    out.unit_variance.assign(path.node_lambdas.size(), 0.0);
    out.node_moments.resize(path.node_lambdas.size());
}

double node_mixing(const ReplicaControl& control, std::size_t k) {
    return k < control.mixing.size() ? control.mixing[k] : 0.5;
}

void count_node(const ReplicaControl& control, std::size_t k, std::uint64_t chains) {
    if (control.stages_done) control.stages_done->fetch_add(chains, std::memory_order_relaxed);
    if (control.updates_done)
        control.updates_done->fetch_add(
            chains * (control.burn_in(k) + control.samples(k) * control.spacing_updates),
            std::memory_order_relaxed);
}

void check_cancel(const ReplicaControl& control) {
    if (control.cancel && control.cancel->load(std::memory_order_relaxed)) throw CountCancelled();
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
    start_run(path, out);
    NodeSamples samples;
    for (std::size_t k = 0; k < nodes; ++k) {
        const double lam = path.node_lambdas[k];
        if (k > 0) sampler->set_lambda(lam);
        sampler->advance(control.burn_in(k));
        samples.clear();
        for (std::uint64_t s = 0; s < control.samples(k); ++s) {
            check_cancel(control);
            sampler->advance(control.spacing_updates);
            samples.add(sampler->dimers(), lam * free_edge_weight(graph, sampler->mate()));
        }
        close_node(path, k, node_mixing(control, k), samples, out);
        count_node(control, k, 1);
    }
    out.updates = sampler->time();
    return out;
}

std::vector<ReplicaRun> run_ti_control_variate_ensemble(const Graph& graph, const TiPath& path,
                                                        SamplerEnsemble& ensemble,
                                                        const ReplicaControl& control) {
    const std::size_t chains = ensemble.size();
    const std::size_t nodes = path.node_lambdas.size();
    std::vector<ReplicaRun> out(chains);
    for (ReplicaRun& r : out) r.log_z = path.log_z_bottom;
    if (graph.num_edges() == 0 || nodes == 0) return out;
    if (ensemble.time() != 0 || ensemble.lambda() != path.node_lambdas[0])
        throw std::invalid_argument("the ensemble must start at update 0 at the path's first node");
    for (ReplicaRun& r : out) start_run(path, r);
    ensemble.track_free_edges(true);
    std::vector<NodeSamples> samples(chains);
    for (std::size_t k = 0; k < nodes; ++k) {
        const double lam = path.node_lambdas[k];
        if (k > 0) ensemble.set_lambda(lam);
        ensemble.advance(control.burn_in(k));
        for (NodeSamples& s : samples) s.clear();
        for (std::uint64_t s = 0; s < control.samples(k); ++s) {
            check_cancel(control);
            ensemble.advance(control.spacing_updates);
            for (std::size_t c = 0; c < chains; ++c)
                samples[c].add(ensemble.dimers(c), lam * double(ensemble.free_edges(c)));
        }
        for (std::size_t c = 0; c < chains; ++c)
            close_node(path, k, node_mixing(control, k), samples[c], out[c]);
        count_node(control, k, chains);
    }
    for (ReplicaRun& r : out) r.updates = ensemble.time();
    return out;
}

}  // namespace dimerlab
