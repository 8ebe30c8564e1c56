#include "diagnostics/multichain_ess.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "diagnostics/autocorrelation.hpp"

namespace dimerlab {
namespace {

// Type-7 sample quantile (linear interpolation), as R's quantile() and `posterior` use.
double quantile7(std::vector<double> all, double q) {
    std::sort(all.begin(), all.end());
    const double h = (static_cast<double>(all.size()) - 1) * q;
    const std::size_t lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, all.size() - 1);
    return all[lo] + (h - static_cast<double>(lo)) * (all[hi] - all[lo]);
}

double indicator_ess(const ChainSet& split, double threshold) {
    ChainSet ind = split;
    for (auto& ch : ind) {
        for (double& x : ch) x = x <= threshold ? 1.0 : 0.0;
    }
    return geyer_ess(ind);
}

}  // namespace

double geyer_ess(const ChainSet& chains) {
    const std::size_t m = chains.size();
    if (m == 0) throw std::invalid_argument("no chains");
    const std::size_t n = chains.front().size();
    if (n < 4) throw std::invalid_argument("ESS needs at least 4 draws per chain");
    std::vector<std::vector<double>> acov(m);
    std::vector<double> means(m);
    for (std::size_t c = 0; c < m; ++c) {
        if (chains[c].size() != n) throw std::invalid_argument("chains must have equal lengths");
        acov[c] = autocovariance(chains[c], n - 1);
        double s = 0;
        for (double x : chains[c]) s += x;
        means[c] = s / static_cast<double>(n);
    }
    const auto mean_acov = [&](std::size_t lag) {
        double s = 0;
        for (const auto& a : acov) s += a[lag];
        return s / static_cast<double>(m);
    };
    const double nn = static_cast<double>(n);
    const double mean_var = mean_acov(0) * nn / (nn - 1);
    double var_plus = mean_var * (nn - 1) / nn;
    if (m > 1) {
        double grand = 0;
        for (double x : means) grand += x;
        grand /= static_cast<double>(m);
        double v = 0;
        for (double x : means) v += (x - grand) * (x - grand);
        var_plus += v / static_cast<double>(m - 1);
    }
    if (!(var_plus > 0)) return std::numeric_limits<double>::quiet_NaN();

    std::vector<double> rho(n, 0.0);
    const auto rho_at = [&](std::size_t lag) { return 1 - (mean_var - mean_acov(lag)) / var_plus; };
    std::size_t t = 0;
    double even = 1, odd = rho_at(1);
    rho[0] = even;
    rho[1] = odd;
    while (t + 5 < n && even + odd > 0) {
        t += 2;
        even = rho_at(t);
        odd = rho_at(t + 1);
        if (even + odd >= 0) {
            rho[t] = even;
            rho[t + 1] = odd;
        }
    }
    const std::size_t max_t = t;
    if (even > 0) rho[max_t] = even;
    // Geyer's initial monotone sequence: pair sums may not increase.
    for (t = 2; t + 2 <= max_t; t += 2) {
        if (rho[t] + rho[t + 1] > rho[t - 2] + rho[t - 1]) {
            rho[t] = 0.5 * (rho[t - 2] + rho[t - 1]);
            rho[t + 1] = rho[t];
        }
    }
    const double draws = static_cast<double>(m) * nn;
    double tau = -1 + rho[max_t];
    for (std::size_t k = 0; k < max_t; ++k) tau += 2 * rho[k];
    // Caps ESS at S log10 S for antithetic chains, as Stan does.
    tau = std::max(tau, 1 / std::log10(draws));
    return draws / tau;
}

MultiChainEss multichain_ess(const ChainSet& chains) {
    const ChainSet split = split_chains(chains);
    MultiChainEss out;
    out.bulk = geyer_ess(rank_normalize(split));
    std::vector<double> all;
    for (const auto& ch : split) all.insert(all.end(), ch.begin(), ch.end());
    const double lo = indicator_ess(split, quantile7(all, 0.05));
    const double hi = indicator_ess(split, quantile7(all, 0.95));
    out.tail = std::isnan(lo) ? hi : std::isnan(hi) ? lo : std::min(lo, hi);
    return out;
}

}  // namespace dimerlab
