#pragma once
#include <cstdint>
#include <span>
#include <string>

namespace dimerlab::testing {

struct ChiSquareResult {
    double statistic = 0;
    int degrees_of_freedom = 0;
    double critical_value = 0;  // upper alpha quantile of χ²(dof), from Boost.Math
    int bins = 0;               // after merging
    bool passed = false;        // statistic <= critical value
    std::string describe() const;
};

// Pearson goodness of fit of `observed` counts against cell probabilities `expected`
// (same length, summing to 1). Cells with expected count below `min_expected` are merged,
// smallest first, until every merged bin reaches it; the leftover joins the smallest full bin.
// Rejects at level `alpha`.
ChiSquareResult chi_square_test(std::span<const std::uint64_t> observed, std::span<const double> expected,
                                double alpha, double min_expected = 5.0);

}  // namespace dimerlab::testing
