#include "sweep/sweep_plots.hpp"

#include <algorithm>
#include <cmath>

#include "export/plot_svg.hpp"

namespace dimerlab::cli {
namespace {

constexpr int plot_width = 720, plot_height = 480;

// A λ grid spanning more than a factor 8 reads better on a logarithmic axis.
struct LambdaAxis {
    bool logarithmic = false;
    double at(double lambda) const { return logarithmic ? std::log10(lambda) : lambda; }
    std::string label() const { return logarithmic ? "log10 lambda" : "lambda"; }
};

// Per graph, the mean over seeds of `field` at each λ (rows whose field is null are left out).
std::vector<double> mean_over_seeds(const SweepPlan& plan, const std::vector<nlohmann::ordered_json>& rows,
                                    std::size_t graph, std::size_t lambda, const char* field) {
    std::vector<double> values;
    const std::uint64_t k = plan.request().seeds;
    const std::uint64_t first = (graph * plan.lambdas().size() + lambda) * k;
    for (std::uint64_t j = first; j < first + k && j < rows.size(); ++j) {
        if (rows[j].contains(field) && rows[j][field].is_number())
            values.push_back(rows[j][field].get<double>());
    }
    return values;
}

Plot plot_of(const SweepPlan& plan, const std::vector<nlohmann::ordered_json>& rows, const LambdaAxis& axis,
             const char* field, const std::string& title, const std::string& y_label, bool with_exact) {
    Plot plot;
    plot.title = title;
    plot.x_label = axis.label();
    plot.y_label = y_label;
    std::size_t colour = 0;
    for (std::size_t g = 0; g < plan.graphs().size(); ++g) {
        PlotSeries measured{
            plan.graphs()[g].spec(), {}, {}, kPlotPalette[colour++ % std::size(kPlotPalette)]};
        PlotSeries exact{plan.graphs()[g].spec() + " exact", {}, {}, kReferenceColour};
        for (std::size_t l = 0; l < plan.lambdas().size(); ++l) {
            const std::vector<double> v = mean_over_seeds(plan, rows, g, l, field);
            if (!v.empty()) {
                double sum = 0;
                for (double x : v) sum += x;
                measured.x.push_back(axis.at(plan.lambdas()[l]));
                measured.y.push_back(sum / double(v.size()));
            }
            if (with_exact) {
                const std::vector<double> e = mean_over_seeds(plan, rows, g, l, "exact_density");
                if (!e.empty()) {
                    exact.x.push_back(axis.at(plan.lambdas()[l]));
                    exact.y.push_back(e.front());
                }
            }
        }
        if (!measured.x.empty()) plot.series.push_back(std::move(measured));
        if (!exact.x.empty()) plot.series.push_back(std::move(exact));
    }
    return plot;
}

}  // namespace

void write_sweep_plots(const std::string& prefix, const SweepPlan& plan,
                       const std::vector<nlohmann::ordered_json>& rows) {
    const auto [lo, hi] = std::minmax_element(plan.lambdas().begin(), plan.lambdas().end());
    const LambdaAxis axis{*hi > 8 * *lo};
    if (plan.measures(Measure::density)) {
        write_plot_svg(prefix + "density.svg",
                       plot_of(plan, rows, axis, "density", "Dimer density against lambda (mean over seeds)",
                               "|M| / n", plan.measures(Measure::exact)),
                       plot_width, plot_height);
    }
    if (plan.measures(Measure::tau)) {
        write_plot_svg(prefix + "tau.svg",
                       plot_of(plan, rows, axis, "tau", "Integrated autocorrelation time of |M|",
                               "tau_int (sweeps)", false),
                       plot_width, plot_height);
    }
    if (plan.measures(Measure::logz)) {
        Plot p = plot_of(plan, rows, axis, "log_z_per_vertex", "ln Z per vertex against lambda", "ln Z / n",
                         false);
        write_plot_svg(prefix + "logz.svg", p, plot_width, plot_height);
    }
}

}  // namespace dimerlab::cli
