// The Partition panel's long-estimate warning (rates injected: the warning shows above
// kLongEstimateSeconds and not below; "Use ε = …" runs at the larger ε; Cancel ends it), and its
// lecture curves (the zeros drawn are the polynomial's, the exact covered fraction and the
// lattice limit are there, SVG export writes a file or says why not), and the density a TI
// estimate draws at its integration nodes.
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "counting/approx/estimate_cost.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/polynomial_zeros.hpp"
#include "graph/graph_spec.hpp"
#include "partition_panel.hpp"
#include "plot_view.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

class TestPartitionCurves : public QObject {
    Q_OBJECT
  private slots:
    void warns_above_the_threshold_and_cancel_ends_it() {
        PartitionPanel panel;
        panel.set_problem("grid:64x64", 1.0);
        panel.set_epsilon(0.05);
        panel.set_update_rate(3e5);  // a very slow machine: grid:64x64 at ε = 0.05 takes hours
        QSignalSpy projected(&panel, &PartitionPanel::projection_ready);
        QSignalSpy finished(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QVERIFY(projected.wait(60000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::awaiting_choice);
        QVERIFY(!panel.long_estimate_warning()->isHidden());
        QVERIFY(panel.projected_seconds() > kLongEstimateSeconds);
        QVERIFY(panel.suggested_epsilon() > 0.05);
        QVERIFY(
            panel.larger_epsilon_button()->text().contains(QString("ε = %1").arg(panel.suggested_epsilon())));
        QVERIFY(panel.long_estimate_text()->text().contains("h"));  // "about 5.4 h"
        panel.warning_cancel_button()->click();
        QVERIFY(panel.long_estimate_warning()->isHidden());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::cancelled);
        QVERIFY(panel.long_estimate_warning()->isHidden());
    }

    void no_warning_below_the_threshold() {
        PartitionPanel panel;
        panel.set_problem("grid:4x4", 1.0);
        panel.set_epsilon(0.1);
        panel.set_update_rate(1e12);
        QSignalSpy projected(&panel, &PartitionPanel::projection_ready);
        QSignalSpy finished(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QVERIFY(projected.wait(60000));
        QVERIFY(panel.long_estimate_warning()->isHidden());
        QVERIFY(panel.projected_seconds() < kLongEstimateSeconds);
        QVERIFY(finished.size() == 1 || finished.wait(120000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::done);
    }

    // Projected at 10 minutes: the panel offers the cost model's suggested ε (the least that
    // projects to about a minute, or the largest the panel accepts) and runs at it when chosen.
    void larger_epsilon_runs_at_the_suggested_value() {
        PartitionPanel panel;
        panel.set_problem("grid:6x6", 1.0);
        panel.set_epsilon(0.05);
        const double rate = projected_estimate_updates(36, 1.0, 0.05) / 600;
        panel.set_update_rate(rate);
        QSignalSpy projected(&panel, &PartitionPanel::projection_ready);
        QSignalSpy finished(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QVERIFY(projected.wait(60000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::awaiting_choice);
        const double suggested = panel.suggested_epsilon();
        const LongEstimateAdvice advice =
            advise_estimate(36, 1.0, 0.05, rate, kLongEstimateSeconds, kSuggestedEstimateSeconds, 1.0);
        QCOMPARE(suggested, advice.suggested_epsilon);
        QVERIFY(suggested > 0.05);
        panel.larger_epsilon_button()->click();
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::running);
        QVERIFY(panel.long_estimate_warning()->isHidden());
        QVERIFY(finished.wait(120000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::done);
        QVERIFY(panel.estimate_text().contains("±"));
        QVERIFY(std::abs(panel.projected_seconds() - advice.suggested.seconds) < 1e-6);
    }

    // grid:20x20 is too wide for the curves' exact limit: the covered fraction is estimated, with
    // error bars, and grows with λ (the 9 points are a factor 2.1 apart in λ, the differences far
    // above the error bars of about 0.002).
    void curves_estimate_the_density_when_exact_is_infeasible() {
        PartitionPanel panel;
        panel.set_problem("grid:20x20", 1.0);
        QSignalSpy done(&panel, &PartitionPanel::curves_finished);
        panel.compute_curves();
        QVERIFY(panel.curves_running());
        QVERIFY(done.wait(300000));
        QVERIFY(!panel.zeros_view()->has_plot());
        QVERIFY(panel.zeros_text()->text().contains("Too large for the exact method"));
        const PlotSeries* estimate = nullptr;
        int bars = 0;
        for (const PlotSeries& s : panel.density_view()->plot().series) {
            if (s.label == "estimate") estimate = &s;
            if (s.label.empty()) ++bars;
            QVERIFY(s.label != "exact");
        }
        QVERIFY(estimate);
        QCOMPARE(estimate->x.size(), std::size_t{9});
        QCOMPARE(bars, 9);
        for (std::size_t i = 1; i < estimate->y.size(); ++i) QVERIFY(estimate->y[i] > estimate->y[i - 1]);
        QVERIFY(estimate->y.front() > 0 && estimate->y.back() < 1);
    }

    // A TI estimate's node means are E|M| along its path: the panel draws 2E|M|/n at the nodes
    // with no extra run, each within 4 error bars (standard errors) of the exact polynomial's
    // value (false alarm about 1e-3 over the nodes), increasing in λ; Curves keeps the nodes
    // inside its λ range among its points.
    void estimate_draws_the_density_at_its_nodes() {
        PartitionPanel panel;
        panel.set_problem("grid:6x6", 2.0);
        panel.set_epsilon(0.1);
        panel.set_update_rate(1e12);
        QSignalSpy finished(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QVERIFY(finished.wait(120000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::done);
        const MatchingPolynomial p =
            exact_matching_polynomial(make_graph("grid:6x6", {.with_layout = false}));
        const auto nodes_of = [](const Plot& plot) -> const PlotSeries* {
            for (const PlotSeries& s : plot.series)
                if (s.label == "ln Z estimate's nodes") return &s;
            return nullptr;
        };
        QVERIFY(panel.density_view()->has_plot());
        const PlotSeries* nodes = nodes_of(panel.density_view()->plot());
        QVERIFY(nodes);
        QVERIFY(nodes->x.size() >= 2);
        QVERIFY(std::abs(std::pow(10.0, nodes->x.back()) / 2.0 - 1) < 0.5);  // the top node is below λ
        // Each node's error bar is the unlabelled two-point series at its x.
        for (std::size_t k = 0; k < nodes->x.size(); ++k) {
            const double lambda = std::pow(10.0, nodes->x[k]);
            const double exact = 2 * p.mean_dimers(lambda) / 36;
            double bar = 0;
            for (const PlotSeries& s : panel.density_view()->plot().series)
                if (s.label.empty() && s.x.size() == 2 && s.x[0] == nodes->x[k]) bar = (s.y[1] - s.y[0]) / 2;
            QVERIFY2(bar > 0, qPrintable(QString("node %1 has no error bar").arg(k)));
            QVERIFY2(std::abs(nodes->y[k] - exact) <= 4 * bar,
                     qPrintable(QString("node %1 at λ = %2: %3, exact %4, bar %5")
                                    .arg(k)
                                    .arg(lambda)
                                    .arg(nodes->y[k])
                                    .arg(exact)
                                    .arg(bar)));
            if (k > 0) QVERIFY(nodes->y[k] > nodes->y[k - 1]);
        }
        std::size_t in_range = 0;
        for (double x : nodes->x) in_range += std::pow(10.0, x) >= 0.05 ? 1 : 0;
        QSignalSpy done(&panel, &PartitionPanel::curves_finished);
        panel.compute_curves();
        QVERIFY(done.wait(120000));
        const PlotSeries* kept = nodes_of(panel.density_view()->plot());
        QCOMPARE(kept ? kept->x.size() : std::size_t{0}, in_range);
    }

    // Above kPerVertexAbove vertices the target is per vertex (δ on ln Z/n, so δ·n on ln Z), and
    // the larger target offered is a δ too; small graphs keep ε on ln Z. A per-vertex estimate
    // reports both half-widths and meets δ·n.
    void large_graphs_default_to_a_target_per_vertex() {
        PartitionPanel panel;
        panel.set_problem("aztec:200", 5.0, 80400);
        QVERIFY(panel.per_vertex());
        QCOMPARE(panel.target_half_width(80400), kDefaultPerVertex * 80400);
        panel.set_update_rate(1e5);  // slow enough to ask
        QSignalSpy projected(&panel, &PartitionPanel::projection_ready);
        panel.compute_estimate();
        QVERIFY(projected.wait(60000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::awaiting_choice);
        QVERIFY2(panel.larger_epsilon_button()->text().startsWith("Use δ = "),
                 qPrintable(panel.larger_epsilon_button()->text()));
        QVERIFY(panel.larger_epsilon_button()->text().contains("per vertex"));
        panel.warning_cancel_button()->click();

        PartitionPanel small;
        small.set_problem("grid:6x6", 1.0, 36);
        QVERIFY(!small.per_vertex());
        small.set_per_vertex(true);
        small.set_epsilon(0.002);
        QCOMPARE(small.target_half_width(36), 0.002 * 36);
        small.set_update_rate(1e12);
        QSignalSpy finished(&small, &PartitionPanel::estimate_finished);
        small.compute_estimate();
        QVERIFY(finished.wait(120000));
        QCOMPARE(small.estimate_state(), PartitionPanel::JobState::done);
        QVERIFY2(small.estimate_text().contains("per vertex"), qPrintable(small.estimate_text()));
        const double half_width = small.estimate_text().section("±", 1, 1).section(' ', 1, 1).toDouble();
        QVERIFY2(half_width > 0 && half_width <= 0.072 + 1e-9, qPrintable(small.estimate_text()));
    }

    void duration_text_reads_well() {
        QCOMPARE(duration_text(0.2), QString("1 s"));
        QCOMPARE(duration_text(45), QString("45 s"));
        QCOMPARE(duration_text(600), QString("10.0 min"));
        QCOMPARE(duration_text(7200), QString("2.0 h"));
    }

    void curves_show_the_polynomial_zeros_and_the_exact_density() {
        PartitionPanel panel;
        panel.set_problem("grid:4x4", 1.0);
        QSignalSpy done(&panel, &PartitionPanel::curves_finished);
        panel.compute_curves();
        QVERIFY(done.wait(60000));
        const MatchingPolynomial p =
            exact_matching_polynomial(make_graph("grid:4x4", {.with_layout = false}));
        const std::vector<double> zeros = matching_polynomial_zeros(p);
        QVERIFY(panel.zeros_view()->has_plot());
        std::vector<double> drawn;
        for (const PlotSeries& s : panel.zeros_view()->plot().series) {
            if (s.y.front() == -0.5) drawn.push_back(-std::pow(10.0, s.x.front()));  // the zero ticks
        }
        QCOMPARE(drawn.size(), zeros.size());
        for (std::size_t i = 0; i < zeros.size(); ++i) QVERIFY(std::abs(drawn[i] / zeros[i] - 1) < 1e-12);
        QVERIFY(panel.zeros_text()->text().contains("negative real axis"));
        QVERIFY(panel.zeros_text()->text().contains("= -0.08333"));  // −1/(4·3) for Δ = 4
        bool exact = false, limit = false;
        for (const PlotSeries& s : panel.density_view()->plot().series) {
            exact |= s.label == "exact";
            limit |= s.label == "square lattice limit";
        }
        QVERIFY(exact && limit);
        // τ_int is estimated at every point (9 λ from 0.05 to 20), with error bars.
        QVERIFY(panel.tau_view()->has_plot());
        int tau_points = 0;
        for (const PlotSeries& s : panel.tau_view()->plot().series)
            if (s.label == "tau_int") tau_points = int(s.x.size());
        QVERIFY(tau_points >= 8);

        QTemporaryDir dir;
        const QString path = dir.filePath("zeros.svg");
        QCOMPARE(panel.zeros_view()->export_svg(path), QString());
        QVERIFY(QFile::exists(path));
        QVERIFY(!panel.density_view()->export_svg(dir.filePath("missing/d.svg")).isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{"zeros.svg"});
        // A new problem clears the figures.
        panel.set_problem("grid:4x4", 2.0);
        QVERIFY(!panel.zeros_view()->has_plot());
    }
};

QTEST_MAIN(TestPartitionCurves)
#include "test_partition_curves.moc"
