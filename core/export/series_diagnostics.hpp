#pragma once
#include <string>
#include <vector>

#include "diagnostics/integrated_autocorrelation.hpp"
#include "export/measurement_export.hpp"

namespace dimerlab {

// τ_int (Sokal window, in sweeps) and ESS of one recorded observable, as core/diagnostics
// computes them for a single chain: the export only reads them, so the numbers in a JSON file are
// the ones the app's diagnostics panel and `dimerlab-cli mix` would show for the same series.
struct SeriesDiagnostic {
    std::string observable;  // "dimers", "monomers", "imbalance" (lattices)
    double mean = 0;
    TauEstimate tau;  // NaN tau for a constant series
    double ess = 0;   // N / τ_int; NaN where τ is
};

// Window constant c of Sokal's rule, as in the diagnostics panel (docs/algorithms.md §6.1).
inline constexpr double kExportTauWindow = 5.0;

// One entry per observable column that is present in every record; empty below two records,
// where no autocorrelation exists. A series spanning λ changes is analysed as one series: the
// numbers then describe the mixture, which the λ record in the metadata makes visible.
std::vector<SeriesDiagnostic> time_series_diagnostics(const std::vector<SweepRecord>& series);

// The observable's values as doubles, in sweep order; empty when some record lacks it
// (imbalance off lattices). Throws std::invalid_argument for an unknown name.
std::vector<double> observable_values(const std::vector<SweepRecord>& series, const std::string& observable);

}  // namespace dimerlab
