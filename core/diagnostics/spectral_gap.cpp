#include "diagnostics/spectral_gap.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace dimerlab {

SpectralSummary spectral_analysis(const ExactChain& chain) {
    const Eigen::Index n = static_cast<Eigen::Index>(chain.size());
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        for (std::size_t k = chain.row_begin[ui]; k < chain.row_begin[ui + 1]; ++k) {
            const std::size_t j = chain.col[k];
            // Half of each orientation, so that rounding cannot make the matrix asymmetric.
            const double v = 0.5 * std::sqrt(chain.pi[ui] / chain.pi[j]) * chain.prob[k];
            a(i, static_cast<Eigen::Index>(j)) += v;
            a(static_cast<Eigen::Index>(j), i) += v;
        }
    }
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(a, Eigen::EigenvaluesOnly);
    if (solver.info() != Eigen::Success) throw std::runtime_error("eigenvalue solver did not converge");
    SpectralSummary s;
    s.eigenvalues.assign(solver.eigenvalues().data(), solver.eigenvalues().data() + n);
    s.min_eigenvalue = s.eigenvalues.front();
    if (n < 2) {
        // One state: the chain is stationary from the start.
        s.gap = s.absolute_gap = 1;
        s.relaxation_time = 1;
        return s;
    }
    const double lambda2 = s.eigenvalues[static_cast<std::size_t>(n) - 2];
    s.gap = 1 - lambda2;
    s.absolute_gap = 1 - std::max(lambda2, std::abs(s.min_eigenvalue));
    s.relaxation_time = s.absolute_gap > 0 ? 1 / s.absolute_gap : std::numeric_limits<double>::infinity();
    return s;
}

}  // namespace dimerlab
