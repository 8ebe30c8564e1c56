#pragma once
// The thermodynamic limit of the monomer–dimer model on the infinite square lattice (docs/algorithms.md
// §7.3): the free energy per site f(λ) = lim ln Z/n and the covered fraction 2E|M|/n = 2λ f'(λ), by
// the single-site ("helical") transfer operator of a strip of width W.
//
// Why this is an independent check of the rest of the project: it shares no code with the exact
// counting of finite graphs (frontier DP, torus transfer matrix; big integers or long double sums
// over one finite graph). It works on an infinitely long helical strip, in doubles, through the
// Perron eigenvalue of a 2^W-state operator found by power iteration, and takes the covered
// fraction from the left and right eigenvectors (the Hellmann–Feynman form of λ d ln Λ/dλ), not
// from a difference of free energies. Agreement with the finite-graph estimators and with the
// published constants is therefore evidence for both.
#include <cstdint>

namespace dimerlab {

struct SquareLatticeLimit {
    double lambda = 0;
    double free_energy = 0;        // ln Λ per site: f(λ) = lim ln Z/n for this strip width
    double covered_fraction = 0;   // 2E|M|/n = 2λ f'(λ)
    unsigned width = 0;            // W: the strip's width (operator on 2^W states)
    std::uint64_t iterations = 0;  // operator applications (right and left together)
};

// One strip width. λ > 0 and finite, 2 ≤ width ≤ 24; InputError otherwise. Convergence is to
// about 1e-13 relative in f; the error from the finite width decreases geometrically in W (faster
// for small λ; about 10 digits at W = 18 for λ = 1).
SquareLatticeLimit square_lattice_limit_at_width(double lambda, unsigned width);

struct ConvergedLatticeLimit {
    SquareLatticeLimit value;            // at the widest strip used
    double free_energy_change = 0;       // |f(W) − f(W−2)|
    double covered_fraction_change = 0;  // |ρ(W) − ρ(W−2)|
};

// Widens the strip by 2 from `min_width` until both changes are below `tolerance` or `max_width`
// is reached (then the changes say how far from converged the value is). Results are cached per
// (λ, tolerance, widths), so repeated calls, e.g. when a plot is redrawn, cost nothing.
ConvergedLatticeLimit square_lattice_limit(double lambda, double tolerance = 1e-7, unsigned min_width = 8,
                                           unsigned max_width = 18);

}  // namespace dimerlab
