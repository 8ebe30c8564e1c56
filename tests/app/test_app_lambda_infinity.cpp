// λ = ∞ in the main window, driven as a user would (under Xvfb: the window holds the GL viewport).
// Typing ∞ in the toolbar rebuilds the chain at λ = ∞ and its record says so; a session saved with
// "inf" comes back in every widget; a graph without a perfect matching, or a dynamics that cannot
// move one, is refused in the window's words while the old chain keeps running at its old λ; and
// shuffle chosen in the Model panel on aztec:20 at ∞ gives a perfect matching in every frame.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>

#include "dimerlab_lab/preset.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "gl_viewport.hpp"
#include "lab_controller.hpp"
#include "lambda_range.hpp"
#include "main_window.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "typed_entry.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

const QString kInfinity = QString::fromUtf8("∞");

using app::testing::commit_text;

// The matching shown is a matching of the graph and covers every vertex.
bool shows_a_perfect_matching(MainWindow& window) {
    const Graph& g = window.controller().graph();
    const Snapshot& s = window.controller().snapshot();
    return matching_error(g, s.mate).empty() && 2ull * s.dimers == g.num_vertices();
}

}  // namespace

class TestAppLambdaInfinity : public QObject {
    Q_OBJECT
  public:
    static void initMain() { render::set_default_gl_format(); }

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == "xcb",
                 "GL tests need X (xvfb-run, QT_QPA_PLATFORM=xcb); the offscreen platform has no OpenGL");
    }

    void infinity_typed_in_the_toolbar_runs_perfect_matchings() {
        Session s;
        s.graph = "grid:6x6";
        s.dynamics = Dynamics::rotation;
        s.record = LambdaRecord(2.0);
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy built(&window, &MainWindow::build_finished);
        commit_text(window.lambda_box(), "inf");
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QVERIFY(window.controller().opened_session().record.infinite());
        QCOMPARE(window.controller().opened_session().start, StartKind::maximum);  // ∞ needs a perfect start
        for (int frame = 0; frame < 5; ++frame) {
            window.controller().step_frame();
            window.controller().sync();
            QVERIFY(window.controller().snapshot().record.infinite());
            QVERIFY(shows_a_perfect_matching(window));
        }
        QVERIFY(window.controller().snapshot().time > 0);
        window.refresh();
        QCOMPARE(window.lambda_box()->text(), kInfinity);
        QVERIFY(is_infinite_lambda(window.model_panel().lambda()));
        QVERIFY2(window.status_label()->text().contains(QString::fromUtf8("λ = ∞ ")),
                 qPrintable(window.status_label()->text()));
        QVERIFY(!window.refusal_label()->isVisible());
        // The HUD's slider ends at the finite top: at ∞ it gives way to a line saying so.
        window.viewport().update();
        QVERIFY(QTest::qWaitFor([&] { return window.viewport().overlay().layout().window.isValid(); }, 5000));
        QTRY_VERIFY(window.viewport().overlay().layout().lambda_slider.isEmpty());
        // And back to a finite λ: a new monomer-dimer chain.
        built.clear();
        commit_text(window.lambda_box(), "3");
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QCOMPARE(window.controller().lambda(), 3.0);
        QVERIFY(!window.controller().opened_session().record.infinite());
        window.viewport().update();
        QTRY_VERIFY(!window.viewport().overlay().layout().lambda_slider.isEmpty());
    }

    void session_with_inf_round_trips_through_every_widget() {
        Session s;
        s.graph = "aztec:6";
        s.dynamics = Dynamics::shuffle;
        s.record = LambdaRecord(kInfiniteLambda);
        s.update_index = 3;
        s.running = false;
        const QByteArray json = session_to_json(s);
        QVERIFY2(json.contains("\"inf\""), json.constData());
        const Session loaded = session_from_json(json, "test");
        QVERIFY(loaded.record.infinite());
        Session start;
        start.graph = "grid:4x4";
        start.running = false;
        MainWindow window(start);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.open_session(loaded);
        window.controller().sync();
        window.refresh();
        QVERIFY(is_infinite_lambda(window.controller().lambda()));
        QVERIFY(is_infinite_lambda(window.lambda_box()->value()));
        QCOMPARE(window.lambda_box()->text(), kInfinity);
        QVERIFY(is_infinite_lambda(window.model_panel().lambda()));
        QCOMPARE(window.model_panel().lambda_entry()->text(), kInfinity);
        QCOMPARE(window.model_panel().lambda_slider()->value(), lambda_slider_infinity_position());
        QCOMPARE(window.model_panel().dynamics_box()->currentText(), QString("shuffle"));
        QVERIFY(is_infinite_lambda(window.viewport().overlay().stats().lambda));
        QVERIFY(is_infinite_lambda(window.partition_panel().lambda()));
        QVERIFY2(window.status_label()->text().contains(QString::fromUtf8("λ = ∞ ")),
                 qPrintable(window.status_label()->text()));
        QCOMPARE(window.controller().snapshot().time, std::uint64_t{3});
        QVERIFY(shows_a_perfect_matching(window));
        // Saved again, it is the same chain: "inf", and the same update index and state.
        const Session saved = window.controller().current_session();
        QVERIFY(saved.record.infinite());
        const Session again = session_from_json(session_to_json(saved), "again");
        QVERIFY(again.record.infinite());
        QCOMPARE(again.update_index, std::uint64_t{3});
        QVERIFY(again.state_hash == saved.state_hash);
        // Exact marginals at ∞ need no count: P(monomer) = 0 everywhere, shown without a fallback.
        window.colour_box()->setCurrentIndex(int(ColourMode::exact_marginals));
        window.controller().step_frame();
        window.controller().sync();
        window.refresh();
        QVERIFY2(window.viewport().colour_note().isEmpty(), qPrintable(window.viewport().colour_note()));
        // The caption writes ∞ too.
        QVERIFY(window.caption_text().contains(QString::fromUtf8("λ = ∞")));
    }

    void odd_graph_at_infinity_is_refused_and_the_old_lambda_stays() {
        Session s;
        s.graph = "grid:5x5";  // 25 vertices: no perfect matching
        s.dynamics = Dynamics::rotation;
        s.record = LambdaRecord(2.0);
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const LabController* before = &window.controller();
        QSignalSpy built(&window, &MainWindow::build_finished);
        commit_text(window.lambda_box(), QString::fromUtf8("∞"));
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), false);
        QVERIFY(&window.controller() == before);  // the same lab
        QCOMPARE(window.controller().lambda(), 2.0);
        QCOMPARE(window.lambda_box()->value(), 2.0);
        QCOMPARE(window.model_panel().lambda(), 2.0);
        QVERIFY(window.refusal_label()->isVisible());
        const QString why = window.refusal_label()->text();
        QVERIFY2(why.contains("no perfect matching") && why.contains(QString::fromUtf8("λ = ∞")),
                 qPrintable(why));
        QVERIFY2(!why.contains("--") && !why.contains("lambda"), qPrintable(why));
        QVERIFY(window.model_panel().error_label()->text().contains("no perfect matching"));
        // The old chain still runs.
        const std::uint64_t t = window.controller().snapshot().time;
        window.controller().step_frame();
        window.controller().sync();
        QVERIFY(window.controller().snapshot().time > t);
        QVERIFY(!window.controller().snapshot().record.infinite());

        // A dynamics that cannot move a perfect matching: refused at once, nothing built.
        Session g = s;
        g.graph = "grid:4x4";
        g.dynamics = Dynamics::glauber;
        window.open_session(g);
        built.clear();
        commit_text(window.lambda_box(), "infinity");
        QVERIFY(!window.building());
        QCOMPARE(built.size(), 0);
        QCOMPARE(window.controller().lambda(), 2.0);
        QCOMPARE(window.lambda_box()->value(), 2.0);
        QVERIFY2(window.refusal_label()->text().contains("Dynamics shuffle"),
                 qPrintable(window.refusal_label()->text()));
    }

    // The preset's title heads the presentation caption and the Model panel; a chain of the user's
    // own (here: across ∞ from the toolbar) drops both.
    void preset_title_in_the_caption_until_the_chain_changes() {
        Session preset = load_preset("default");
        preset.running = false;
        QVERIFY(!preset.title.isEmpty());
        MainWindow window(preset);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(window.caption_text().startsWith(preset.title), qPrintable(window.caption_text()));
        QCOMPARE(window.model_panel().title_label()->text(), preset.title);
        QVERIFY(window.model_panel().title_label()->isVisible());
        QSignalSpy built(&window, &MainWindow::build_finished);
        commit_text(window.lambda_box(), "inf");  // glauber cannot move a perfect matching: refused
        QVERIFY(!window.building());
        QVERIFY(window.caption_text().startsWith(preset.title));  // the preset still runs
        // A titled session whose dynamics runs at ∞: crossing makes it another chain.
        Session titled = preset;
        titled.graph = "grid:8x8";
        titled.dynamics = Dynamics::rotation;
        window.open_session(titled);
        QVERIFY(window.caption_text().startsWith(preset.title));
        commit_text(window.lambda_box(), "inf");
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QVERIFY(window.controller().opened_session().record.infinite());
        QVERIFY2(!window.caption_text().contains(preset.title), qPrintable(window.caption_text()));
        QVERIFY(!window.model_panel().title_label()->isVisible());
    }

    void shuffle_on_aztec_at_infinity_from_the_model_panel() {
        Session s;
        s.graph = "grid:4x4";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ModelPanel& panel = window.model_panel();
        panel.spec_edit()->setText("aztec:20");
        panel.dynamics_box()->setCurrentText("shuffle");
        QSignalSpy built(&window, &MainWindow::build_finished);
        commit_text(panel.lambda_entry(), "inf");  // across ∞ from the panel: its graph and dynamics
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QCOMPARE(QString::fromStdString(window.controller().graph().spec()), QString("aztec:20"));
        QCOMPARE(window.controller().opened_session().dynamics, Dynamics::shuffle);
        QVERIFY(window.controller().opened_session().record.infinite());
        window.controller().set_running(true);
        std::uint64_t last = window.controller().snapshot().time;
        int fresh_frames = 0;
        for (int frame = 0; frame < 20; ++frame) {
            window.controller().step_frame();
            window.controller().sync();
            QVERIFY(shows_a_perfect_matching(window));
            if (window.controller().snapshot().time > last) ++fresh_frames;
            last = window.controller().snapshot().time;
        }
        QVERIFY(fresh_frames >= 1);
    }
};

QTEST_MAIN(TestAppLambdaInfinity)
#include "test_app_lambda_infinity.moc"
