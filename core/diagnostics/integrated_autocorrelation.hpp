#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace dimerlab {

// τ_int = 1 + 2 Σ_{k=1}^{W} ρ(k) in units of the sampling interval (one sweep when a series is
// recorded per sweep), with Sokal's automatic window (docs/algorithms.md §6.1).
struct TauEstimate {
    double tau = 0;             // NaN for a constant series (ρ undefined)
    double standard_error = 0;  // τ √((4W + 2) / N), Madras–Sokal
    std::size_t window = 0;     // W
    std::size_t samples = 0;    // N, over all chains
    // False when no window satisfied W >= c τ(W) before the series ran out, or N < 50 τ:
    // the rule of thumb below which τ̂ is biased low and its error bar is not trustworthy.
    bool reliable = false;
};

// Sokal's window: the smallest W with W >= c τ(W); c = 5 as in the table of docs/algorithms.md §6.5.
TauEstimate integrated_autocorrelation(std::span<const double> series, double c = 5.0);

// Several chains of one observable: the autocovariances (each about its own chain's mean) are
// averaged before normalising, so a slow mode visible in one chain is not diluted by chains that
// never leave their start. Chains may differ in length; N is their total.
TauEstimate integrated_autocorrelation(const std::vector<std::vector<double>>& chains, double c = 5.0);

}  // namespace dimerlab
