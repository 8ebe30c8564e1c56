#include "diagnostics/rank_normalization.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace dimerlab {

ChainSet split_chains(const ChainSet& chains) {
    if (chains.empty()) throw std::invalid_argument("no chains");
    const std::size_t n = chains.front().size();
    if (n < 4) throw std::invalid_argument("chains need at least 4 draws to be split");
    ChainSet out;
    out.reserve(2 * chains.size());
    const std::size_t half = n / 2;
    for (const auto& ch : chains) {
        if (ch.size() != n) throw std::invalid_argument("chains must have equal lengths");
        out.emplace_back(ch.begin(), ch.begin() + static_cast<std::ptrdiff_t>(half));
        out.emplace_back(ch.end() - static_cast<std::ptrdiff_t>(half), ch.end());
    }
    return out;
}

ChainSet rank_normalize(const ChainSet& chains) {
    struct Draw {
        double x;
        std::size_t chain, index;
    };
    std::vector<Draw> pool;
    for (std::size_t c = 0; c < chains.size(); ++c) {
        for (std::size_t i = 0; i < chains[c].size(); ++i) pool.push_back({chains[c][i], c, i});
    }
    std::sort(pool.begin(), pool.end(), [](const Draw& a, const Draw& b) { return a.x < b.x; });
    ChainSet out(chains.size());
    for (std::size_t c = 0; c < chains.size(); ++c) out[c].resize(chains[c].size());
    const double s = static_cast<double>(pool.size());
    const boost::math::normal_distribution<double> normal;
    for (std::size_t lo = 0; lo < pool.size();) {
        std::size_t hi = lo;
        while (hi < pool.size() && pool[hi].x == pool[lo].x) ++hi;
        // Ranks lo+1 .. hi (1-based) share their mean.
        const double rank = 0.5 * (static_cast<double>(lo + 1) + static_cast<double>(hi));
        const double z = boost::math::quantile(normal, (rank - 0.375) / (s + 0.25));
        for (std::size_t k = lo; k < hi; ++k) out[pool[k].chain][pool[k].index] = z;
        lo = hi;
    }
    return out;
}

ChainSet fold_about_median(const ChainSet& chains) {
    std::vector<double> all;
    for (const auto& ch : chains) all.insert(all.end(), ch.begin(), ch.end());
    if (all.empty()) return chains;
    const std::size_t mid = all.size() / 2;
    std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(mid), all.end());
    double median = all[mid];
    if (all.size() % 2 == 0) {
        median =
            0.5 * (median + *std::max_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(mid)));
    }
    ChainSet out = chains;
    for (auto& ch : out) {
        for (double& x : ch) x = std::abs(x - median);
    }
    return out;
}

}  // namespace dimerlab
