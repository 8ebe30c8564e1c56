#include "diagnostics_readings.hpp"

#include <cmath>

namespace dimerlab::app {

namespace {
QString reading_number(double x, int digits = 3) {
    return QString::number(x, 'g', digits);
}
}  // namespace

QString rhat_reading(double max_rhat) {
    if (!std::isfinite(max_rhat))
        return "R̂ undefined: the chains did not move, so there is nothing to compare.";
    if (max_rhat < 1.01)
        return "R̂ < 1.01: the four chains agree, so where the chain started no longer shows.";
    return "R̂ ≥ 1.01: the four chains still disagree; run longer before trusting averages at this λ.";
}

QString coalescence_reading(std::uint32_t completed, std::uint32_t runs, std::uint64_t cap_sweeps,
                            std::optional<double> median_sweeps) {
    if (runs > 0 && completed == runs) {
        return QString("All %1 runs coalesced: after about %2 sweeps the chain has forgotten its start.")
            .arg(runs)
            .arg(median_sweeps ? reading_number(*median_sweeps) : QString::number(cap_sweeps));
    }
    return QString(
               "Only %1 of %2 runs coalesced within %3 sweeps: forgetting the start takes longer than "
               "that here (or this bound is loose).")
        .arg(completed)
        .arg(runs)
        .arg(cap_sweeps);
}

QString rounds_reading(double rounds_per_block) {
    return QString(
               "About %1 passes over the graph finish one parallel block exactly; fewer passes, more "
               "speed-up.")
        .arg(reading_number(rounds_per_block));
}

QString tau_reading(double tau_sweeps, double ess) {
    if (!std::isfinite(tau_sweeps)) return "The density has not changed yet: nothing to measure.";
    return QString(
               "Pictures about %1 sweeps apart are nearly independent; the window holds about %2 "
               "independent samples.")
        .arg(reading_number(2 * tau_sweeps))
        .arg(std::isfinite(ess) ? QString::number(ess, 'f', 0) : QString("—"));
}

}  // namespace dimerlab::app
