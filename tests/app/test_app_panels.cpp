// The docked panels as plain widgets under the offscreen platform: no OpenGL (a LabController with
// a mock render target where a chain is needed). The Model panel is checked for its inline
// validation, λ sync, one recorded λ change per slider drag and the backend choice; the Partition
// panel against exact_matching_polynomial, for cancel and for its charts; the Diagnostics panel's
// charts against point counts and its reference line against exact_marginals (an independent
// computation of E|M|); the memory decision against its thresholds; the Verification panel for the
// STALE rule.
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QValueAxis>
#include <QtTest>
#include <cmath>
#include <numeric>
#include <thread>

#include "background_tasks.hpp"
#include "claim_plain_words.hpp"
#include "counting/exact/exact_marginals.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "diagnostics_panel.hpp"
#include "diagnostics_readings.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_render/colour_legend.hpp"
#include "dock_width.hpp"
#include "export_measurements_dialog.hpp"
#include "graph/families/family_table.hpp"
#include "graph/graph_limits.hpp"
#include "graph/graph_spec.hpp"
#include "help_dialog.hpp"
#include "help_pages.hpp"
#include "lab_controller.hpp"
#include "memory_estimate.hpp"
#include "mock_render_target.hpp"
#include "model/matching.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "rate_text.hpp"
#include "sampling/sampler_factory.hpp"
#include "series_chart.hpp"
#include "session_path.hpp"
#include "util/errors.hpp"
#include "util/gpu_absence_words.hpp"
#include "verification_panel.hpp"
#include "verify/build_info.hpp"
#include "verify/sha256.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

void write_file(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// 2 E|M| / n from the edge marginals: E|M| = Σ_e P(e occupied), a different computation from the
// polynomial's derivative that the panel uses.
double exact_density_from_marginals(const Graph& g, double lambda) {
    const ExactMarginals m = exact_marginals(g, lambda);
    return 2.0 * std::accumulate(m.edge_occupied.begin(), m.edge_occupied.end(), 0.0) / g.num_vertices();
}

// Snapshots of a real chain (sequential Glauber), one per sweep.
std::vector<Snapshot> chain_snapshots(const Graph& g, double lambda, std::size_t count) {
    auto sampler =
        make_cpu_sampler(g, Dynamics::glauber, 7, LambdaRecord(lambda), MateArray(g.num_vertices(), kNoMate));
    std::vector<Snapshot> out;
    for (std::size_t i = 0; i < count; ++i) {
        sampler->advance(g.num_edges());
        Snapshot s;
        const auto mate = sampler->mate();
        s.mate.assign(mate.begin(), mate.end());
        s.time = sampler->time();
        s.dimers = sampler->dimers();
        s.lambda = lambda;
        s.serial = i + 1;
        out.push_back(std::move(s));
    }
    return out;
}

nlohmann::json claim(const std::string& kernel, const std::string& id, const std::string& file) {
    return {
        {"kernel", kernel},
        {"id", id},
        {"property", "property of " + id},
        {"method", "test"},
        {"ctest", "test_" + id},  // a "test" claim names the ctest that checks it
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
    // Every panel fits the widest side dock the window gives it (a fifth of a 1920-pixel window):
    // the docks never scroll sideways, so anything wider is cut off at the screen's edge. Measured
    // with the preset whose Model panel has the most rows (three hexagon sides) and the partition
    // panel showing a closed-form count, the longest text it has.
    void every_panel_fits_the_widest_side_dock() {
        const Session lozenge = load_preset("lozenge");
        ModelPanel model;
        model.set_session(lozenge);
        PartitionPanel partition;
        partition.set_problem(lozenge.graph, kInfiniteLambda, 10800);
        QSignalSpy exact(&partition, &PartitionPanel::exact_finished);
        partition.compute_exact();
        QVERIFY(exact.wait(60000));
        QVERIFY(partition.exact_text().contains("MacMahon"));
        DiagnosticsPanel diagnostics;
        VerificationPanel verification;
        const int scroll_bar = 20;
        for (QWidget* panel :
             std::initializer_list<QWidget*>{&model, &partition, &diagnostics, &verification}) {
            const auto* scroll = panel->findChild<QScrollArea*>();
            const int needed = scroll != nullptr ? scroll->widget()->minimumSizeHint().width()
                                                 : panel->minimumSizeHint().width();
            QVERIFY2(needed + scroll_bar <= kSideDockMaxWidth,
                     qPrintable(QString("%1 needs %2 px").arg(panel->metaObject()->className()).arg(needed)));
        }
    }

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
        // One range for every control: [1e-4, 1e6], 100 steps per decade.
        QCOMPARE(lambda_slider_position(kLambdaMin), 0);
        QCOMPARE(lambda_slider_position(1e-3), 100);
        QCOMPARE(lambda_slider_position(1.0), 400);
        QCOMPARE(lambda_slider_position(1e4), 800);
        QCOMPARE(lambda_slider_position(kLambdaMax), 1000);
        QCOMPARE(lambda_slider_position(1e9), 1000);  // clamped
        ModelPanel panel;
        QCOMPARE(panel.lambda_entry()->minimum(), kLambdaMin);
        QCOMPARE(panel.lambda_entry()->maximum(), kInfiniteLambda);  // ∞ past the finite range
        QCOMPARE(panel.lambda_slider()->maximum(), lambda_slider_infinity_position());
        std::vector<double> emitted;
        connect(&panel, &ModelPanel::lambda_changed, &panel, [&](double l) { emitted.push_back(l); });
        // Entry → slider.
        for (const auto& [lambda, pos] : std::vector<std::pair<double, int>>{
                 {0.001, 100}, {0.01, 200}, {1.0, 400}, {3.0, 448}, {10000.0, 800}, {1e6, 1000}}) {
            panel.lambda_entry()->setValue(lambda);
            QCOMPARE(panel.lambda_slider()->value(), pos);
            QCOMPARE(panel.lambda(), lambda);  // the exact entry keeps its exact value
        }
        // Slider → entry.
        for (const auto& [pos, lambda] : std::vector<std::pair<int, double>>{
                 {0, 1e-4}, {400, 1.0}, {450, std::sqrt(10.0)}, {700, 1000.0}, {1000, 1e6}}) {
            panel.lambda_slider()->setValue(pos);
            QVERIFY2(std::abs(panel.lambda() - lambda) <= 1e-6 * lambda,
                     qPrintable(QString::number(panel.lambda())));
        }
        QVERIFY(emitted.size() >= 9);
        // set_lambda (a change made elsewhere) moves both and emits nothing.
        const std::size_t before = emitted.size();
        panel.set_lambda(100.0);
        QCOMPARE(panel.lambda_slider()->value(), 600);
        QCOMPARE(panel.lambda(), 100.0);
        QCOMPARE(emitted.size(), before);
    }
    // A panel that goes away never waits for its tasks: the destructor cancels and leaves them,
    // and what they post afterwards is dropped. The task below blocks until released (at most
    // 30 s), so a destructor that joined would return only after it ended and fail the count.
    void background_tasks_never_block_their_owner() {
        std::atomic<bool> release{false};
        bool delivered = false;
        const int before = BackgroundTasks::running_in_process();
        {
            QObject owner;
            BackgroundTasks tasks;
            tasks.run(
                &owner,
                [&release] {
                    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
                    while (!release.load() && std::chrono::steady_clock::now() < until)
                        std::this_thread::sleep_for(std::chrono::milliseconds(1));
                    return 1;
                },
                [&delivered](int) { delivered = true; });
            QCOMPARE(tasks.running(), std::size_t{1});
        }
        QCOMPARE(BackgroundTasks::running_in_process(), before + 1);
        release.store(true);
        QTRY_COMPARE_WITH_TIMEOUT(BackgroundTasks::running_in_process(), before, 60000);
        QCoreApplication::processEvents();
        QVERIFY(!delivered);  // the owner was gone when the result arrived
    }
    // Closing the Partition panel during an estimate cancels it: the estimate ends by itself soon
    // after, where uncancelled it would run far longer (ε = 0.002 on grid:24x24).
    void closing_the_partition_panel_cancels_its_estimate() {
        const int before = BackgroundTasks::running_in_process();
        auto* panel = new PartitionPanel;
        panel->set_problem("grid:24x24", 1.0);
        panel->set_epsilon(0.002);
        panel->compute_estimate();
        QCOMPARE(panel->estimate_state(), PartitionPanel::JobState::running);
        QTest::qWait(200);
        delete panel;
        QTRY_COMPARE_WITH_TIMEOUT(BackgroundTasks::running_in_process(), before, 60000);
        QCoreApplication::processEvents();
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
        // GUI words; the counter's message (which names command-line flags) is only the tooltip.
        QCOMPARE(panel.exact_text(), QString(kTooLargeForExact));
        QVERIFY(!panel.exact_label()->toolTip().isEmpty());
        QCOMPARE(without_cli_flags("needs 2^40 subsets; use --epsilon E for an estimate"),
                 QString("needs 2^40 subsets"));
        QCOMPARE(without_cli_flags("bad spec"), QString("bad spec"));
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
    // "Run the checks now" runs the checkout's verification/check.py in a child process and
    // reloads: here a stand-in runner that records K-A as proved on the file's current bytes and
    // K-M (a proof about a model the code does not implement) as proved too, which the panel must
    // show as "proved (model only)", never green.
    void verification_panel_runs_the_checks_and_reloads() {
        if (QStandardPaths::findExecutable("python3").isEmpty())
            QFAIL("python3 missing (scripts/install-deps.sh)");
        QTemporaryDir dir;
        QDir(dir.path()).mkpath("core");
        QDir(dir.path()).mkpath("verification");
        write_file(dir.filePath("core/a.hpp"), "int a;\n");
        nlohmann::json model = claim("kern", "K-M", "core/a.hpp");
        model["code_link"] = "model-only";
        const nlohmann::json manifest = {{"schema", 1},
                                         {"claims", {claim("kern", "K-A", "core/a.hpp"), model}}};
        write_file(dir.filePath("verification/manifest.json"), QByteArray::fromStdString(manifest.dump()));
        write_file(
            dir.filePath("verification/check.py"),
            "import hashlib, json, os, sys\n"
            "repo = sys.argv[sys.argv.index('--repo') + 1]\n"
            "h = hashlib.sha256(open(os.path.join(repo, 'core/a.hpp'), 'rb').read()).hexdigest()\n"
            "rec = {'status': 'proved', 'hashes': {'core/a.hpp': h}}\n"
            "os.makedirs(os.path.join(repo, 'build'), exist_ok=True)\n"
            "json.dump({'schema': 1, 'date': 'now', 'commit': 'abc', 'claims': {'K-A': rec, 'K-M': rec}},\n"
            "          open(os.path.join(repo, 'build/verification_status.json'), 'w'))\n"
            "print('verification: 0 problem(s)')\n");
        VerificationPanel panel;
        panel.load(dir.path());
        QCOMPARE(panel.status_text("K-A"), QString("not run"));
        QVERIFY(panel.run_checks_button()->isEnabled());
        QSignalSpy done(&panel, &VerificationPanel::checks_finished);
        panel.run_checks_button()->click();
        QVERIFY(panel.checks_running());
        QVERIFY(done.wait(60000));
        QCOMPARE(done.front().front().toInt(), 0);
        QCOMPARE(panel.status_text("K-A"), QString("proved"));
        QCOMPARE(panel.status_text("K-M"), QString("proved (model only)"));
        QVERIFY(!panel.details_text("K-M").contains("#2e7d32"));
        QVERIFY(panel.details_text("K-M").contains("a model the code does not implement"));
        QVERIFY(panel.run_checks_button()->isEnabled());
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
        const auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        DiagnosticsPanel panel;
        panel.reset(g);
        Snapshot s;
        s.mate.assign(g->num_vertices(), kNoMate);
        for (std::uint64_t i = 0; i < 40; ++i) {
            s.serial = i;
            s.generation = 0;
            s.dimers = 0;
            panel.observe(s);
            panel.observe(s);  // the same snapshot again is not a new sample
        }
        QCOMPARE(panel.observed(), std::uint64_t{40});
        QCOMPARE(panel.density().size(), std::size_t{40});
        panel.refresh_now();
        QVERIFY(panel.summary_text().contains("ESS"));
        s.generation = 1;
        s.serial = 100;
        panel.observe(s);
        QCOMPARE(panel.observed(), std::uint64_t{1});
    }
    void diagnostics_charts_receive_points_as_snapshots_arrive() {
        const auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        DiagnosticsPanel panel;
        panel.reset(g);
        const std::vector<Snapshot> snaps = chain_snapshots(*g, 1.0, 60);
        for (std::size_t i = 0; i < 30; ++i) panel.observe(snaps[i]);
        panel.refresh_now();
        QCOMPARE(panel.density_chart()->point_count(), 30);
        QCOMPARE(panel.imbalance_chart()->point_count(), 30);  // a grid has edge axes
        // Lags 0 .. N/3 of the density's autocorrelation, with ρ(0) = 1 exactly.
        QCOMPARE(panel.acf_chart()->point_count(), 11);
        QCOMPARE(panel.acf_chart()->series()->at(0).y(), 1.0);
        // The chart's points are the snapshots: x in sweeps (one per snapshot here), y = 2|M|/n.
        const QPointF last = panel.density_chart()->series()->at(29);
        QCOMPARE(last.x(), 30.0);
        QCOMPARE(last.y(), 2.0 * snaps[29].dimers / 16.0);
        for (std::size_t i = 30; i < 60; ++i) panel.observe(snaps[i]);
        panel.refresh_now();
        QCOMPARE(panel.density_chart()->point_count(), 60);
        QCOMPARE(panel.acf_chart()->point_count(), 21);
        // R̂ is only claimed with four chains.
        QVERIFY2(panel.rhat_text().contains("needs ≥ 4 chains"), qPrintable(panel.rhat_text()));
    }
    void chart_axes_follow_the_data_with_round_ticks() {
        SeriesChart chart("t", "x", "y");
        chart.set_points({QPointF(0, 0.1), QPointF(1, 0.2)});
        QCOMPARE(chart.x_axis()->tickInterval(), 0.5);
        // From a unit range to 10^9 and back: the tick interval follows (a stale narrow interval
        // on a wide range would lay out billions of ticks).
        chart.set_points({QPointF(0, -3), QPointF(1e9, 5)});
        QCOMPARE(chart.x_axis()->min(), 0.0);
        QCOMPARE(chart.x_axis()->max(), 1e9);
        QCOMPARE(chart.x_axis()->tickInterval(), 5e8);
        QCOMPARE(chart.y_axis()->tickInterval(), 5.0);  // span 8 plus 5% padding each side
        QVERIFY(chart.y_axis()->min() <= -3 && chart.y_axis()->max() >= 5);
        chart.set_points({QPointF(0, 0.6), QPointF(0.003, 0.65)});
        QCOMPARE(chart.x_axis()->tickInterval(), 0.001);
        chart.set_reference(0.7, "ref");
        QVERIFY(chart.y_axis()->max() >= 0.7);
        QCOMPARE(chart.point_count(), 2);
    }
    void diagnostics_window_is_bounded() {
        const auto g = std::make_shared<const Graph>(make_graph("path:4"));
        DiagnosticsPanel panel;
        panel.reset(g);
        Snapshot s;
        s.mate.assign(4, kNoMate);
        const std::size_t total = DiagnosticsPanel::kWindow + 500;
        for (std::size_t i = 0; i < total; ++i) {
            s.serial = i + 1;
            s.time = 3 * (i + 1);
            s.dimers = static_cast<std::uint32_t>(i % 3 == 0);  // keeps the series from being constant
            panel.observe(s);
        }
        panel.refresh_now();
        QCOMPARE(panel.density().size(), DiagnosticsPanel::kWindow);
        QCOMPARE(panel.density_chart()->point_count(), int(DiagnosticsPanel::kWindow));
        QCOMPARE(panel.density_chart()->series()->at(0).x(), double(total - DiagnosticsPanel::kWindow + 1));
        QCOMPARE(panel.acf_chart()->point_count(), int(DiagnosticsPanel::kMaxLag) + 1);
        QVERIFY(!panel.imbalance_chart()->isVisibleTo(&panel));  // a path has no axes
    }
    void diagnostics_reference_line_is_the_exact_mean() {
        const auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        DiagnosticsPanel panel;
        QSignalSpy ready(&panel, &DiagnosticsPanel::reference_ready);
        panel.reset(g);
        QVERIFY(ready.wait(60000));
        const std::vector<Snapshot> snaps = chain_snapshots(*g, 1.0, 5);
        for (const Snapshot& s : snaps) panel.observe(s);
        panel.refresh_now();
        const double at_1 = exact_density_from_marginals(*g, 1.0);
        QVERIFY(panel.reference_density().has_value());
        QVERIFY2(std::abs(*panel.reference_density() - at_1) < 1e-12,
                 qPrintable(QString::number(*panel.reference_density(), 'g', 17) + " vs " +
                            QString::number(at_1, 'g', 17)));
        QCOMPARE(*panel.density_chart()->reference(), *panel.reference_density());
        QVERIFY(panel.reference_text().contains("exact"));
        // A λ change moves the line to the exact mean at the new λ.
        Snapshot s = snaps.back();
        s.serial = 100;
        s.lambda = 2.5;
        panel.observe(s);
        const double at_2_5 = exact_density_from_marginals(*g, 2.5);
        QVERIFY(std::abs(*panel.reference_density() - at_2_5) < 1e-12);
        QVERIFY(at_2_5 > at_1 + 0.05);  // and it really moved
    }
    void diagnostics_reference_falls_back_to_the_lattice_limit() {
        // grid:64x64 is far beyond the exact reference's limits: the square-lattice value stands.
        const auto g = std::make_shared<const Graph>(make_graph("grid:64x64"));
        DiagnosticsPanel panel;
        QSignalSpy ready(&panel, &DiagnosticsPanel::reference_ready);
        panel.reset(g);
        QVERIFY(ready.wait(60000));
        QCOMPARE(*panel.reference_density(), 0.6381231092);
        QVERIFY(panel.reference_text().contains("not feasible"));
        Snapshot s;
        s.mate.assign(g->num_vertices(), kNoMate);
        s.serial = 1;
        s.lambda = 3.0;  // not tabulated: no reference rather than a wrong one
        panel.observe(s);
        QVERIFY(!panel.reference_density().has_value());
        QVERIFY(!panel.density_chart()->reference().has_value());
    }
    void diagnostics_on_demand_measurements_report() {
        const auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        DiagnosticsPanel panel;
        panel.reset(g);
        for (const Snapshot& s : chain_snapshots(*g, 1.0, 3)) panel.observe(s);
        QSignalSpy coal(&panel, &DiagnosticsPanel::coalescence_finished);
        QSignalSpy rounds(&panel, &DiagnosticsPanel::rounds_finished);
        QSignalSpy rhat(&panel, &DiagnosticsPanel::rhat_finished);
        panel.measure_coalescence();
        panel.measure_rounds();
        panel.measure_rhat();
        QVERIFY(coal.count() == 1 || coal.wait(60000));
        QVERIFY(rounds.count() == 1 || rounds.wait(60000));
        QVERIFY(rhat.count() == 1 || rhat.wait(60000));
        // A 4×4 grid coalesces in a few sweeps: all 8 tapes within the cap.
        QVERIFY2(panel.coalescence_text().contains("\n8 of 8 coalesced"),
                 qPrintable(panel.coalescence_text()));
        // Each result opens with its plain-words reading.
        QVERIFY2(panel.coalescence_text().startsWith("→ All 8 runs coalesced"),
                 qPrintable(panel.coalescence_text()));
        QVERIFY2(panel.rounds_text().startsWith("→ About "), qPrintable(panel.rounds_text()));
        QVERIFY2(panel.rhat_text().startsWith("→ R̂"), qPrintable(panel.rhat_text()));
        QVERIFY2(panel.rounds_text().contains("rounds per block of 24 updates"),
                 qPrintable(panel.rounds_text()));
        QVERIFY2(panel.rhat_text().contains("split-R̂ over 4 chains"), qPrintable(panel.rhat_text()));
    }
    // A file the reader accepts with a change: the lab's graph carries the notice, and the panel
    // shows it under the spec field as the CLI prints it, not in the error colour, until the spec
    // is edited.
    void file_notices_show_beside_the_spec_field() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("diag.mtx").toStdString();
        {
            QFile f(QString::fromStdString(path));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n1 1\n2 1\n3 2\n");
        }
        Session session;
        session.graph = "file:" + path;
        session.running = false;
        MockRenderTarget target;
        LabController lab(session, target);
        ModelPanel panel;
        panel.show();
        panel.set_session(session);
        panel.show_graph_notices(lab.graph().notices());
        QVERIFY(panel.notice_label()->isVisible());
        QCOMPARE(panel.notice_label()->text(),
                 QString::fromStdString("notice: " + path +
                                        ": dropped 1 diagonal entry (a self-loop), on line 3"));
        QVERIFY(panel.notice_label()->styleSheet().isEmpty());
        QVERIFY(!panel.error_label()->isVisible());
        panel.spec_edit()->setText("grid:3x3");
        QVERIFY(!panel.notice_label()->isVisible());
        panel.show_graph_notices({});
        QVERIFY(!panel.notice_label()->isVisible());
    }

    void slider_drag_records_one_lambda_change() {
        Session session;
        session.graph = "grid:4x4";
        session.running = false;
        MockRenderTarget target;
        LabController lab(session, target);
        ModelPanel panel;
        panel.set_session(session);
        int emitted = 0;
        connect(&panel, &ModelPanel::lambda_changed, &panel, [&](double l) {
            ++emitted;
            lab.set_lambda(l);
            lab.step_frame();  // the chain moves between changes, as it does while running
        });
        lab.step_frame();
        QSlider* slider = panel.lambda_slider();
        slider->setSliderDown(true);  // what a mouse press on the handle does
        for (int pos = 400; pos <= 550; pos += 3) {
            slider->setSliderPosition(pos);
            QCOMPARE(slider->value(), pos);
            QVERIFY(std::abs(panel.lambda() - lambda_at_slider_position(pos)) <= 1e-6 * panel.lambda());
        }
        QCOMPARE(emitted, 0);  // the entry followed the drag; nothing was recorded yet
        slider->setSliderDown(false);
        QCOMPARE(emitted, 1);
        lab.sync();
        const Session saved = lab.current_session();
        QCOMPARE(saved.record.changes().size(), std::size_t{2});  // the start λ and the release
        QVERIFY(std::abs(saved.record.changes().back().lambda - lambda_at_slider_position(550)) < 1e-6);
        // A press and release without movement records nothing.
        slider->setSliderDown(true);
        slider->setSliderDown(false);
        QCOMPARE(emitted, 1);
        // Keyboard steps are discrete changes: one each.
        QTest::keyClick(slider, Qt::Key_Right);
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(emitted, 3);
    }
    // The grammar page is generated from the parser's family table: every family's form and example
    // are on it, and every example on it parses.
    void help_grammar_lists_every_family_and_its_examples_parse() {
        const QString html = graph_spec_grammar_html();
        int rows = 0;
        for (const families::FamilyDescriptor& f : families::family_table()) {
            const QString usage = QString::fromUtf8(f.usage.data(), qsizetype(f.usage.size()));
            const QString example = QString::fromUtf8(f.example.data(), qsizetype(f.example.size()));
            QVERIFY2(html.contains("<code>" + usage.toHtmlEscaped() + "</code>"), qPrintable(usage));
            QVERIFY2(html.contains("<code>" + example.toHtmlEscaped() + "</code>"), qPrintable(example));
            if (f.name != "file") parse_graph_spec(example.toStdString());  // throws if it drifted
            ++rows;
        }
        QCOMPARE(html.count("<tr>"), rows + 1);  // the header row
    }
    void help_pages_and_about_box_say_what_they_promise() {
        const QString what = what_am_i_looking_at_html();
        for (const char* word :
             {"dimer", "monomer", "λ", "Model", "Diagnostics", "Partition function", "Verification", "HUD",
              "tiles", "height function", "edge weights", "slope of the expected height"})
            QVERIFY2(what.contains(QString::fromUtf8(word)), word);
        const QString keys = shortcuts_html();
        for (const char* key : {"Space", "F11", "Esc", "H", "mouse wheel", "drag"})
            QVERIFY2(keys.contains(key), key);
        const QString about = about_html();
        QVERIFY(about.contains(QStringLiteral(DIMERLAB_VERSION)));
        QVERIFY(about.contains(cuda_availability().available ? "CUDA available" : "CUDA not available here"));
        QVERIFY(about.contains("Build:"));
        HelpDialog dialog;
        dialog.show_page(HelpDialog::Page::graph_specs);
        QCOMPARE(dialog.page(), HelpDialog::Page::graph_specs);
        QVERIFY(dialog.browser(HelpDialog::Page::graph_specs)->toPlainText().contains("grid:64x64"));
        QVERIFY(dialog.browser(HelpDialog::Page::what_am_i_looking_at)->toPlainText().contains("monomer"));
    }
    // Every colour mode's legend, painted: each swatch's colour is the palette's (the picture's), and
    // the heat-map modes show a scale from white to the monomer colour.
    void colour_legend_pixels_for_every_colour_mode() {
        QFont font;
        font.setPointSizeF(12);
        for (ColourMode mode : {ColourMode::plain, ColourMode::orientation_parity, ColourMode::monomer_heat,
                                ColourMode::exact_marginals, ColourMode::tiles}) {
            const render::ColourLegend legend = render::colour_legend(mode);
            const QSizeF size = render::legend_size(legend, font);
            QImage img(int(size.width()) + 20, int(size.height()) + 20, QImage::Format_RGB32);
            img.fill(Qt::white);
            {
                QPainter painter(&img);
                render::paint_colour_legend(painter, QPointF(10, 10), legend, font);
            }
            const auto count = [&](QColor c) {
                int n = 0;
                for (int y = 0; y < img.height(); ++y)
                    for (int x = 0; x < img.width(); ++x) n += img.pixelColor(x, y).rgb() == c.rgb();
                return n;
            };
            const QString name = colour_mode_name(mode);
            if (mode == ColourMode::plain || mode == ColourMode::orientation_parity ||
                mode == ColourMode::tiles) {
                QVERIFY2(!legend.has_scale, qPrintable(name));
                QCOMPARE(legend.swatches.size(), mode == ColourMode::plain ? std::size_t{2} : std::size_t{5});
                for (const render::LegendSwatch& sw : legend.swatches)
                    QVERIFY2(count(sw.colour) >= 20, qPrintable(name + ": " + sw.label));
                QCOMPARE(legend.swatches.back().colour, QColor(40, 90, 200));  // the monomer blue
                if (mode == ColourMode::plain) QCOMPARE(legend.swatches.front().colour, QColor(230, 120, 20));
            } else {
                QVERIFY2(legend.has_scale && legend.swatches.empty(), qPrintable(name));
                // Along the scale's middle row: from white to the monomer colour through many shades.
                const int y = img.height() / 2;
                QSet<QRgb> shades;
                int bluest = 255;
                for (int x = 0; x < img.width(); ++x) {
                    const QColor c = img.pixelColor(x, y);
                    if (c.blue() > c.red() + 20) {
                        shades.insert(c.rgb());
                        bluest = std::min(bluest, c.red());
                    }
                }
                QVERIFY2(shades.size() >= 40, qPrintable(name + QString(": %1 shades").arg(shades.size())));
                QVERIFY2(bluest <= 40 + 8, qPrintable(name));  // reaches the monomer colour (red 40)
            }
        }
    }
    // The tiles legend follows what the graph is drawn as: dominoes, lozenges (three shades), or
    // orientation × parity when the graph is not a tiling.
    void tiles_legend_follows_the_tile_shape() {
        const auto lozenge = render::colour_legend(ColourMode::tiles, render::TileShape::lozenge);
        QCOMPARE(lozenge.swatches.size(), std::size_t{4});
        QCOMPARE(lozenge.swatches[0].colour, QColor(250, 225, 160));
        QCOMPARE(lozenge.swatches[2].colour, QColor(110, 60, 40));
        QVERIFY(lozenge.swatches.back().disc);
        const auto none = render::colour_legend(ColourMode::tiles, render::TileShape::none);
        const auto parity = render::colour_legend(ColourMode::orientation_parity);
        QCOMPARE(none.swatches.size(), parity.swatches.size());
        for (std::size_t i = 0; i < none.swatches.size(); ++i)
            QCOMPARE(none.swatches[i].colour, parity.swatches[i].colour);
        // The default palette's vermilion, the classic one's red, each with its own legend.
        QCOMPARE(render::colour_legend(ColourMode::tiles).swatches[0].colour, QColor(213, 94, 0));
        QCOMPARE(
            render::colour_legend(ColourMode::tiles, render::TileShape::domino, render::PaletteKind::classic)
                .swatches[0]
                .colour,
            QColor(215, 48, 39));
    }
    void update_rate_never_reads_zero_while_running() {
        QCOMPARE(update_rate_text(0, true), QString("measuring updates/s…"));
        QCOMPARE(update_rate_text(0, false), QString("paused"));
        QCOMPARE(update_rate_text(4.2e4, true), QString("42 k updates/s"));
        QCOMPARE(exact_sample_rate_text(1.7, true), QString("new independent exact samples: 1.7 per second"));
        QCOMPARE(exact_sample_rate_text(0, true), QString("drawing an independent exact sample…"));
        QCOMPARE(exact_sample_rate_text(3, false), QString("each step: a new independent exact sample"));
        QCOMPARE(update_rate_text(1.234e7, true), QString("12.3 M updates/s"));
        QCOMPARE(update_rate_text(2.5e9, true), QString("2.5 G updates/s"));
        QCOMPARE(update_rate_text(12, true), QString("12 updates/s"));
        for (double r : {1.0, 37.0, 999.0, 4e4, 9.9e5, 3e6})
            QVERIFY(!update_rate_text(r, true).startsWith("0"));
    }
    void diagnostics_readings_follow_their_thresholds() {
        QVERIFY(rhat_reading(1.005).startsWith("R̂ < 1.01: the four chains agree"));
        QVERIFY(rhat_reading(1.02).startsWith("R̂ ≥ 1.01"));
        QVERIFY(rhat_reading(std::numeric_limits<double>::quiet_NaN()).contains("undefined"));
        QVERIFY(coalescence_reading(8, 8, 100, 12.0).contains("after about 12 sweeps"));
        QVERIFY(coalescence_reading(5, 8, 100, std::nullopt).startsWith("Only 5 of 8"));
        QVERIFY(tau_reading(3.0, 250).contains("about 6 sweeps apart"));
        QVERIFY(rounds_reading(2.5).contains("2.5 passes"));
    }
    // Results measured at one λ do not describe the chain at another: a λ change marks them
    // stale, and a measurement still running at the old λ does not come back as current.
    void diagnostics_results_go_stale_when_lambda_changes() {
        const auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        DiagnosticsPanel panel;
        panel.resize(260, 700);
        panel.show();
        panel.reset(g);
        for (const Snapshot& s : chain_snapshots(*g, 1.0, 3)) panel.observe(s);
        QSignalSpy coal(&panel, &DiagnosticsPanel::coalescence_finished);
        panel.measure_coalescence();
        QVERIFY(coal.count() == 1 || coal.wait(60000));
        QVERIFY(panel.coalescence_text().contains("coalesced"));
        const QPoint rhat_at = panel.rhat_button()->mapTo(&panel, QPoint());
        const QPoint rounds_at = panel.rounds_button()->mapTo(&panel, QPoint());
        // A snapshot at another λ (what the window feeds after a λ change).
        for (const Snapshot& s : chain_snapshots(*g, 2.0, 1)) panel.observe(s);
        QVERIFY2(panel.coalescence_text().contains("λ changed"), qPrintable(panel.coalescence_text()));
        QVERIFY(!panel.coalescence_text().contains("coalesced"));
        // One in flight at the old λ is dropped.
        panel.measure_rounds();
        panel.set_lambda(3.0);
        QTRY_VERIFY_WITH_TIMEOUT(panel.rounds_button()->isEnabled(), 60000);
        QCoreApplication::processEvents();
        QVERIFY2(panel.rounds_text().contains("λ changed"), qPrintable(panel.rounds_text()));
        // The stale notes wrap in a narrow panel; the buttons stay where they were.
        QCoreApplication::processEvents();
        QCOMPARE(panel.rhat_button()->mapTo(&panel, QPoint()), rhat_at);
        QCOMPARE(panel.rounds_button()->mapTo(&panel, QPoint()), rounds_at);
        // A new graph clears them.
        panel.reset(g);
        QCOMPARE(panel.coalescence_text(), QString("—"));
    }
    void partition_buttons_stay_put_when_results_wrap() {
        PartitionPanel panel;
        panel.resize(280, 700);
        panel.show();
        panel.set_problem("grid:4x4", 1.0);
        QCoreApplication::processEvents();
        const QPoint before = panel.exact_button()->mapTo(&panel, QPoint());
        const int label_height = panel.exact_label()->height();
        panel.exact_label()->setText(QString("a long result that wraps onto several lines ").repeated(6));
        QCoreApplication::processEvents();
        QVERIFY(panel.exact_label()->height() > label_height);  // it did wrap
        QCOMPARE(panel.exact_button()->mapTo(&panel, QPoint()), before);
    }
    void failed_export_keeps_the_dialog_open_with_its_settings() {
        const Graph g = make_graph("grid:4x4");
        Session session;
        session.graph = "grid:4x4";
        MeasurementExportRequest initial;
        initial.folder = QDir::tempPath() + "/no-such-dimerlab-folder/inner";
        initial.base_name = "kept";
        ExportMeasurementsDialog dialog(initial);
        int attempts = 0;
        dialog.set_exporter([&](const MeasurementExportRequest& r) -> QString {
            ++attempts;
            try {
                export_measurements(g, session, r);
                return {};
            } catch (const std::exception& e) {
                return QString::fromUtf8(e.what());
            }
        });
        dialog.show();
        dialog.try_export();
        QCOMPARE(attempts, 1);
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.result() != QDialog::Accepted);
        QVERIFY(dialog.error_label()->isVisible());
        QVERIFY2(dialog.error_label()->text().contains("no-such-dimerlab-folder"),
                 qPrintable(dialog.error_label()->text()));
        QCOMPARE(dialog.request().folder, initial.folder);
        QCOMPARE(dialog.request().base_name, QString("kept"));
        // Fixed in place, it exports and closes.
        QTemporaryDir out;
        dialog.folder_edit()->setText(out.path());
        dialog.try_export();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(QFile::exists(out.filePath("kept.csv")));
    }
    void verification_panel_speaks_plainly_and_agrees_after_check_now() {
        VerificationPanel panel;
        panel.load();
        QVERIFY2(panel.error().isEmpty(), qPrintable(panel.error()));
        for (const char* word : {"proved", "tested", "not run", "STALE"})
            QVERIFY2(panel.legend()->text().contains(word), word);
        for (const auto& c : panel.claims())
            QVERIFY2(!claim_plain_words(c.id).isEmpty(), c.id.c_str());  // every claim has plain words
        verify::LiveCheckOptions live;
        live.max_updates = 20000;
        panel.set_live_options(live);
        QSignalSpy checks(&panel, &VerificationPanel::graph_checks_ready);
        panel.set_graph(std::make_shared<const Graph>(make_graph("grid:6x6")));
        QVERIFY(checks.count() == 1 || checks.wait(60000));
        QCOMPARE(panel.status_text("GJ-INPUT"), QString("passed for this graph"));
        QSignalSpy live_done(&panel, &VerificationPanel::live_check_finished);
        panel.check_now();
        QVERIFY(live_done.wait(120000));
        QVERIFY(panel.live_report() && !panel.live_report()->any_failed());
        QCOMPARE(panel.status_text("GJ-LIVE"), QString("passed for this graph"));
        QCOMPARE(panel.status_text("CH-LIVE"), QString("passed for this graph"));
        // No absolute path of this machine anywhere in the panel.
        const QString shown = panel.all_shown_text();
        const QString repo = QString::fromStdString(verify::find_repository().value_or("/nowhere"));
        QVERIFY(!shown.contains(QDir(repo).absolutePath()));
        QVERIFY(!shown.contains(QDir::homePath() + "/"));
        // A new graph: the live result is about the old one.
        panel.set_graph(std::make_shared<const Graph>(make_graph("grid:4x4")));
        QVERIFY(panel.status_text("GJ-LIVE") != QString("passed for this graph"));
    }
    void session_save_name_gets_the_session_suffix() {
        QCOMPARE(with_session_suffix("/tmp/demo"), QString("/tmp/demo.dimerlab.json"));
        QCOMPARE(with_session_suffix("/tmp/demo.json"), QString("/tmp/demo.json"));
        QCOMPARE(with_session_suffix("/tmp/demo.session"), QString("/tmp/demo.session"));
        QCOMPARE(with_session_suffix("/tmp/v1.2/demo"), QString("/tmp/v1.2/demo.dimerlab.json"));
        QCOMPARE(with_session_suffix(""), QString());  // a cancelled dialog stays cancelled
    }
    void applied_settings_carry_no_stale_preset_title() {
        ModelPanel panel;
        const Session preset = load_preset("aztec");
        QVERIFY(!preset.title.isEmpty() && !preset.description.isEmpty());
        panel.set_session(preset);
        // The preset as it is: its words still describe it.
        QCOMPARE(panel.pending_session().title, preset.title);
        QCOMPARE(panel.pending_session().description, preset.description);
        panel.spec_edit()->setText("grid:10x10");
        Session applied = panel.pending_session();
        QVERIFY(applied.title.isEmpty());
        QVERIFY(applied.description.isEmpty());
        QCOMPARE(applied.name, QString("grid:10x10"));
        // A saved and reloaded session keeps the blank title.
        const Session back = session_from_json(session_to_json(applied), "test");
        QVERIFY(back.title.isEmpty());
        QVERIFY(back.description.isEmpty());
        // A changed λ alone makes it another chain too.
        panel.set_session(preset);
        panel.lambda_entry()->setValue(3);
        QVERIFY(panel.pending_session().description.isEmpty());
    }
    void model_panel_backend_choice_goes_into_the_session() {
        ModelPanel panel;
        panel.show();
        Session s;
        s.backend = Backend::cpu_parallel;
        panel.set_session(s);
        QCOMPARE(panel.backend_box()->currentData().toString(), QString("cpu-parallel"));
        QCOMPARE(panel.pending_session().backend, Backend::cpu_parallel);
        panel.backend_box()->setCurrentIndex(panel.backend_box()->findData("cuda"));
        QCOMPARE(panel.pending_session().backend, Backend::cuda);
        const CudaAvailability cuda = cuda_availability();
        QCOMPARE(panel.backend_note()->isVisible(), !cuda.available);
        if (!cuda.available) {
            // Plain words on the panel (no CUDA error text); the probe's reason in the tooltip.
            QVERIFY(panel.backend_note()->text().contains(
                QString::fromStdString(dimerlab::gpu_absence_in_plain_words(cuda.reason))));
            QVERIFY2(!panel.backend_note()->text().contains("CUDA"),
                     qPrintable(panel.backend_note()->text()));
            QCOMPARE(panel.backend_note()->toolTip(), QString::fromStdString(cuda.reason));
        }
    }
    void memory_decision_thresholds() {
        const long double gib = 1024.0L * 1024.0L * 1024.0L;
        const std::uint64_t big = std::uint64_t{64} << 30, small = std::uint64_t{2} << 30;
        QCOMPARE(decide_memory(0.5L * gib, big).verdict, MemoryVerdict::build);
        QCOMPARE(decide_memory(1.0L * gib, big).verdict, MemoryVerdict::build);  // "above" 1 GiB
        QCOMPARE(decide_memory(1.01L * gib, big).verdict, MemoryVerdict::ask);
        QCOMPARE(decide_memory(32.0L * gib, big).verdict, MemoryVerdict::ask);  // exactly half
        QCOMPARE(decide_memory(32.01L * gib, big).verdict, MemoryVerdict::refuse);
        // A small machine: a quarter of its memory asks before 1 GiB does.
        QCOMPARE(decide_memory(0.5L * gib, small).verdict, MemoryVerdict::build);
        QCOMPARE(decide_memory(0.51L * gib, small).verdict, MemoryVerdict::ask);
        QCOMPARE(decide_memory(1.01L * gib, small).verdict, MemoryVerdict::refuse);
        // Unknown physical memory: ask, never refuse (the builder still checks).
        QCOMPARE(decide_memory(0.9L * gib, 0).verdict, MemoryVerdict::build);
        QCOMPARE(decide_memory(1e15L, 0).verdict, MemoryVerdict::ask);
        const MemoryDecision ask = decide_memory(3.0L * gib, big);
        QVERIFY2(ask.message.contains("3.2 GB") && ask.message.contains("69 GB"), qPrintable(ask.message));
        QVERIFY(decide_memory(40.0L * gib, big).message.contains("at most half"));
        // Less available now than half of physical memory: that is the limit, and the words say so.
        const std::uint64_t free_now = std::uint64_t{8} << 30;
        QCOMPARE(decide_memory(8.0L * gib, big, free_now).verdict, MemoryVerdict::ask);
        const MemoryDecision tight = decide_memory(8.01L * gib, big, free_now);
        QCOMPARE(tight.verdict, MemoryVerdict::refuse);
        QVERIFY2(tight.message.contains("8.6 GB of memory available now (of 69 GB)"),
                 qPrintable(tight.message));
        // More available than half: half still rules.
        QCOMPARE(decide_memory(32.01L * gib, big, big).verdict, MemoryVerdict::refuse);
        // Specs: the lab estimate covers at least the graph itself, grows with size, and is unknown
        // for files and bad specs.
        const long double grid = *estimate_lab_memory("grid:64x64");
        QVERIFY(grid >= graph_memory_estimate(64 * 64, 2 * 64 * 63));
        QVERIFY(*estimate_lab_memory("grid:128x128") > 3.9L * grid);
        QVERIFY(!estimate_lab_memory("file:/nowhere/g.txt").has_value());
        // Dense graphs are counted by their edges: complete:3000 (4.5·10⁶ edges) was seen taking
        // about 2.4 GB, so it must be estimated above the 1 GiB question.
        QVERIFY(*estimate_lab_memory("complete:3000") > 2e9L);
        QCOMPARE(decide_memory(*estimate_lab_memory("complete:3000"), std::uint64_t{64} << 30).verdict,
                 MemoryVerdict::ask);
        QVERIFY(!estimate_lab_memory("grid:4x").has_value());
        QCOMPARE(decide_graph_memory("grid:64x64").verdict, MemoryVerdict::build);
        if (physical_memory_bytes() != 0) {  // ~2 TB for 10^10 vertices: no machine here has 4 TB
            QCOMPARE(decide_graph_memory("grid:100000x100000").verdict, MemoryVerdict::refuse);
            // Apply's gate refuses with the message and never opens a dialog for it.
            QString refusal;
            QVERIFY(!confirm_graph_memory(nullptr, "grid:100000x100000", &refusal));
            QVERIFY2(refusal.startsWith("grid:100000x100000: this graph needs about"), qPrintable(refusal));
        }
        QString none;
        QVERIFY(confirm_graph_memory(nullptr, "grid:64x64", &none));  // small: no question asked
        QVERIFY(none.isEmpty());
    }
    void partition_charts_show_convergence_and_per_site_points() {
        PartitionPanel panel;
        panel.set_problem("grid:4x4", 1.0);
        panel.set_epsilon(0.05);
        QSignalSpy exact(&panel, &PartitionPanel::exact_finished);
        panel.compute_exact();
        QVERIFY(exact.wait(60000));
        const double log_z = exact_matching_polynomial(make_graph("grid:4x4")).log_z(1.0);
        QCOMPARE(panel.per_site_chart()->point_count(), 1);
        QCOMPARE(panel.per_site_chart()->series()->at(0), QPointF(0.25, log_z / 16));
        QCOMPARE(*panel.per_site_chart()->reference(), kSquareLatticeLogZPerSite);
        QCOMPARE(panel.per_site_chart()->extra_point_count(0), 2);  // the finite-size law on grids
        // A second size adds a point; the first stays.
        panel.set_problem("grid:6x6", 1.0);
        panel.compute_exact();
        QVERIFY(exact.wait(60000));
        QCOMPARE(panel.per_site_chart()->point_count(), 2);
        // Another λ is another plot, with f(λ) as its line.
        panel.set_problem("grid:6x6", 2.0);
        QCOMPARE(panel.per_site_chart()->point_count(), 0);
        QCOMPARE(*panel.per_site_chart()->reference(), 0.900940030);
        QCOMPARE(panel.per_site_chart()->extra_point_count(0), 0);

        panel.set_problem("grid:4x4", 1.0);
        QSignalSpy done(&panel, &PartitionPanel::estimate_finished);
        panel.compute_estimate();
        QCOMPARE(*panel.convergence_chart()->reference(), 0.05);
        QVERIFY(done.wait(120000));
        QCoreApplication::processEvents();  // the last queued chart point
        QVERIFY(panel.convergence_chart()->point_count() >= 1);
        const QPointF last =
            panel.convergence_chart()->series()->at(panel.convergence_chart()->point_count() - 1);
        // The last point is the result's interval.
        QVERIFY2(panel.estimate_text().contains("± " + QString::number(last.y(), 'f', 6)),
                 qPrintable(panel.estimate_text()));
        QVERIFY(last.x() > 0);
    }
};

QTEST_MAIN(TestAppPanels)
#include "test_app_panels.moc"
