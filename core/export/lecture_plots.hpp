#pragma once
// The curves a lecture on the monomer–dimer model shows, as core plots (drawn by the SVG writer and
// by the app's painter alike): the covered fraction 2E|M|/n against λ, exact from the matching
// polynomial where it is known, estimated with error bars elsewhere, with the thermodynamic limit
// of the graph's lattice; and τ_int against λ. The zeros figure is zeros_plot.hpp.
#include <optional>
#include <string>
#include <vector>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/limits/graph_limit.hpp"
#include "export/plot_model.hpp"

namespace dimerlab {

// `points` values of λ, geometric from lo to hi (lo < hi, both > 0; points ≥ 2).
std::vector<double> geometric_lambda_grid(double lo, double hi, int points);

struct EstimatedPoint {
    double lambda = 0;
    double value = 0;
    double error = 0;  // half-length of the drawn error bar; 0 for none
};

// x: log10 λ. Series: "exact" (2 λ Z'(λ)/(n Z(λ)) from `exact` at each λ of `grid`), the limit of
// `limit` at the same λ (dashed), `estimated` as a line with vertical error bars, and
// `path_nodes` (the integration nodes of a ln Z estimate) the same way. Each part only when given.
Plot covered_fraction_plot(const std::string& graph, std::uint64_t vertices, const MatchingPolynomial* exact,
                           std::optional<LimitLattice> limit, const std::vector<double>& grid,
                           const std::vector<EstimatedPoint>& estimated,
                           const std::vector<EstimatedPoint>& path_nodes = {});

// The covered fraction 2E|M|/n with its error bar (one standard error, as the chains' points) at
// each integration node of a TI estimate, from the node means it already measured.
std::vector<EstimatedPoint> covered_fraction_at_nodes(std::uint64_t vertices,
                                                      const std::vector<double>& lambdas,
                                                      const std::vector<double>& mean_dimers,
                                                      const std::vector<double>& mean_dimers_error);

// x: log10 λ; τ_int of |M| in sweeps with its error bars.
Plot tau_plot(const std::string& graph, const std::vector<EstimatedPoint>& tau);

}  // namespace dimerlab
