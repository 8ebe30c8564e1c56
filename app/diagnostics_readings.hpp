#pragma once
// One line in plain words under each diagnostics result: what the number says about the chain,
// for a reader who does not know what R̂ or τ_int is. Pure functions of the numbers, so the
// wording is tested against the thresholds it names.
#include <QString>
#include <cstdint>
#include <optional>

namespace dimerlab::app {

// Split-R̂ over four chains from dispersed starts; the threshold is 1.01.
QString rhat_reading(double max_rhat);
// Bounding-chain coalescence: `completed` of `runs` within `cap_sweeps`, median when known.
QString coalescence_reading(std::uint32_t completed, std::uint32_t runs, std::uint64_t cap_sweeps,
                            std::optional<double> median_sweeps);
// Jacobi rounds per one-sweep block (cpu-parallel).
QString rounds_reading(double rounds_per_block);
// Integrated autocorrelation time in sweeps (non-finite: constant series) and effective sample size.
QString tau_reading(double tau_sweeps, double ess);

}  // namespace dimerlab::app
