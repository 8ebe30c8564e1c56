#pragma once
// The determinant of a small dense matrix modulo a prime, by Gaussian elimination: the last step of
// the path reduction (path_reduction.hpp), whose matrix has one row per path.
#include <cstdint>
#include <vector>

namespace dimerlab {

// `entries`: n × n, row-major, plain residues in [0, p); p an odd prime below 2^62. Returns
// det mod p in [0, p).
std::uint64_t dense_determinant_mod_prime(std::vector<std::uint64_t> entries, std::uint32_t n,
                                          std::uint64_t p);

}  // namespace dimerlab
