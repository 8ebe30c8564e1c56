// The applicability table the panels, the HUD and `mix` read: one row per dynamics the program
// knows (so a new dynamics cannot be added without one), every entry that does not compute says
// why in one plain sentence (no flags, no nan or inf, no internal message), and the rules a
// lecturer relies on: nothing to mix for exact samples, no single-edge diagnostics at λ = ∞,
// H − V only on square-edged graphs, lozenge counts only on honeycomb regions.
#include <QtTest>
#include <algorithm>

#include "diagnostics/panel_applicability.hpp"
#include "graph/graph_spec.hpp"

using namespace dimerlab;

namespace {

constexpr PanelItem kItems[] = {PanelItem::live_mixing,     PanelItem::rhat,     PanelItem::coalescence,
                                PanelItem::parallel_rounds, PanelItem::estimate, PanelItem::imbalance_plot,
                                PanelItem::lozenge_counts};
constexpr GraphKind kGraphs[] = {GraphKind::square_edges, GraphKind::lozenge_region, GraphKind::general};

}  // namespace

class TestPanelApplicability : public QObject {
    Q_OBJECT
  private slots:
    void every_dynamics_has_exactly_one_row() {
        QCOMPARE(dynamics_table().size(), all_dynamics().size());
        for (Dynamics d : all_dynamics()) {
            const auto rows = std::count_if(dynamics_table().begin(), dynamics_table().end(),
                                            [d](const DynamicsRow& r) { return r.dynamics == d; });
            QVERIFY2(rows == 1, dynamics_name(d).data());
            QVERIFY(std::string(dynamics_row(d).plain_name).size() > 3);
        }
    }

    void every_entry_computes_or_says_why_in_plain_words() {
        for (Dynamics d : all_dynamics())
            for (bool infinite : {false, true})
                for (GraphKind g : kGraphs)
                    for (PanelItem item : kItems) {
                        const Applicability a = applicability(item, {d, infinite, g});
                        const QString where = QString("%1 at %2, item %3")
                                                  .arg(dynamics_name(d).data())
                                                  .arg(infinite ? "λ = ∞" : "finite λ")
                                                  .arg(int(item));
                        if (a.verdict == Verdict::computes) {
                            QVERIFY2(a.sentence.empty(), qPrintable(where));
                            continue;
                        }
                        const QString s = QString::fromStdString(a.sentence);
                        QVERIFY2(s.size() > 20 && s.endsWith('.') && s.front().isUpper(),
                                 qPrintable(where + ": " + s));
                        for (const char* bad :
                             {"--", "nan", " inf", "error", "failed", "lambda", "exception"})
                            QVERIFY2(!s.contains(bad, Qt::CaseInsensitive), qPrintable(where + ": " + s));
                    }
    }

    void exact_samples_have_nothing_to_mix_and_infinite_lambda_has_no_single_edge_diagnostics() {
        for (Dynamics d : all_dynamics()) {
            const SamplingKind kind = dynamics_row(d).sampling;
            for (PanelItem item : {PanelItem::rhat, PanelItem::coalescence, PanelItem::parallel_rounds})
                QCOMPARE(applicability(item, {d, true, GraphKind::square_edges}).verdict,
                         Verdict::not_applicable);
            QCOMPARE(applicability(PanelItem::estimate, {d, true, GraphKind::general}).verdict,
                     Verdict::not_applicable);
            QCOMPARE(applicability(PanelItem::estimate, {d, false, GraphKind::general}).verdict,
                     Verdict::computes);
            const Applicability live = applicability(PanelItem::live_mixing, {d, false, GraphKind::general});
            QCOMPARE(live.verdict == Verdict::computes, kind == SamplingKind::markov_chain);
            if (kind == SamplingKind::exact_samples)
                QVERIFY(QString::fromStdString(live.sentence).contains("nothing to mix"));
        }
        QCOMPARE(applicability(PanelItem::rhat, {Dynamics::glauber, false, GraphKind::general}).verdict,
                 Verdict::computes);
        // Another chain gets Glauber's R̂, said so, never silently.
        const Applicability js =
            applicability(PanelItem::rhat, {Dynamics::jerrum_sinclair, false, GraphKind::general});
        QCOMPARE(js.verdict, Verdict::variant);
        QVERIFY(QString::fromStdString(js.sentence).contains("Jerrum–Sinclair"));
    }

    void graph_kinds_follow_the_edges() {
        const auto kind = [](const char* spec) { return graph_kind(make_graph(spec)); };
        QCOMPARE(kind("grid:4x5"), GraphKind::square_edges);
        QCOMPARE(kind("torus:4x4"), GraphKind::square_edges);
        QCOMPARE(kind("aztec:3"), GraphKind::square_edges);
        QCOMPARE(kind("hexagon:2,3,4"), GraphKind::lozenge_region);
        QCOMPARE(kind("complete:6"), GraphKind::general);
        QCOMPARE(applicability(PanelItem::imbalance_plot, {Dynamics::cftp, true, GraphKind::lozenge_region})
                     .verdict,
                 Verdict::not_applicable);
        QCOMPARE(applicability(PanelItem::lozenge_counts, {Dynamics::cftp, true, GraphKind::lozenge_region})
                     .verdict,
                 Verdict::computes);
        QCOMPARE(applicability(PanelItem::imbalance_plot, {Dynamics::shuffle, true, GraphKind::square_edges})
                     .verdict,
                 Verdict::computes);
    }
};

QTEST_MAIN(TestPanelApplicability)
#include "test_panel_applicability.moc"
