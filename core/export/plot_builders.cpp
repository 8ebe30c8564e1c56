#include "export/plot_builders.hpp"

#include "counting/exact/matching_polynomial.hpp"
#include "diagnostics/autocorrelation.hpp"
#include "export/series_diagnostics.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

void require_sweeps(const std::vector<SweepRecord>& series, std::size_t at_least, const char* what) {
    if (series.size() < at_least) {
        throw InputError(std::string(what) + " plot needs at least " + std::to_string(at_least) +
                         " recorded sweep" + (at_least == 1 ? "" : "s") + ", got " +
                         std::to_string(series.size()));
    }
}

std::vector<double> sweeps_of(const std::vector<SweepRecord>& series) {
    std::vector<double> x;
    x.reserve(series.size());
    for (const SweepRecord& r : series) x.push_back(static_cast<double>(r.sweep));
    return x;
}

std::string lambda_note(const std::vector<SweepRecord>& series) {
    for (const SweepRecord& r : series) {
        if (r.lambda != series.front().lambda) return " (λ changes during the run)";
    }
    return " at λ = " + format_double(series.front().lambda);
}

}  // namespace

PlotKind parse_plot_kind(const std::string& name) {
    if (name == "density") return PlotKind::density;
    if (name == "imbalance") return PlotKind::imbalance;
    if (name == "acf") return PlotKind::autocorrelation;
    throw InputError("unknown plot '" + name + "'; expected density, imbalance or acf");
}

std::string_view plot_kind_name(PlotKind kind) {
    switch (kind) {
        case PlotKind::density:
            return "density";
        case PlotKind::imbalance:
            return "imbalance";
        case PlotKind::autocorrelation:
            return "acf";
    }
    return "?";
}

std::optional<double> exact_density_reference(const Graph& graph, const std::vector<LambdaChange>& record) {
    if (record.empty() || graph.num_vertices() == 0) return std::nullopt;
    for (const LambdaChange& c : record) {
        if (c.lambda != record.front().lambda) return std::nullopt;
    }
    // Small limits: a reference line is a courtesy and must never hold up an export.
    ExactOptions options;
    options.max_states = 1u << 16;
    options.max_bytes = 256ull << 20;
    try {
        const MatchingPolynomial p = exact_matching_polynomial(graph, options);
        return 2 * p.mean_dimers(record.front().lambda) / graph.num_vertices();
    } catch (const InfeasibleError&) {
        return std::nullopt;
    }
}

Plot density_plot(const std::vector<SweepRecord>& series, std::optional<double> exact_mean) {
    require_sweeps(series, 1, "density");
    Plot p;
    p.title = "Dimer density" + lambda_note(series);
    p.x_label = "sweep";
    p.y_label = "covered fraction 2|M|/n";
    PlotSeries s{"2|M|/n", sweeps_of(series), {}, kPlotPalette[0]};
    for (const SweepRecord& r : series) s.y.push_back(r.covered_fraction);
    p.series.push_back(std::move(s));
    if (exact_mean)
        p.references.push_back({"exact mean " + format_double(*exact_mean), *exact_mean, kReferenceColour});
    return p;
}

Plot imbalance_plot(const std::vector<SweepRecord>& series) {
    require_sweeps(series, 1, "imbalance");
    const std::vector<double> values = observable_values(series, "imbalance");
    if (values.empty()) {
        throw InputError("imbalance plot: the graph has no horizontal/vertical edge axes (lattices only)");
    }
    Plot p;
    p.title = "Horizontal − vertical dimers" + lambda_note(series);
    p.x_label = "sweep";
    p.y_label = "H − V";
    p.series.push_back({"H − V", sweeps_of(series), values, kPlotPalette[1]});
    p.references.push_back({"", 0.0, kReferenceColour});  // the symmetric value, unlabelled
    return p;
}

Plot autocorrelation_plot(const std::vector<SweepRecord>& series, std::size_t max_lag) {
    require_sweeps(series, 2, "autocorrelation");
    Plot p;
    p.title = "Autocorrelation" + lambda_note(series);
    p.x_label = "lag (sweeps)";
    p.y_label = "ρ(lag)";
    const std::size_t lags = std::min(series.size() / 2, max_lag);
    std::size_t colour = 0;
    for (const char* name : {"dimers", "imbalance"}) {
        const std::vector<double> values = observable_values(series, name);
        if (values.empty()) continue;
        const std::vector<double> acov = autocovariance(values, lags);
        const Rgb c = kPlotPalette[colour++];
        if (acov.empty() || !(acov[0] > 0)) continue;  // constant: ρ undefined
        PlotSeries s{name, {}, {}, c};
        for (std::size_t k = 0; k < acov.size(); ++k) {
            s.x.push_back(static_cast<double>(k));
            s.y.push_back(acov[k] / acov[0]);
        }
        p.series.push_back(std::move(s));
    }
    if (p.series.empty()) throw InputError("autocorrelation plot: every observable is constant over the run");
    p.references.push_back({"", 0.0, kReferenceColour});
    return p;
}

Plot make_plot(PlotKind kind, const std::vector<SweepRecord>& series, std::optional<double> exact_mean) {
    switch (kind) {
        case PlotKind::density:
            return density_plot(series, exact_mean);
        case PlotKind::imbalance:
            return imbalance_plot(series);
        case PlotKind::autocorrelation:
            return autocorrelation_plot(series);
    }
    throw InputError("unknown plot kind");
}

std::vector<PlotKind> available_plot_kinds(const std::vector<SweepRecord>& series) {
    std::vector<PlotKind> kinds{PlotKind::density};
    if (!series.empty() && !observable_values(series, "imbalance").empty())
        kinds.push_back(PlotKind::imbalance);
    if (series.size() >= 2) kinds.push_back(PlotKind::autocorrelation);
    return kinds;
}

}  // namespace dimerlab
