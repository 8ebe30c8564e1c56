#include "export/series_diagnostics.hpp"

#include <numeric>
#include <stdexcept>

#include "diagnostics/effective_sample_size.hpp"

namespace dimerlab {

std::vector<double> observable_values(const std::vector<SweepRecord>& series, const std::string& observable) {
    std::vector<double> values;
    values.reserve(series.size());
    for (const SweepRecord& r : series) {
        if (observable == "dimers") {
            values.push_back(r.dimers);
        } else if (observable == "monomers") {
            values.push_back(r.monomers);
        } else if (observable == "imbalance") {
            if (!r.imbalance) return {};
            values.push_back(static_cast<double>(*r.imbalance));
        } else {
            throw std::invalid_argument("unknown observable '" + observable + "'");
        }
    }
    return values;
}

std::vector<SeriesDiagnostic> time_series_diagnostics(const std::vector<SweepRecord>& series) {
    std::vector<SeriesDiagnostic> out;
    if (series.size() < 2) return out;
    for (const char* name : {"dimers", "monomers", "imbalance"}) {
        const std::vector<double> values = observable_values(series, name);
        if (values.empty()) continue;
        SeriesDiagnostic d;
        d.observable = name;
        d.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
        d.tau = integrated_autocorrelation(values, kExportTauWindow);
        d.ess = effective_sample_size(d.tau);
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace dimerlab
