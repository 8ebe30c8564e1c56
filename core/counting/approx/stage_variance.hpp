#pragma once
// Per-stage variance of a replica's ln Ẑ contribution, measured inside one correlated series, so
// that the pilot can size every stage (docs/algorithms.md §5.1, §6.1). It only sizes batches: the reported
// interval always comes from the spread of independent replicas.
#include <span>

namespace dimerlab {

// N · Var(ȳ) for a stationary series y_1..y_N, by batch means: the series is cut into equal
// batches (at most `max_batches`, each at least `min_batch` long) and the spread of their means is
// scaled back to one sample. Unlike the plain sample variance this includes the integrated
// autocorrelation time, provided a batch is several τ_int long. Returns 0 for N < 2·min_batch.
double batch_means_unit_variance(std::span<const double> y, unsigned max_batches = 16,
                                 unsigned min_batch = 8);

}  // namespace dimerlab
