#pragma once
// The thermodynamic limit of long paths and cycles (docs/algorithms.md §4.4): both have
// Z ≈ r₊ⁿ with r₊ = (1 + √(1 + 4λ))/2, so f(λ) = ln r₊ and the covered fraction
// 2λ f'(λ) = 2λ / (r₊ √(1 + 4λ)).
namespace dimerlab {

struct ChainLimit {
    double free_energy = 0;       // lim ln Z/n
    double covered_fraction = 0;  // lim 2E|M|/n
};

// λ ≥ 0 and finite; InputError otherwise.
ChainLimit chain_limit(double lambda);

}  // namespace dimerlab
