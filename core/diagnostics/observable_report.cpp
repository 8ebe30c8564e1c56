#include "diagnostics/observable_report.hpp"

#include "diagnostics/effective_sample_size.hpp"

namespace dimerlab {

ObservableReport report_observable(const ChainSet& chains, double c) {
    ObservableReport r;
    r.tau = integrated_autocorrelation(chains, c);
    r.ess = effective_sample_size(r.tau);
    r.rhat = split_rhat(chains);
    r.multi = multichain_ess(chains);
    return r;
}

}  // namespace dimerlab
