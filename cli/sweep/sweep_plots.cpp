#include "sweep/sweep_plots.hpp"

#include <algorithm>
#include <cmath>

#include "counting/limits/graph_limit.hpp"
#include "export/plot_svg.hpp"

namespace dimerlab::cli {
namespace {

constexpr int plot_width = 720, plot_height = 480;
constexpr Rgb interval_colour{160, 160, 160};
constexpr Rgb limit_colour{192, 57, 43};
// Points of a limit curve: smooth at plot resolution, and a few seconds at most for the square
// lattice on a slow core (each new λ costs a few tenths of a second, then it is cached).
constexpr int limit_points = 33;

// A λ grid spanning more than a factor 8 reads better on a logarithmic axis.
struct LambdaAxis {
    bool logarithmic = false;
    double at(double lambda) const { return logarithmic ? std::log10(lambda) : lambda; }
    std::string label() const { return logarithmic ? "log10 lambda" : "lambda"; }
    // λ at fraction t ∈ [0, 1] of the way from lo to hi along this axis.
    double lambda_at(double lo, double hi, double t) const {
        return logarithmic ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t;
    }
};

// For one graph, the mean over its seeds' rows of `field` against λ (null fields left out),
// divided by the graph's vertex count when `per_vertex`.
PlotSeries series_of(const SweepPlan& plan, const std::vector<nlohmann::ordered_json>& rows,
                     const LambdaAxis& axis, std::size_t graph, const char* field, bool per_vertex,
                     std::string label, Rgb colour) {
    PlotSeries s{std::move(label), {}, {}, colour};
    const std::uint64_t k = plan.request().seeds;
    const double scale = per_vertex ? 1.0 / plan.graphs()[graph].num_vertices() : 1.0;
    for (std::size_t l = 0; l < plan.lambdas().size(); ++l) {
        const std::uint64_t first = (graph * plan.lambdas().size() + l) * k;
        double sum = 0;
        std::size_t count = 0;
        for (std::uint64_t j = first; j < first + k && j < rows.size(); ++j) {
            if (!rows[j].contains(field) || !rows[j][field].is_number()) continue;
            sum += rows[j][field].get<double>() * scale;
            ++count;
        }
        if (count == 0) continue;
        s.x.push_back(axis.at(plan.lambdas()[l]));
        s.y.push_back(sum / double(count));
    }
    return s;
}

// The lattice limits the sweep's graph families tend to (one curve per lattice, whatever the
// number of graphs of it), over the sweep's λ range: the covered fraction or f = lim ln Z/n.
void add_limits(Plot& plot, const SweepPlan& plan, const LambdaAxis& axis, bool free_energy) {
    std::vector<LimitLattice> lattices;
    for (const Graph& g : plan.graphs()) {
        const std::optional<LimitLattice> l = limit_lattice_of(g);
        if (l && std::find(lattices.begin(), lattices.end(), *l) == lattices.end()) lattices.push_back(*l);
    }
    const auto [lo, hi] = std::minmax_element(plan.lambdas().begin(), plan.lambdas().end());
    const int points = *lo == *hi ? 1 : limit_points;
    for (LimitLattice lattice : lattices) {
        PlotSeries s{limit_name(lattice),
                     {},
                     {},
                     lattice == LimitLattice::square ? limit_colour : kPlotPalette[3],
                     true};
        for (int i = 0; i < points; ++i) {
            const double lambda = axis.lambda_at(*lo, *hi, points == 1 ? 0.0 : double(i) / (points - 1));
            const LimitValue v = limit_value(lattice, lambda);
            s.x.push_back(axis.at(lambda));
            s.y.push_back(free_energy ? v.free_energy : v.covered_fraction);
        }
        plot.series.push_back(std::move(s));
    }
}

void add_if_any(Plot& plot, PlotSeries s) {
    if (!s.x.empty()) plot.series.push_back(std::move(s));
}

Plot plot_frame(const LambdaAxis& axis, std::string title, std::string y_label) {
    Plot plot;
    plot.title = std::move(title);
    plot.x_label = axis.label();
    plot.y_label = std::move(y_label);
    return plot;
}

}  // namespace

void write_sweep_plots(const std::string& prefix, const SweepPlan& plan,
                       const std::vector<nlohmann::ordered_json>& rows) {
    const auto [lo, hi] = std::minmax_element(plan.lambdas().begin(), plan.lambdas().end());
    const LambdaAxis axis{*hi > 8 * *lo};
    const std::size_t graphs = plan.graphs().size();
    auto colour = [](std::size_t g) { return kPlotPalette[g % std::size(kPlotPalette)]; };
    if (plan.measures(Measure::density)) {
        Plot p = plot_frame(axis, "Covered fraction against lambda (mean over seeds)",
                            "covered fraction 2|M| / n");
        for (std::size_t g = 0; g < graphs; ++g) {
            const std::string name = plan.graphs()[g].spec();
            add_if_any(p, series_of(plan, rows, axis, g, "covered_fraction", false, name, colour(g)));
            add_if_any(p, series_of(plan, rows, axis, g, "exact_covered_fraction", false, name + " exact",
                                    kReferenceColour));
        }
        add_limits(p, plan, axis, false);
        write_plot_svg(prefix + "density.svg", p, plot_width, plot_height);
    }
    if (plan.measures(Measure::tau)) {
        Plot p = plot_frame(axis, "Integrated autocorrelation time of |M|", "tau_int (sweeps)");
        for (std::size_t g = 0; g < graphs; ++g)
            add_if_any(p, series_of(plan, rows, axis, g, "tau", false, plan.graphs()[g].spec(), colour(g)));
        write_plot_svg(prefix + "tau.svg", p, plot_width, plot_height);
    }
    if (plan.measures(Measure::logz)) {
        // The estimate, its interval's ends (means over seeds) and the exact value where known.
        Plot p = plot_frame(axis, "ln Z per vertex against lambda", "ln Z / n");
        for (std::size_t g = 0; g < graphs; ++g) {
            const std::string name = plan.graphs()[g].spec();
            add_if_any(p, series_of(plan, rows, axis, g, "log_z_per_vertex", false, name, colour(g)));
            add_if_any(p,
                       series_of(plan, rows, axis, g, "log_z_lo", true, name + " interval", interval_colour));
            add_if_any(p, series_of(plan, rows, axis, g, "log_z_hi", true, "", interval_colour));
            add_if_any(
                p, series_of(plan, rows, axis, g, "exact_log_z", true, name + " exact", kReferenceColour));
        }
        add_limits(p, plan, axis, true);
        write_plot_svg(prefix + "logz.svg", p, plot_width, plot_height);
    }
}

}  // namespace dimerlab::cli
