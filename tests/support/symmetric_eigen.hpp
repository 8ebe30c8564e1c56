#pragma once
#include <cstddef>
#include <vector>

namespace dimerlab::testing {

// Eigenvalues (ascending) of a small dense symmetric matrix, row-major n x n, by cyclic Jacobi
// rotations: slow but simple and accurate to ~1e-14 for the tiny transition matrices in tests.
std::vector<double> symmetric_eigenvalues(std::vector<double> a, std::size_t n);

}  // namespace dimerlab::testing
