#include <Spectra/SymEigsSolver.h>

#include <Eigen/Sparse>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "diagnostics/spectral_gap.hpp"

namespace dimerlab {
namespace {

using SparseRows = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;

SparseRows symmetrised_matrix(const ExactChain& chain) {
    const auto n = static_cast<int>(chain.size());
    std::vector<Eigen::Triplet<double, int>> entries;
    entries.reserve(2 * chain.prob.size());
    for (std::size_t i = 0; i < chain.size(); ++i) {
        for (std::size_t k = chain.row_begin[i]; k < chain.row_begin[i + 1]; ++k) {
            const std::size_t j = chain.col[k];
            // Half of each orientation, as in the dense path, so the matrix is exactly symmetric.
            const double v = 0.5 * std::sqrt(chain.pi[i] / chain.pi[j]) * chain.prob[k];
            entries.emplace_back(static_cast<int>(i), static_cast<int>(j), v);
            entries.emplace_back(static_cast<int>(j), static_cast<int>(i), v);
        }
    }
    SparseRows a(n, n);
    a.setFromTriplets(entries.begin(), entries.end());
    return a;
}

// y = (A − s sᵀ) x with s = √π, the eigenvector of eigenvalue 1.
class DeflatedProduct {
  public:
    using Scalar = double;
    DeflatedProduct(const SparseRows& a, Eigen::VectorXd top, bool deflate)
        : a_(a), top_(std::move(top)), deflate_(deflate) {}
    Eigen::Index rows() const { return a_.rows(); }
    Eigen::Index cols() const { return a_.cols(); }
    void perform_op(const double* x_in, double* y_out) const {
        const Eigen::Map<const Eigen::VectorXd> x(x_in, a_.cols());
        Eigen::Map<Eigen::VectorXd> y(y_out, a_.rows());
        y.noalias() = a_ * x;
        if (deflate_) y -= top_.dot(x) * top_;
    }

  private:
    const SparseRows& a_;
    Eigen::VectorXd top_;
    bool deflate_;
};

double extreme_eigenvalue(const DeflatedProduct& op, Spectra::SortRule rule) {
    const Eigen::Index n = op.rows();
    const Eigen::Index ncv = std::min<Eigen::Index>(n, 40);
    DeflatedProduct copy = op;
    Spectra::SymEigsSolver<DeflatedProduct> solver(copy, 1, ncv);
    solver.init();
    solver.compute(rule, 100'000, 1e-13, rule);
    if (solver.info() != Spectra::CompInfo::Successful)
        throw std::runtime_error("Lanczos eigenvalue solver did not converge");
    return solver.eigenvalues()(0);
}

}  // namespace

SpectralSummary sparse_spectral_analysis(const ExactChain& chain) {
    // Lanczos needs a Krylov space larger than one vector; tiny chains go to the dense solver.
    if (chain.size() < 3) return spectral_analysis(chain);
    const SparseRows a = symmetrised_matrix(chain);
    Eigen::VectorXd top(static_cast<Eigen::Index>(chain.size()));
    for (std::size_t i = 0; i < chain.size(); ++i) top(static_cast<Eigen::Index>(i)) = std::sqrt(chain.pi[i]);
    top.normalize();
    // The deflated operator also has eigenvalue 0 (on √π); when every other eigenvalue is
    // negative that 0 is returned, and max(λ_2, 0) is still the right relaxation bound's input.
    const double lambda2 = extreme_eigenvalue(DeflatedProduct(a, top, true), Spectra::SortRule::LargestAlge);
    const double lambda_min =
        extreme_eigenvalue(DeflatedProduct(a, top, false), Spectra::SortRule::SmallestAlge);
    SpectralSummary s;
    s.full_spectrum = false;
    s.eigenvalues = {lambda_min, lambda2, 1.0};
    s.min_eigenvalue = lambda_min;
    s.gap = 1 - lambda2;
    s.absolute_gap = 1 - std::max(lambda2, std::abs(lambda_min));
    s.relaxation_time = s.absolute_gap > 0 ? 1 / s.absolute_gap : std::numeric_limits<double>::infinity();
    return s;
}

}  // namespace dimerlab
