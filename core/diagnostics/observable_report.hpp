#pragma once
#include "diagnostics/integrated_autocorrelation.hpp"
#include "diagnostics/multichain_ess.hpp"
#include "diagnostics/split_rhat.hpp"

namespace dimerlab {

// Everything the mix command and the app's multi-chain panel show for one observable.
struct ObservableReport {
    TauEstimate tau;      // pooled over chains, in sampling intervals (sweeps)
    double ess = 0;       // total draws / τ_int (Sokal)
    RhatResult rhat;      // rank-normalised split-R̂
    MultiChainEss multi;  // bulk / tail ESS (Geyer)
};

// K >= 2 equal-length chains of >= 4 draws; NaN fields where the draws are constant.
ObservableReport report_observable(const ChainSet& chains, double c = 5.0);

}  // namespace dimerlab
