#include "counting/approx/annealing_schedule.hpp"

#include <algorithm>
#include <cmath>

#include "counting/approx/ti_path.hpp"

namespace dimerlab {

double log_z_small_lambda(const Graph& graph, double lambda) {
    const double m = graph.num_edges();
    return std::log1p(m * lambda + disjoint_edge_pairs(graph) * lambda * lambda);
}

namespace {

// Piecewise-linear L(β) through (β_j, L_j), β descending; below the last point L decays like λ,
// as ln Z ≈ m λ does for small λ.
class LogZCurve {
  public:
    LogZCurve(double top_beta, const std::vector<double>& points, unsigned runs) {
        const double k = runs;
        const double c = static_cast<double>(points.size());
        beta_.push_back(top_beta);
        value_.push_back(c / k);
        for (std::size_t j = 0; j < points.size(); ++j) {
            if (points[j] >= beta_.back()) continue;  // ties with the top: keep the curve a function
            beta_.push_back(points[j]);
            value_.push_back((c - static_cast<double>(j) - 0.5) / k);
        }
    }
    double operator()(double beta) const {
        if (beta >= beta_.front()) return value_.front();
        if (beta <= beta_.back()) return value_.back() * std::exp(beta - beta_.back());
        // beta_ is descending: find the first knot below beta.
        const auto it = std::lower_bound(beta_.begin(), beta_.end(), beta, std::greater<>());
        const std::size_t hi = static_cast<std::size_t>(it - beta_.begin());
        const std::size_t lo = hi - 1;
        const double t = (beta - beta_[hi]) / (beta_[lo] - beta_[hi]);
        return value_[hi] + t * (value_[lo] - value_[hi]);
    }

  private:
    std::vector<double> beta_;
    std::vector<double> value_;
};

}  // namespace

AnnealingSchedule schedule_from_tpa(const Graph& graph, double lambda, const std::vector<double>& tpa_points,
                                    unsigned tpa_runs, double curvature) {
    AnnealingSchedule s;
    const double m = std::max<double>(1, graph.num_edges());
    // m λ_0 = 1e-4 leaves a series remainder below (m λ_0)³ ≈ 1e-12.
    const double lambda_bottom = std::min(lambda / 2, 1e-4 / m);
    const double beta_bottom = std::log(lambda_bottom);
    const LogZCurve curve(std::log(lambda), tpa_points, std::max(1u, tpa_runs));
    // With no TPA point (tiny λ) the curve is flat: fall back to L ≈ m λ there.
    const auto L = [&](double beta) { return std::max(curve(beta), m * std::exp(beta) * 1e-3); };
    const double budget = 4 * curvature;
    std::vector<double> betas{std::log(lambda)};
    while (betas.back() > beta_bottom) {
        const double b = betas.back();
        const auto cost = [&](double a) { return (L(b) - L(a)) * (b - a); };
        double a;
        if (cost(beta_bottom) <= budget) {
            a = beta_bottom;
        } else {
            double lo = beta_bottom;  // cost(lo) > budget
            double hi = b;            // cost(hi) = 0
            for (int i = 0; i < 60; ++i) {
                const double mid = (lo + hi) / 2;
                (cost(mid) > budget ? lo : hi) = mid;
            }
            a = hi;
            // A stage never narrower than 1e-6 in β: guards against a degenerate curve.
            a = std::min(a, b - 1e-6);
        }
        betas.push_back(std::max(a, beta_bottom));
    }
    betas.back() = beta_bottom;
    std::reverse(betas.begin(), betas.end());
    s.lambdas.reserve(betas.size());
    for (double beta : betas) s.lambdas.push_back(std::exp(beta));
    s.lambdas.front() = lambda_bottom;
    s.lambdas.back() = lambda;
    s.log_z_bottom = log_z_small_lambda(graph, lambda_bottom);
    return s;
}

}  // namespace dimerlab
