// The docked panels as plain widgets under the offscreen platform: no OpenGL, no controller.
// The Model panel is checked for its inline validation and λ sync, the Partition panel against
// exact_matching_polynomial and for cancel, the Verification panel for the STALE rule.
#include <QApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "counting/exact/matching_polynomial.hpp"
#include "diagnostics_panel.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "verification_panel.hpp"
#include "verify/sha256.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

void write_file(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

nlohmann::json claim(const std::string& kernel, const std::string& id, const std::string& file) {
    return {
        {"kernel", kernel},
        {"id", id},
        {"property", "property of " + id},
        {"method", "test"},
        {"tool", "ctest"},
        {"scope", "unit"},
        {"where", "ci-cpu"},
        {"does_not_establish", "anything beyond the unit test"},
        {"covers", {file}},
        {"artifacts", nlohmann::json::array()},
        {"mutants", nlohmann::json::array()},
        {"assumptions", {{{"id", "A-1"}, {"text", "assumption text"}, {"discharged_by", "review only"}}}}};
}

}  // namespace

class TestAppPanels : public QObject {
    Q_OBJECT
  private slots:
    void invalid_spec_shows_inline_error_and_apply_starts_nothing() {
        ModelPanel panel;
        int requested = 0;
        connect(&panel, &ModelPanel::apply_requested, &panel, [&](const Session&) { ++requested; });
        panel.show();
        panel.spec_edit()->setText("grid:4x");
        QVERIFY(!panel.spec_valid());
        QVERIFY(panel.error_label()->isVisible());
        QVERIFY(panel.error_label()->text().contains("grid:4x"));
        QVERIFY(!panel.error_label()->text().contains('\n'));  // one line under the field
        QVERIFY(!panel.apply_button()->isEnabled());
        panel.apply();  // even called directly (Return key), an invalid spec requests nothing
        QTest::keyClick(panel.spec_edit(), Qt::Key_Return);
        QCOMPARE(requested, 0);
        panel.spec_edit()->setText("nosuchfamily:3");
        QVERIFY(!panel.spec_valid());
        QCOMPARE(requested, 0);

        // Fixing the spec clears the error, and Apply requests a rebuild with the panel's settings.
        Session got;
        connect(&panel, &ModelPanel::apply_requested, &panel, [&](const Session& s) { got = s; });
        panel.spec_edit()->setText("torus:6x6");
        QVERIFY(panel.spec_valid());
        QVERIFY(!panel.error_label()->isVisible());
        QVERIFY(panel.apply_button()->isEnabled());
        panel.lambda_entry()->setValue(2.5);
        QTest::mouseClick(panel.apply_button(), Qt::LeftButton);
        QCOMPARE(requested, 1);
        QCOMPARE(got.graph, std::string("torus:6x6"));
        QCOMPARE(got.record.lambda_at(0), 2.5);
        QCOMPARE(got.update_index, std::uint64_t{0});
    }
    void lambda_slider_and_entry_stay_in_sync() {
        QCOMPARE(lambda_slider_position(1e-3), 0);
        QCOMPARE(lambda_slider_position(1.0), 300);
        QCOMPARE(lambda_slider_position(1e4), 700);
        QCOMPARE(lambda_slider_position(1e9), 700);  // clamped
        ModelPanel panel;
        std::vector<double> emitted;
        connect(&panel, &ModelPanel::lambda_changed, &panel, [&](double l) { emitted.push_back(l); });
        // Entry → slider.
        for (const auto& [lambda, pos] : std::vector<std::pair<double, int>>{
                 {0.001, 0}, {0.01, 100}, {1.0, 300}, {3.0, 348}, {10000.0, 700}}) {
            panel.lambda_entry()->setValue(lambda);
            QCOMPARE(panel.lambda_slider()->value(), pos);
            QCOMPARE(panel.lambda(), lambda);  // the exact entry keeps its exact value
        }
        // Slider → entry.
        for (const auto& [pos, lambda] : std::vector<std::pair<int, double>>{
                 {0, 1e-3}, {300, 1.0}, {350, std::sqrt(10.0)}, {600, 1000.0}, {700, 1e4}}) {
            panel.lambda_slider()->setValue(pos);
            QVERIFY2(std::abs(panel.lambda() - lambda) <= 1e-6 * lambda,
                     qPrintable(QString::number(panel.lambda())));
        }
        QVERIFY(emitted.size() >= 9);
        // set_lambda (a change made elsewhere) moves both and emits nothing.
        const std::size_t before = emitted.size();
        panel.set_lambda(100.0);
        QCOMPARE(panel.lambda_slider()->value(), 500);
        QCOMPARE(panel.lambda(), 100.0);
        QCOMPARE(emitted.size(), before);
    }
    void partition_panel_exact_ln_z_matches_the_polynomial() {
        const Graph g = make_graph("grid:4x4");
        const double expected = exact_matching_polynomial(g).log_z(1.0);
        PartitionPanel panel;
        panel.set_problem("grid:4x4", 1.0);
        QSignalSpy done(&panel, &PartitionPanel::exact_finished);
        panel.compute_exact();
        QVERIFY(done.wait(60000));
        QCOMPARE(panel.exact_state(), PartitionPanel::JobState::done);
        QVERIFY(panel.exact_log_z().has_value());
        QCOMPARE(*panel.exact_log_z(), expected);
        // ln Z / n and the square-lattice constant at λ = 1 on a grid.
        QVERIFY(panel.per_site_text().contains(QString::number(expected / 16, 'f', 9)));
        QVERIFY(panel.per_site_text().contains("0.662798972834"));
        // A new λ drops the old result.
        panel.set_problem("grid:4x4", 2.0);
        QVERIFY(!panel.exact_log_z().has_value());
        QVERIFY(!panel.per_site_text().contains("0.662798972834"));
    }
    void partition_panel_says_why_exact_is_infeasible() {
        PartitionPanel panel;
        panel.set_problem("regular:400,3", 1.0);  // no closed form, frontier far too wide
        QSignalSpy done(&panel, &PartitionPanel::exact_finished);
        panel.compute_exact();
        QVERIFY(done.wait(60000));
        QCOMPARE(panel.exact_state(), PartitionPanel::JobState::failed);
        QVERIFY2(panel.exact_text().contains("not feasible"), qPrintable(panel.exact_text()));
        QVERIFY(panel.exact_text().contains("Estimate"));
    }
    void cancel_stops_an_estimate() {
        PartitionPanel panel;
        panel.set_problem("grid:48x48", 1.0);
        panel.set_epsilon(0.001);  // far too tight to finish before the cancel
        QSignalSpy done(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::running);
        QTest::qWait(200);
        panel.cancel_estimate();
        QVERIFY(done.wait(30000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::cancelled);
        QVERIFY(!panel.estimate_log_z().has_value());
        QCOMPARE(panel.estimate_text(), QString("cancelled"));
    }
    void estimate_reports_an_interval_around_the_exact_value() {
        PartitionPanel panel;
        panel.set_problem("grid:4x4", 1.0);
        panel.set_epsilon(0.05);
        QSignalSpy done(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QVERIFY(done.wait(120000));
        QCOMPARE(panel.estimate_state(), PartitionPanel::JobState::done);
        const double exact = exact_matching_polynomial(make_graph("grid:4x4")).log_z(1.0);
        QVERIFY(std::abs(*panel.estimate_log_z() - exact) < 0.2);
        QVERIFY(panel.estimate_text().contains("±"));
    }
    void verification_panel_shows_stale_for_a_changed_file() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QDir(dir.path()).mkpath("core");
        QDir(dir.path()).mkpath("build");
        write_file(dir.filePath("core/a.hpp"), "int a;\n");
        write_file(dir.filePath("core/b.hpp"), "int b;\n");
        write_file(dir.filePath("core/c.hpp"), "int c;\n");
        const nlohmann::json manifest = {
            {"schema", 1},
            {"claims",
             {claim("kern", "K-A", "core/a.hpp"), claim("kern", "K-B", "core/b.hpp"),
              claim("kern", "K-C", "core/c.hpp"), claim("other", "O-A", "core/a.hpp")}}};
        const std::string hash_a = *verify::sha256_file(dir.filePath("core/a.hpp").toStdString());
        const nlohmann::json status = {
            {"schema", 1},
            {"date", "2026-01-01T00:00:00+00:00"},
            {"claims",
             {{"K-A", {{"status", "proved"}, {"hashes", {{"core/a.hpp", hash_a}}}}},
              // recorded for other bytes than the file has now: stale, never "tested"
              {"K-B", {{"status", "tested"}, {"hashes", {{"core/b.hpp", std::string(64, '0')}}}}},
              {"O-A", {{"status", "tested"}, {"hashes", {{"core/a.hpp", hash_a}}}}}}}};
        write_file(dir.filePath("verification_manifest.json"), QByteArray::fromStdString(manifest.dump()));
        write_file(dir.filePath("build/verification_status.json"), QByteArray::fromStdString(status.dump()));

        VerificationPanel panel;
        panel.load(dir.path(), dir.filePath("verification_manifest.json"));
        QVERIFY2(panel.error().isEmpty(), qPrintable(panel.error()));
        QCOMPARE(panel.status_text("K-A"), QString("proved"));
        QCOMPARE(panel.status_text("K-B"), QString("STALE"));
        QCOMPARE(panel.status_text("K-C"), QString("not run"));
        QCOMPARE(panel.status_text("O-A"), QString("tested"));
        QCOMPARE(panel.kernel_summary_text("kern"), QString::fromUtf8("1 proved · 1 stale · 1 not run"));
        QCOMPARE(panel.kernel_summary_text("other"), QString("1 tested"));
        const QString details = panel.details_text("K-B");
        QVERIFY(details.contains("STALE"));
        QVERIFY(details.contains("core/b.hpp (changed)"));
        QVERIFY(details.contains("assumption text"));
        QVERIFY(details.contains("anything beyond the unit test"));
        QVERIFY(!details.contains("#2e7d32"));  // the green of proved/tested

        // Editing the proved claim's file makes it stale on reload.
        write_file(dir.filePath("core/a.hpp"), "int a = 1;\n");
        panel.load(dir.path(), dir.filePath("verification_manifest.json"));
        QCOMPARE(panel.status_text("K-A"), QString("STALE"));
        QCOMPARE(panel.status_text("O-A"), QString("STALE"));
    }
    void verification_panel_reads_the_source_checkout() {
        VerificationPanel panel;
        panel.load();  // the build's source dir: the real manifest must parse
        QVERIFY2(panel.error().isEmpty(), qPrintable(panel.error()));
        QVERIFY(!panel.claims().empty());
        QVERIFY(!panel.kernel_summary_text("jacobi_block").isEmpty());
        panel.load(QDir::tempPath() + "/no-such-dimerlab-checkout");
        QVERIFY(panel.error().contains("manifest"));
    }
    void diagnostics_panel_tracks_density_and_resets_on_generation() {
        const Graph g = make_graph("grid:4x4");
        DiagnosticsPanel panel;
        panel.reset(g);
        Snapshot s;
        s.mate.assign(g.num_vertices(), kNoMate);
        for (std::uint64_t i = 0; i < 40; ++i) {
            s.serial = i;
            s.generation = 0;
            s.dimers = 0;
            panel.observe(s);
            panel.observe(s);  // the same snapshot again is not a new sample
        }
        QCOMPARE(panel.observed(), std::uint64_t{40});
        QCOMPARE(panel.density().size(), std::size_t{40});
        QVERIFY(panel.summary_text().contains("ESS"));
        s.generation = 1;
        s.serial = 100;
        panel.observe(s);
        QCOMPARE(panel.observed(), std::uint64_t{1});
    }
};

QTEST_MAIN(TestAppPanels)
#include "test_app_panels.moc"
