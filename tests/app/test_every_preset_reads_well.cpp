// Every preset, and every dynamics the Model panel offers, as a lecturer opens them: each panel's
// on-demand computation runs (as --populate-panels does), and no panel text contains an internal
// message, a nan, an inf, a command-line flag or a failure; Exact and Estimate never point at each
// other. The applicability table covers every dynamics the Model panel lists.
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

#include "diagnostics/panel_applicability.hpp"
#include "diagnostics_panel.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/session.hpp"
#include "dynamics_choices.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "partition_panel.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

// What a class must never read on a panel.
QString first_bad_word(const QString& text) {
    static const QRegularExpression bad(
        "\\bnan\\b|\\binf\\b|--[a-z]|\\berror\\b|failed|exception|what\\(\\)|std::|lambda must",
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = bad.match(text);
    return m.hasMatch() ? m.captured(0) : QString();
}

void check_words(const QString& where, const QString& text) {
    const QString bad = first_bad_word(text);
    QVERIFY2(bad.isEmpty(), qPrintable(where + ": '" + bad + "' in: " + text));
}

// The diagnostics' three on-demand rows, run and read.
void run_diagnostics(const QString& where, const std::shared_ptr<const Graph>& g, Dynamics dynamics,
                     double lambda) {
    DiagnosticsPanel panel;
    panel.reset(g, dynamics);
    panel.set_lambda(lambda);
    QSignalSpy rhat(&panel, &DiagnosticsPanel::rhat_finished);
    QSignalSpy coalescence(&panel, &DiagnosticsPanel::coalescence_finished);
    QSignalSpy rounds(&panel, &DiagnosticsPanel::rounds_finished);
    panel.measure_rhat();
    panel.measure_coalescence();
    panel.measure_rounds();
    for (QSignalSpy* spy : {&rhat, &coalescence, &rounds})
        QVERIFY2(spy->count() == 1 || spy->wait(120000), qPrintable(where));
    check_words(where + " R̂", panel.rhat_text());
    check_words(where + " coalescence", panel.coalescence_text());
    check_words(where + " rounds", panel.rounds_text());
    check_words(where + " summary", panel.summary_text());
    check_words(where + " reference", panel.reference_text());
    // At λ = ∞ the density's reference is exactly 1; nothing may call the exact mean unknown.
    if (is_infinite_lambda(lambda)) {
        const QString reference = panel.reference_text();
        QVERIFY2(!reference.contains("exact mean"), qPrintable(where + ": " + reference));
    }
}

}  // namespace

class TestEveryPresetReadsWell : public QObject {
    Q_OBJECT
  private slots:
    void table_covers_every_dynamics_the_model_panel_offers() {
        const std::vector<Dynamics> offered = core_dynamics();
        QCOMPARE(offered.size(), dynamics_table().size());
        for (Dynamics d : offered) QCOMPARE(dynamics_row(d).dynamics, d);
    }

    void every_preset_reads_well_data() {
        QTest::addColumn<QString>("preset");
        for (const QString& name : preset_names()) QTest::newRow(qPrintable(name)) << name;
    }
    void every_preset_reads_well() {
        QFETCH(QString, preset);
        const Session s = load_preset(preset);
        const double lambda = s.record.lambda_at(0);
        const auto g = std::make_shared<const Graph>(make_graph(s.graph));
        run_diagnostics(preset, g, s.dynamics, lambda);

        PartitionPanel partition;
        partition.set_problem(s.graph, lambda, g->num_vertices());
        partition.set_update_rate(1e5);  // any estimate beyond a few minutes asks first, and is cancelled
        QSignalSpy exact(&partition, &PartitionPanel::exact_finished);
        partition.compute_exact();
        QVERIFY(exact.count() == 1 || exact.wait(120000));
        QSignalSpy finished(&partition, &PartitionPanel::estimate_finished);
        QSignalSpy projected(&partition, &PartitionPanel::projection_ready);
        partition.compute_estimate();
        QVERIFY(finished.count() == 1 || projected.count() == 1 || projected.wait(120000));
        if (partition.estimate_state() == PartitionPanel::JobState::awaiting_choice) {
            check_words(preset + " warning", partition.long_estimate_text()->text());
            check_words(preset + " larger target", partition.larger_epsilon_button()->text());
            partition.warning_cancel_button()->click();
        }
        QVERIFY(finished.count() == 1 || finished.wait(300000));
        check_words(preset + " exact", partition.exact_text());
        check_words(preset + " estimate", partition.estimate_text());
        check_words(preset + " progress", partition.progress_text());
        QVERIFY2(
            !(partition.exact_text().contains("Estimate") && partition.estimate_text().contains("Exact")),
            qPrintable(preset + ": " + partition.exact_text() + " / " + partition.estimate_text()));
    }

    // Each dynamics the Model panel offers, on a graph it runs on, at a finite λ and at ∞ where
    // it runs there.
    void every_dynamics_reads_well() {
        for (Dynamics d : core_dynamics()) {
            if (!dynamics_unavailable_reason(d).isEmpty()) continue;  // offered disabled, with its reason
            const char* spec = d == Dynamics::shuffle || d == Dynamics::shuffle_steps ? "aztec:4"
                               : d == Dynamics::cftp || d == Dynamics::rotation       ? "hexagon:3,3,3"
                                                                                      : "grid:6x6";
            const auto g = std::make_shared<const Graph>(make_graph(spec));
            for (double lambda : {2.0, kInfiniteLambda}) {
                const QString where = QString("%1 on %2 at %3")
                                          .arg(dynamics_name(d).data(), spec)
                                          .arg(is_infinite_lambda(lambda) ? "λ = ∞" : "λ = 2");
                run_diagnostics(where, g, d, lambda);
            }
        }
    }
};

QTEST_MAIN(TestEveryPresetReadsWell)
#include "test_every_preset_reads_well.moc"
