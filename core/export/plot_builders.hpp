#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "export/measurement_export.hpp"
#include "export/plot_model.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// The time-series plots of an export.
enum class PlotKind {
    density,          // covered fraction 2|M|/n against sweeps, with the exact mean when known
    imbalance,        // horizontal minus vertical dimers against sweeps (lattices)
    autocorrelation,  // normalised autocorrelation of dimers (and imbalance) against lag
};

PlotKind parse_plot_kind(const std::string& name);  // "density" | "imbalance" | "acf"; InputError
std::string_view plot_kind_name(PlotKind kind);

// E[2|M|/n] under π_λ from the exact matching polynomial, when λ stays constant over the run and
// the polynomial is cheap (small graphs, narrow lattices); empty otherwise. A run whose λ
// changes has no single equilibrium to compare with.
std::optional<double> exact_density_reference(const Graph& graph, const std::vector<LambdaChange>& record);

// InputError for an empty series, for imbalance off lattices, and for the autocorrelation of a
// series shorter than two sweeps or constant (undefined).
Plot density_plot(const std::vector<SweepRecord>& series, std::optional<double> exact_mean);
Plot imbalance_plot(const std::vector<SweepRecord>& series);
// Lags 0 .. min(N/2, max_lag) sweeps, from core/diagnostics' autocovariance.
Plot autocorrelation_plot(const std::vector<SweepRecord>& series, std::size_t max_lag = 500);

Plot make_plot(PlotKind kind, const std::vector<SweepRecord>& series, std::optional<double> exact_mean);

// The kinds that exist for this series: imbalance only when every record has it.
std::vector<PlotKind> available_plot_kinds(const std::vector<SweepRecord>& series);

}  // namespace dimerlab
