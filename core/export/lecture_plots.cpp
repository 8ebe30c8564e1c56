#include "export/lecture_plots.hpp"

#include <cmath>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

constexpr Rgb kLimitColour{192, 57, 43};

// The estimate as a line through the means, and each error bar as its own unlabelled two-point
// series (the plot model has lines only).
void add_estimated(Plot& plot, const std::vector<EstimatedPoint>& points, const std::string& label,
                   Rgb colour) {
    if (points.empty()) return;
    PlotSeries line{label, {}, {}, colour};
    line.markers = true;
    for (const EstimatedPoint& p : points) {
        const double x = std::log10(p.lambda);
        line.x.push_back(x);
        line.y.push_back(p.value);
        if (p.error > 0 && std::isfinite(p.error))
            plot.series.push_back({"", {x, x}, {p.value - p.error, p.value + p.error}, colour});
    }
    plot.series.push_back(std::move(line));
}

}  // namespace

std::vector<double> geometric_lambda_grid(double lo, double hi, int points) {
    if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi) || points < 2)
        throw InputError("lambda grid: need 0 < lo < hi and at least 2 points");
    std::vector<double> grid;
    for (int i = 0; i < points; ++i) grid.push_back(lo * std::pow(hi / lo, double(i) / (points - 1)));
    grid.back() = hi;
    return grid;
}

Plot covered_fraction_plot(const std::string& graph, std::uint64_t vertices, const MatchingPolynomial* exact,
                           std::optional<LimitLattice> limit, const std::vector<double>& grid,
                           const std::vector<EstimatedPoint>& estimated,
                           const std::vector<EstimatedPoint>& path_nodes) {
    Plot plot;
    plot.title = "Covered fraction 2E|M|/n of " + graph;
    plot.x_label = "log10 lambda";
    plot.y_label = "covered fraction 2E|M| / n";
    const double n = static_cast<double>(std::max<std::uint64_t>(vertices, 1));
    add_estimated(plot, estimated, "estimate", kPlotPalette[1]);
    add_estimated(plot, path_nodes, "ln Z estimate's nodes", kPlotPalette[2]);
    if (exact) {
        PlotSeries s{"exact", {}, {}, kPlotPalette[0]};
        for (double lambda : grid) {
            s.x.push_back(std::log10(lambda));
            s.y.push_back(2 * exact->mean_dimers(lambda) / n);
        }
        plot.series.push_back(std::move(s));
    }
    if (limit) {
        PlotSeries s{limit_name(*limit), {}, {}, kLimitColour, true};
        for (double lambda : grid) {
            s.x.push_back(std::log10(lambda));
            s.y.push_back(limit_value(*limit, lambda).covered_fraction);
        }
        plot.series.push_back(std::move(s));
    }
    return plot;
}

std::vector<EstimatedPoint> covered_fraction_at_nodes(std::uint64_t vertices,
                                                      const std::vector<double>& lambdas,
                                                      const std::vector<double>& mean_dimers,
                                                      const std::vector<double>& mean_dimers_error) {
    const double n = static_cast<double>(std::max<std::uint64_t>(vertices, 1));
    std::vector<EstimatedPoint> points;
    for (std::size_t k = 0; k < lambdas.size() && k < mean_dimers.size(); ++k) {
        const double error = k < mean_dimers_error.size() ? mean_dimers_error[k] : 0.0;
        points.push_back({lambdas[k], 2 * mean_dimers[k] / n, 2 * error / n});
    }
    return points;
}

Plot tau_plot(const std::string& graph, const std::vector<EstimatedPoint>& tau) {
    Plot plot;
    plot.title = "Integrated autocorrelation time of |M| on " + graph;
    plot.x_label = "log10 lambda";
    plot.y_label = "tau_int (sweeps)";
    add_estimated(plot, tau, "tau_int", kPlotPalette[0]);
    return plot;
}

}  // namespace dimerlab
