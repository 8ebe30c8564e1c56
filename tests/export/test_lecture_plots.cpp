// The lecture curves (core/export/lecture_plots, zeros_plot): the zeros drawn are the polynomial's
// roots (a sign change of Z across each, in exact rational arithmetic), the exact covered-fraction
// curve is the polynomial's derivative (a central difference of ln Z), the limit curve is the
// lattice limit, and the SVG export writes a valid file atomically.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <cmath>

#include "counting/exact/polynomial_zeros.hpp"
#include "counting/limits/graph_limit.hpp"
#include "export/lecture_plots.hpp"
#include "export/plot_svg.hpp"
#include "export/zeros_plot.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

const PlotSeries* series_named(const Plot& p, const std::string& label) {
    for (const PlotSeries& s : p.series)
        if (s.label == label) return &s;
    return nullptr;
}

int sign_of_z(const MatchingPolynomial& p, double lambda) {
    const mpq_class z = p.z(mpq_class(lambda));  // a double is an exact rational
    return sgn(z);
}

}  // namespace

class TestLecturePlots : public QObject {
    Q_OBJECT
  private slots:
    // grid:4x4 has 8 simple zeros (1 24 224 1044 2593 3388 2150 552 36): each drawn tick,
    // λ = −10^x, has Z of opposite signs 1e-9 either side of it.
    void zeros_drawn_are_the_polynomial_roots() {
        const Graph g = make_graph("grid:4x4", BuildOptions{.with_layout = false});
        const MatchingPolynomial p = exact_matching_polynomial(g);
        const std::vector<double> zeros = matching_polynomial_zeros(p);
        const Plot plot = zeros_plot(g.spec(), zeros, heilmann_lieb_zero_bound(4));
        int drawn = 0;
        for (const PlotSeries& s : plot.series) {
            if (s.colour.r != kPlotPalette[0].r || s.colour.g != kPlotPalette[0].g) continue;  // the bound
            const double root = -std::pow(10.0, s.x.front());
            QVERIFY2(sign_of_z(p, root * (1 - 1e-9)) != sign_of_z(p, root * (1 + 1e-9)),
                     qPrintable(QString::number(root, 'g', 15)));
            QVERIFY(root < heilmann_lieb_zero_bound(4));
            ++drawn;
        }
        QCOMPARE(drawn, 8);
    }

    // The exact curve at each λ equals 2λ (d/dλ ln Z)/n from a central difference of ln Z
    // (relative step 1e-5: truncation ≈ 1e-10, rounding ≈ 1e-16/1e-5 = 1e-11; tolerance 1e-8).
    void exact_curve_is_the_derivative_of_the_polynomial() {
        const Graph g = make_graph("grid:5x5", BuildOptions{.with_layout = false});
        const MatchingPolynomial p = exact_matching_polynomial(g);
        const std::vector<double> grid = geometric_lambda_grid(0.05, 20, 17);
        const Plot plot =
            covered_fraction_plot(g.spec(), g.num_vertices(), &p, limit_lattice_of(g), grid, {});
        const PlotSeries* exact = series_named(plot, "exact");
        QVERIFY(exact);
        QCOMPARE(exact->x.size(), grid.size());
        for (std::size_t i = 0; i < grid.size(); ++i) {
            const double lambda = grid[i], h = 1e-5;
            const double slope =
                (p.log_z(lambda * (1 + h)) - p.log_z(lambda * (1 - h))) / (2 * h);  // λ d ln Z/dλ
            const double expected = 2 * slope / 25;
            QVERIFY2(std::abs(exact->y[i] - expected) < 1e-8,
                     qPrintable(QString("λ=%1: %2 vs %3").arg(lambda).arg(exact->y[i]).arg(expected)));
            QVERIFY(std::abs(exact->x[i] - std::log10(lambda)) < 1e-15);
        }
        // The square-lattice limit rides along, dashed, at its own values.
        const PlotSeries* limit = series_named(plot, "square lattice limit");
        QVERIFY(limit && limit->dashed);
        QCOMPARE(limit->y[8], limit_value(LimitLattice::square, grid[8]).covered_fraction);
        // A random graph has no lattice limit.
        QVERIFY(!limit_lattice_of(make_graph("regular:20,3", BuildOptions{.with_layout = false})));
    }

    void estimated_points_carry_error_bars() {
        const Plot plot = tau_plot("grid:8x8", {{0.5, 2.0, 0.1}, {1.0, 3.0, 0.2}, {2.0, 5.0, 0}});
        const PlotSeries* line = series_named(plot, "tau_int");
        QVERIFY(line);
        QCOMPARE(line->y, (std::vector<double>{2.0, 3.0, 5.0}));
        int bars = 0;
        for (const PlotSeries& s : plot.series) {
            if (!s.label.empty()) continue;
            QCOMPARE(s.x.size(), std::size_t{2});
            QCOMPARE(s.x[0], s.x[1]);
            ++bars;
        }
        QCOMPARE(bars, 2);  // none for a zero error
    }

    // The legend goes to a free inner corner; with curves through all four corners it moves to a
    // column right of a narrower data area. Either way no data point lies inside it.
    void legend_never_covers_the_data() {
        Plot plot;
        plot.series.push_back({"rising", {0, 1}, {0, 1}, kPlotPalette[0]});
        PlotLayout l = layout_plot(plot, 640, 400);
        // A rising diagonal passes through the top-right corner: the legend takes the top left.
        QVERIFY(l.legend.left < l.area.left + l.area.width / 2);
        QVERIFY(l.legend.top < l.area.top + l.area.height / 2);
        plot.series.push_back({"falling", {0, 1}, {1, 0}, kPlotPalette[1]});
        plot.series.push_back({"top", {0, 1}, {1, 1}, kPlotPalette[2]});
        plot.series.push_back({"bottom", {0, 1}, {0, 0}, kPlotPalette[3]});
        l = layout_plot(plot, 640, 400);
        QVERIFY2(l.legend.left >= l.area.left + l.area.width, "legend not moved beside the plot");
        QVERIFY(l.legend.left + l.legend.width <= 640);
        for (const PlotSeries& s : plot.series) {
            for (std::size_t i = 0; i < s.x.size(); ++i) {
                const double x = l.to_px_x(s.x[i]), y = l.to_px_y(s.y[i]);
                QVERIFY(!(x >= l.legend.left && x <= l.legend.left + l.legend.width && y >= l.legend.top &&
                          y <= l.legend.top + l.legend.height));
            }
        }
    }

    // write_plot_svg: a well-formed SVG, no temporary file left behind, and an unwritable folder
    // refused without leaving anything.
    void svg_export_is_valid_and_atomic() {
        QTemporaryDir dir;
        const Graph g = make_graph("path:10", BuildOptions{.with_layout = false});
        const MatchingPolynomial p = exact_matching_polynomial(g);
        const Plot plot = covered_fraction_plot(g.spec(), g.num_vertices(), &p, limit_lattice_of(g),
                                                geometric_lambda_grid(0.1, 10, 9), {});
        QVERIFY(series_named(plot, "chain limit"));
        const QString path = dir.filePath("density.svg");
        write_plot_svg(path.toStdString(), plot, 640, 400);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        int polylines = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"polyline") ++polylines;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(polylines, 2);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"density.svg"});
        const QString missing = dir.filePath("no/such/folder/x.svg");
        QVERIFY_THROWS_EXCEPTION(InputError, write_plot_svg(missing.toStdString(), plot, 640, 400));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{"density.svg"});
    }
};

QTEST_GUILESS_MAIN(TestLecturePlots)
#include "test_lecture_plots.moc"
