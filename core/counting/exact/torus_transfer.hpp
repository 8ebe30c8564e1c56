#pragma once
// ln Z(torus, λ) at one fixed λ by a row transfer matrix in floating point (docs/algorithms.md §4.5): the
// reference for tori whose frontier is far too wide for the exact polynomial (torus:32x32), via
// the exponential convergence of ln Z(L×W)/(L·W) in the short side W.
#include <cstdint>

namespace dimerlab {

struct TorusLogZ {
    long double log_z = 0;
    std::uint32_t ring = 0;              // the side the profile runs along (the shorter one)
    std::uint64_t boundary_classes = 0;  // wrap-edge sets evaluated (one per dihedral orbit)
};

// ln Z of the rows×cols torus (each side ≥ 3, so the torus is a simple graph) at λ > 0. The wrap
// edges between the last and the first row are summed over explicitly: for each set S of occupied
// wrap edges, a broken-profile DP over the ring (2^W states, one bit per column: "the latest vertex
// of that column is unmatched") counts the matchings of the open cylinder with the ends of S
// forced matched. S and its rotations/reflections give equal terms, so one per dihedral orbit is
// computed. Every term is positive and each row is rescaled, so the relative error stays near
// the double rounding error times the number of steps. Cost: about (2^W / 2W) · rows · W · 2^W.
// InputError for sides < 3 or λ <= 0; InfeasibleError when the shorter side exceeds 20.
TorusLogZ torus_log_z(std::uint32_t rows, std::uint32_t cols, long double lambda, unsigned threads = 1);

}  // namespace dimerlab
