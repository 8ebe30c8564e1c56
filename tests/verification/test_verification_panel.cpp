// The Verification panel's per-graph part without OpenGL: a new graph's runtime checks arrive from
// a worker thread and are shown; "Check now" returns at once (the button is disabled until the
// result comes back through the event loop), then shows one row per kernel and backend: the CPU
// backends passed, cuda "not run" on a machine without a device; a newer graph drops older results.
#include <QApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "graph/graph_spec.hpp"
#include "verification_panel.hpp"

using namespace dimerlab;
using dimerlab::app::VerificationPanel;

class TestVerificationPanel : public QObject {
    Q_OBJECT
  private slots:
    void runtime_checks_and_check_now() {
        VerificationPanel panel;
        panel.load();  // the real manifest, for the runtime-check claims' details
        QVERIFY2(panel.error().isEmpty(), qPrintable(panel.error()));
        QVERIFY(!panel.check_button()->isEnabled());  // no graph yet
        QSignalSpy checks_ready(&panel, &VerificationPanel::graph_checks_ready);
        panel.set_graph(
            std::make_shared<const Graph>(make_graph("grid:6x6", BuildOptions{.with_layout = false})));
        QVERIFY(checks_ready.wait(60000));
        QVERIFY(panel.graph_checks().has_value());
        QVERIFY(panel.graph_checks()->all_ok());
        QVERIFY(panel.graph_checks_text().contains("all hold"));
        QVERIFY(panel.graph_checks_text().contains("A-PROPER"));
        QVERIFY(panel.details_text("GJ-INPUT").contains("all runtime checks hold for grid:6x6"));
        QVERIFY(panel.details_text("GJ-LIVE").contains("press Check now"));

        verify::LiveCheckOptions o;
        o.threads = 2;
        panel.set_live_options(o);
        QSignalSpy finished(&panel, &VerificationPanel::live_check_finished);
        QVERIFY(panel.check_button()->isEnabled());
        panel.check_now();
        // The result can only arrive through this thread's event loop: nothing has waited for it.
        QVERIFY(!panel.check_button()->isEnabled());
        QVERIFY(!panel.live_report().has_value());
        QVERIFY(finished.wait(120000));
        QVERIFY(panel.check_button()->isEnabled());
        QVERIFY(panel.live_report().has_value());
        QCOMPARE(panel.live_status_text("jacobi_block", "cpu-parallel"), QString("passed"));
        QCOMPARE(panel.live_status_text("chromatic", "cpu-parallel"), QString("passed"));
        QVERIFY(panel.details_text("CH-LIVE").contains("the last live check passed"));
        const QString cuda = panel.live_status_text("jacobi_block", "cuda");
        QVERIFY2(cuda == "not run" || cuda == "passed", qPrintable(cuda));  // "passed" only with a GPU

        // A new graph clears the old result; a check started before it is dropped when it lands.
        panel.check_now();
        panel.set_graph(
            std::make_shared<const Graph>(make_graph("cycle:9", BuildOptions{.with_layout = false})));
        QVERIFY(!panel.live_report().has_value());
        QVERIFY(finished.wait(120000));
        QVERIFY(!panel.live_report().has_value());
        QVERIFY(checks_ready.count() >= 2 || checks_ready.wait(60000));
        QVERIFY(panel.graph_checks_text().contains("cycle:9"));

        panel.set_graph(nullptr);
        QVERIFY(!panel.check_button()->isEnabled());
    }
};

QTEST_MAIN(TestVerificationPanel)
#include "test_verification_panel.moc"
