#pragma once
// One point of a curve against λ: a Glauber chain on its own tape from the empty matching, a
// burn-in, then one measurement of |M| (and, on lattices, of the H−V imbalance) per sweep. The
// sweep command's jobs and the app's estimated curves both run it, so they measure the same way.
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "diagnostics/integrated_autocorrelation.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct LambdaPointOptions {
    double lambda = 1;
    std::uint64_t seed = 1;
    std::uint64_t burn_in = 0;                  // sweeps (m updates each) before the first measurement
    std::uint64_t sweeps = 1;                   // measured sweeps
    const std::atomic<bool>* cancel = nullptr;  // checked once per sweep: DiagnosticsCancelled
};

// Mean of a series with its error bar: the naive standard error stretched by √τ_int, the series'
// own integrated autocorrelation time (1 when τ is undefined, a constant series).
struct MeanWithError {
    double mean = 0;
    double error = 0;
    TauEstimate tau;  // in measurements, i.e. sweeps
};

MeanWithError mean_with_error(const std::vector<double>& series);

struct LambdaPoint {
    MeanWithError dimers;                    // |M|
    std::optional<MeanWithError> imbalance;  // lattices only
};

// Throws InputError for a spec the sampler refuses, DiagnosticsCancelled when cancelled.
LambdaPoint measure_lambda_point(const Graph& graph, const LambdaPointOptions& options);

}  // namespace dimerlab
