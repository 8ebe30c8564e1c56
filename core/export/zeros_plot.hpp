#pragma once
// The lecture figure of the Heilmann–Lieb theorem: the zeros of Z(G, λ) in the complex plane.
// They all lie on the negative real axis and span many decades, so the real axis is drawn as
// log10 |λ| (λ = −10^x); each zero is a short vertical tick at Im λ = 0, and the bound
// −1/(4(Δ−1)) is a longer tick in its own colour.
#include <string>
#include <vector>

#include "export/plot_model.hpp"

namespace dimerlab {

// `zeros`: negative reals (as matching_polynomial_zeros gives them); `bound`: negative.
// InputError when a zero is not negative (the figure could not place it).
Plot zeros_plot(const std::string& graph, const std::vector<double>& zeros, double bound);

}  // namespace dimerlab
