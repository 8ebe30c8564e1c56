#include "export/zeros_plot.hpp"

#include <cmath>

#include "util/errors.hpp"

namespace dimerlab {

Plot zeros_plot(const std::string& graph, const std::vector<double>& zeros, double bound) {
    Plot plot;
    plot.title = "Zeros of Z(" + graph + ", λ): all real and negative (Heilmann–Lieb)";
    plot.x_label = "log10 |λ| (zeros at λ = −10^x)";
    plot.y_label = "Im λ";
    const auto tick = [](double x) { return std::vector<double>{x, x}; };
    for (std::size_t i = 0; i < zeros.size(); ++i) {
        if (!(zeros[i] < 0))
            throw InputError("zeros plot: zero " + std::to_string(zeros[i]) + " is not negative");
        // One series per zero: a vertical tick; only the first carries the legend's label.
        plot.series.push_back({i == 0 ? std::to_string(zeros.size()) + " zeros" : std::string(),
                               tick(std::log10(-zeros[i])), std::vector<double>{-0.5, 0.5}, kPlotPalette[0]});
    }
    if (bound < 0) {
        plot.series.push_back(
            {"bound −1/(4(Δ−1))", tick(std::log10(-bound)), std::vector<double>{-1, 1}, kPlotPalette[1]});
    }
    plot.references.push_back({"Im λ = 0", 0, kReferenceColour});
    return plot;
}

}  // namespace dimerlab
