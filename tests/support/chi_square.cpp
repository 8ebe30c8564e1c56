#include "chi_square.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace dimerlab::testing {

std::string ChiSquareResult::describe() const {
    std::ostringstream s;
    s << "chi2 = " << statistic << " on " << degrees_of_freedom << " dof (" << bins << " bins), critical "
      << critical_value << (passed ? " -> pass" : " -> REJECT");
    return s.str();
}

ChiSquareResult chi_square_test(std::span<const std::uint64_t> observed, std::span<const double> expected,
                                double alpha, double min_expected) {
    if (observed.size() != expected.size() || observed.empty())
        throw std::invalid_argument("chi_square_test: sizes");
    const double total =
        static_cast<double>(std::accumulate(observed.begin(), observed.end(), std::uint64_t{0}));
    std::vector<std::size_t> order(observed.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return expected[a] < expected[b]; });

    std::vector<std::pair<double, double>> bins;  // (expected count, observed count)
    double pool_e = 0, pool_o = 0;
    for (std::size_t i : order) {
        pool_e += expected[i] * total;
        pool_o += static_cast<double>(observed[i]);
        if (pool_e >= min_expected) {
            bins.emplace_back(pool_e, pool_o);
            pool_e = pool_o = 0;
        }
    }
    if (pool_e > 0 || pool_o > 0) {
        if (bins.empty()) {
            bins.emplace_back(pool_e, pool_o);
        } else {
            bins.front().first += pool_e;
            bins.front().second += pool_o;
        }
    }
    ChiSquareResult r;
    r.bins = static_cast<int>(bins.size());
    for (const auto& [e, o] : bins) r.statistic += (o - e) * (o - e) / e;
    r.degrees_of_freedom = r.bins - 1;
    if (r.degrees_of_freedom < 1) {
        r.passed = true;  // nothing to test: a single bin always fits
        return r;
    }
    const boost::math::chi_squared dist(r.degrees_of_freedom);
    r.critical_value = boost::math::quantile(boost::math::complement(dist, alpha));
    r.passed = r.statistic <= r.critical_value;
    return r;
}

}  // namespace dimerlab::testing
