#include "diagnostics/split_rhat.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace dimerlab {

double classic_rhat(const ChainSet& chains) {
    const std::size_t k = chains.size();
    if (k < 2) throw std::invalid_argument("R-hat needs at least two chains");
    const std::size_t n = chains.front().size();
    if (n < 2) throw std::invalid_argument("R-hat needs at least two draws per chain");
    std::vector<double> means(k);
    double w = 0;
    for (std::size_t c = 0; c < k; ++c) {
        if (chains[c].size() != n) throw std::invalid_argument("chains must have equal lengths");
        double s = 0;
        for (double x : chains[c]) s += x;
        means[c] = s / static_cast<double>(n);
        double ss = 0;
        for (double x : chains[c]) ss += (x - means[c]) * (x - means[c]);
        w += ss / static_cast<double>(n - 1);
    }
    w /= static_cast<double>(k);
    double grand = 0;
    for (double m : means) grand += m;
    grand /= static_cast<double>(k);
    double b_over_n = 0;
    for (double m : means) b_over_n += (m - grand) * (m - grand);
    b_over_n /= static_cast<double>(k - 1);
    const double nn = static_cast<double>(n);
    const double var_plus = (nn - 1) / nn * w + b_over_n;
    if (!(w > 0)) return std::numeric_limits<double>::quiet_NaN();
    return std::sqrt(var_plus / w);
}

RhatResult split_rhat(const ChainSet& chains) {
    const ChainSet split = split_chains(chains);
    RhatResult r;
    r.bulk = classic_rhat(rank_normalize(split));
    r.folded = classic_rhat(rank_normalize(fold_about_median(split)));
    return r;
}

}  // namespace dimerlab
