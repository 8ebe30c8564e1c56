// The Diagnostics and Partition panels read the applicability table for the run on screen: no
// single-edge diagnostic runs where it means nothing (λ = ∞, exact samples), each such row says
// why in the table's words, exact samples get standard errors instead of τ_int, the H − V chart
// shows only on square-edged graphs, and Exact and Estimate never point at each other.
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>
#include <cmath>

#include "diagnostics/panel_applicability.hpp"
#include "diagnostics_panel.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "partition_panel.hpp"
#include "sampling/start_state.hpp"
#include "series_chart.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

std::shared_ptr<const Graph> graph_of(const char* spec) {
    return std::make_shared<const Graph>(make_graph(spec));
}

// `count` snapshots of one perfect matching at λ = ∞, as an exact sampler at ∞ publishes them.
void feed_perfect_matchings(DiagnosticsPanel& panel, const Graph& g, int count) {
    Snapshot s;
    s.mate = make_start_state(g, StartKind::maximum, 1);
    s.dimers = count_dimers(s.mate);
    s.lambda = kInfiniteLambda;
    s.record = LambdaRecord(kInfiniteLambda);
    for (int i = 0; i < count; ++i) {
        s.serial = std::uint64_t(i) + 1;
        s.time = (std::uint64_t(i) + 1) * g.num_edges();
        panel.observe(s);
    }
    panel.refresh_now();
}

}  // namespace

class TestPanelsFollowTheRun : public QObject {
    Q_OBJECT
  private slots:
    void exact_samples_at_infinity_have_nothing_to_mix() {
        for (const auto& [spec, dynamics] :
             {std::pair{"aztec:4", Dynamics::shuffle}, std::pair{"hexagon:2,2,2", Dynamics::cftp}}) {
            const auto g = graph_of(spec);
            DiagnosticsPanel panel;
            panel.reset(g, dynamics);
            feed_perfect_matchings(panel, *g, 12);
            const RunKind run = panel.run_kind();
            QVERIFY(run.infinite_lambda);
            for (const auto& [item, button, text, signal] :
                 {std::tuple{PanelItem::rhat, panel.rhat_button(), &DiagnosticsPanel::rhat_text,
                             &DiagnosticsPanel::rhat_finished},
                  std::tuple{PanelItem::coalescence, panel.coalescence_button(),
                             &DiagnosticsPanel::coalescence_text, &DiagnosticsPanel::coalescence_finished},
                  std::tuple{PanelItem::parallel_rounds, panel.rounds_button(),
                             &DiagnosticsPanel::rounds_text, &DiagnosticsPanel::rounds_finished}}) {
                QVERIFY2(!button->isEnabled(), spec);
                // The table's sentence, once: the rows below R̂ refer to it when it is the same.
                const std::string sentence = applicability(item, run).sentence;
                const QString shown =
                    item != PanelItem::rhat && sentence == applicability(PanelItem::rhat, run).sentence
                        ? QString("As for R̂.")
                        : QString::fromStdString(sentence);
                QCOMPARE((panel.*text)(), shown);
                // Asked anyway (as --populate-panels does), it answers at once with the same words.
                QSignalSpy done(&panel, signal);
                if (item == PanelItem::rhat) panel.measure_rhat();
                if (item == PanelItem::coalescence) panel.measure_coalescence();
                if (item == PanelItem::parallel_rounds) panel.measure_rounds();
                QCOMPARE(done.count(), 1);
                QCOMPARE((panel.*text)(), shown);
            }
            QVERIFY2(panel.summary_text().contains("nothing to mix"), qPrintable(panel.summary_text()));
            QVERIFY2(panel.summary_text().contains("12 samples: dimers"), qPrintable(panel.summary_text()));
            QVERIFY(!panel.summary_text().contains("nan"));
            // H − V on the Aztec diamond's square edges; none for lozenges.
            QCOMPARE(!panel.imbalance_chart()->isHidden(), std::string(spec) == "aztec:4");
        }
    }

    // A lozenge region follows its stepped surface: the volume chart shows one point per tiling,
    // whole cubes apart, within the box's a·b·c = 8 cubes of each other; no H − V.
    void lozenge_regions_follow_the_volume() {
        const auto g = graph_of("hexagon:2,2,2");
        DiagnosticsPanel panel;
        panel.reset(g, Dynamics::rotation);
        QVERIFY(!panel.volume_chart()->isHidden());
        QVERIFY(panel.imbalance_chart()->isHidden());
        Snapshot s;
        s.lambda = kInfiniteLambda;
        s.record = LambdaRecord(kInfiniteLambda);
        for (std::uint64_t i = 0; i < 20; ++i) {
            s.mate = make_start_state(*g, StartKind::exact, i + 1);  // 20 uniform tilings
            s.dimers = count_dimers(s.mate);
            s.serial = i + 1;
            s.time = (i + 1) * g->num_edges();
            panel.observe(s);
        }
        panel.refresh_now();
        QCOMPARE(panel.volume_chart()->point_count(), 20);
        double lo = 1e300, hi = -1e300;
        for (int i = 0; i < 20; ++i) {
            const double v = panel.volume_chart()->series()->at(i).y();
            QVERIFY2(std::abs(v - std::round(v - panel.volume_chart()->series()->at(0).y()) -
                              panel.volume_chart()->series()->at(0).y()) < 1e-9,
                     "volumes differ by whole cubes");
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        QVERIFY(hi - lo <= 8 && hi > lo);
        QVERIFY2(panel.summary_text().contains("volume: τ_int"), qPrintable(panel.summary_text()));
    }

    // Another chain at finite λ gets Glauber's diagnostics, enabled, and said to be Glauber's.
    void other_chains_get_glauber_diagnostics_said_so() {
        DiagnosticsPanel panel;
        panel.reset(graph_of("grid:4x4"), Dynamics::jerrum_sinclair);
        QVERIFY(panel.rhat_button()->isEnabled());
        QVERIFY(panel.coalescence_button()->isEnabled());
        QVERIFY(panel.rounds_button()->isEnabled());
        QSignalSpy done(&panel, &DiagnosticsPanel::rhat_finished);
        panel.measure_rhat();
        QVERIFY(done.wait(60000));
        QVERIFY2(panel.rhat_text().contains("split-R̂") && panel.rhat_text().contains("Jerrum–Sinclair"),
                 qPrintable(panel.rhat_text()));
    }

    // At λ = ∞: a closed form where there is one (the Aztec diamond, MacMahon's hexagon), and
    // where there is none and the graph is too large, Exact says there is no count and points at
    // nothing; Estimate never sends the user to Exact when Exact cannot answer, nor Exact to
    // Estimate at ∞.
    void exact_and_estimate_never_point_at_each_other() {
        for (const auto& [spec, expected] :
             {std::pair{"aztec:200", 200.0 * 201 / 2 * std::log(2.0)}, std::pair{"hexagon:20,20,20", -1.0}}) {
            PartitionPanel panel;
            panel.set_problem(spec, kInfiniteLambda);
            QSignalSpy exact(&panel, &PartitionPanel::exact_finished);
            panel.compute_exact();
            QVERIFY(exact.count() == 1 || exact.wait(60000));
            QCOMPARE(panel.exact_state(), PartitionPanel::JobState::done);
            if (expected > 0) QVERIFY(std::abs(*panel.exact_log_z() - expected) < 1e-9 * expected);
            QVERIFY2(panel.exact_text().contains("perfect matchings"), qPrintable(panel.exact_text()));
            panel.compute_estimate();
            QVERIFY2(panel.estimate_text().contains("closed form"), qPrintable(panel.estimate_text()));
        }
        PartitionPanel large;
        large.set_problem("grid:200x200", kInfiniteLambda);
        QSignalSpy exact(&large, &PartitionPanel::exact_finished);
        large.compute_exact();
        QVERIFY(exact.count() == 1 || exact.wait(60000));
        QCOMPARE(large.exact_state(), PartitionPanel::JobState::failed);
        QCOMPARE(large.exact_text(), QString(kTooLargeAtInfinity));
        QVERIFY(!large.exact_text().contains("Estimate"));
        large.compute_estimate();
        QVERIFY2(!large.estimate_text().contains("closed form"), qPrintable(large.estimate_text()));
        // At finite λ Exact points at Estimate, which runs there and points nowhere.
        QVERIFY(QString(kTooLargeForExact).contains("Estimate"));
        QVERIFY(
            QString::fromStdString(
                applicability(PanelItem::estimate, {Dynamics::glauber, false, GraphKind::general}).sentence)
                .isEmpty());
    }
};

QTEST_MAIN(TestPanelsFollowTheRun)
#include "test_panels_follow_the_run.moc"
