#include "counting/approx/paired_product.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "counting/approx/stage_variance.hpp"
#include "sampling/sampler_factory.hpp"

namespace dimerlab {
namespace {

// ln of the mean of exp(x_j), accumulated with the first value as shift so that large |M| δ
// cannot overflow.
class LogMeanExp {
  public:
    void add(double x) {
        if (count_ == 0) shift_ = x;
        sum_ += std::exp(x - shift_);
        ++count_;
    }
    double value() const { return shift_ + std::log(sum_ / static_cast<double>(count_)); }

  private:
    double shift_ = 0;
    double sum_ = 0;
    std::uint64_t count_ = 0;
};

}  // namespace

ReplicaRun run_paired_product(const Graph& graph, const AnnealingSchedule& schedule, std::uint64_t seed,
                              const ReplicaControl& control) {
    ReplicaRun out;
    out.log_z = schedule.log_z_bottom;
    if (graph.num_edges() == 0 || schedule.stages() == 0) return out;
    const std::vector<double>& lam = schedule.lambdas;
    auto sampler = make_cpu_sampler(graph, Dynamics::glauber, seed, LambdaRecord(lam[0]),
                                    MateArray(graph.num_vertices(), kNoMate));
    // At λ_0 the empty matching has probability 1 - O(1e-4): a short burn-in suffices.
    sampler->advance(control.burn_in_updates);
    out.unit_variance.assign(lam.size(), 0.0);
    const double m = static_cast<double>(graph.num_edges());
    std::vector<double> dimers;
    std::vector<double> linear;
    for (std::size_t i = 0; i < lam.size(); ++i) {
        if (i > 0) {
            sampler->set_lambda(lam[i]);
            sampler->advance(control.burn_in_updates);
        }
        const double log_down = i > 0 ? 0.5 * std::log(lam[i - 1] / lam[i]) : 0.0;
        const double log_up = i + 1 < lam.size() ? 0.5 * std::log(lam[i + 1] / lam[i]) : 0.0;
        LogMeanExp down;
        LogMeanExp up;
        const std::uint64_t samples = control.samples(i);
        dimers.clear();
        for (std::uint64_t s = 0; s < samples; ++s) {
            if (control.cancel && control.cancel->load(std::memory_order_relaxed)) throw CountCancelled();
            sampler->advance(control.spacing_updates);
            const double k = sampler->dimers();
            dimers.push_back(k);
            down.add(k * log_down);
            up.add(k * log_up);
        }
        if (i > 0) out.log_z -= down.value();
        if (i + 1 < lam.size()) out.log_z += up.value();
        // Delta method: ln ū - ln d̄ moves by the mean of u_s/ū - d_s/d̄.
        linear.clear();
        for (double k : dimers) {
            double y = 0;
            if (i + 1 < lam.size()) y += std::exp(k * log_up - up.value());
            if (i > 0) y -= std::exp(k * log_down - down.value());
            linear.push_back(y);
        }
        // Near λ_0 a dimer is a rare event (P ≈ 1 - e^{-m λ_i}), so a short series often holds
        // none and measures zero variance; the pilot then gave such stages the minimum count and
        // each replica's term became a lumpy rare-event estimate, low in most replicas and far
        // high in a few (grid:10x10 at ε = 0.1: batches low by 0.0074 ± 0.0021 over 370 seeds, and
        // one replica +1.47 at ε = 0.05). One dimer in a sample moves y by e^{δ_up} - e^{δ_down},
        // so y's variance is at least q (e^{δ_up} - e^{δ_down})².
        const double q = -std::expm1(-m * lam[i]);
        const double jump = std::exp(log_up) - std::exp(log_down);
        out.unit_variance[i] = std::max(batch_means_unit_variance(linear), q * jump * jump);
        if (control.stages_done) control.stages_done->fetch_add(1, std::memory_order_relaxed);
        if (control.updates_done)
            control.updates_done->fetch_add(control.burn_in_updates + samples * control.spacing_updates,
                                            std::memory_order_relaxed);
    }
    out.updates = sampler->time();
    return out;
}

}  // namespace dimerlab
