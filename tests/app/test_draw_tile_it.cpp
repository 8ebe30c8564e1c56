// Draw mode inside the main window (under Xvfb: the window holds the GL viewport). "Tile it" on a
// small heart runs it at λ = ∞ by coupling from the past, every vertex matched in every frame; on
// a frame (a region with a hole) it runs rotations from a maximum matching and the window says
// the sample is not exact. A saved session keeps the region's text, and opened where the region
// file is gone it writes the file again. The region-heart and region-frame presets run the same way.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/region_store.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "draw_canvas.hpp"
#include "draw_panel.hpp"
#include "gl_viewport.hpp"
#include "lab_controller.hpp"
#include "main_window.hpp"
#include "model/matching.hpp"
#include "model_panel.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

// resources/regions/heart.region: 32 squares, 208 tilings, no hole.
const QString kHeart = "% a heart\n.##..##.\n########\n########\n.######.\n..####..\n...##...\n";
// A 6×6 frame, two cells wide: a hole in the middle.
const QString kFrame = "######\n######\n##..##\n##..##\n######\n######\n";

bool shows_a_perfect_matching(MainWindow& window) {
    const Graph& g = window.controller().graph();
    const Snapshot& s = window.controller().snapshot();
    return matching_error(g, s.mate).empty() && 2ull * s.dimers == g.num_vertices();
}

// Shown at a fixed size, frames by hand, and active, so that its keys reach it.
bool shown_active(MainWindow& window) {
    window.set_manual_frames(true);
    window.resize(1200, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return false;
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window);
}

Session small_start() {
    Session s;
    s.graph = "grid:4x4";
    s.running = false;
    return s;
}

}  // namespace

class TestDrawTileIt : public QObject {
    Q_OBJECT
  public:
    static void initMain() {
        render::set_default_gl_format();
        QStandardPaths::setTestModeEnabled(true);  // drawn regions go to a test data folder
    }

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == "xcb",
                 "GL tests need X (xvfb-run, QT_QPA_PLATFORM=xcb); the offscreen platform has no OpenGL");
    }

    void tile_it_on_a_heart_draws_exact_tilings() {
        MainWindow window(small_start());
        window.set_manual_frames(true);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.draw_action()->trigger();
        QVERIFY(window.draw_mode());
        QVERIFY(window.draw_panel().isVisible());
        window.draw_panel().load_region(region_from_text(kHeart, "heart"), "heart");
        // One cell off and on again with the mouse: the region is the heart once more.
        DrawCanvas* canvas = window.draw_panel().canvas();
        const DrawCell tip = *window.draw_panel().region().cells.rbegin();
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cell_centre(tip).toPoint());
        QVERIFY(!window.draw_panel().check().tileable);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cell_centre(tip).toPoint());
        QVERIFY(window.draw_panel().check().tileable);
        QVERIFY(!window.draw_panel().check().has_hole);
        QCOMPARE(window.draw_panel().check().cells, std::size_t(32));

        QSignalSpy built(&window, &MainWindow::build_finished);
        window.draw_panel().tile_button()->click();
        QVERIFY(!window.draw_mode());
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        const Session opened = window.controller().opened_session();
        QVERIFY(opened.graph.starts_with("region:"));
        QVERIFY(QFile::exists(region_spec_path(opened.graph)));
        QVERIFY(region_spec_path(opened.graph).startsWith(region_store_folder()));
        QCOMPARE(opened.region_text, window.draw_panel().text());
        QCOMPARE(opened.dynamics, Dynamics::cftp);
        QVERIFY(opened.record.infinite());
        QCOMPARE(window.controller().graph().num_vertices(), std::size_t(32));
        QVERIFY(!window.region_notice()->isVisible());
        for (int frame = 0; frame < 4; ++frame) {
            window.controller().step_frame();
            window.controller().sync();
            QVERIFY(shows_a_perfect_matching(window));
        }

        // Saved, the session carries the text; with the file gone it is written again on opening.
        QTemporaryDir dir;
        const QString path = dir.filePath("heart.dimerlab.json");
        window.controller().save(path);
        QFile json(path);
        QVERIFY(json.open(QIODevice::ReadOnly));
        QVERIFY(json.readAll().contains("\"region_text\""));
        QVERIFY(QFile::remove(region_spec_path(opened.graph)));
        const Session loaded = load_session_file(path);
        QVERIFY(QFile::exists(region_spec_path(loaded.graph)));
        QCOMPARE(loaded.region_text, opened.region_text);
        window.open_session(loaded);
        window.controller().sync();
        QVERIFY(shows_a_perfect_matching(window));
    }

    // While drawing, Space and the preset digits belong to the drawing, not to the hidden lab:
    // the chain stays paused and no preset opens; back in the lab, Space plays again.
    void lecture_keys_do_not_reach_the_lab_while_drawing() {
        MainWindow window(small_start());
        QVERIFY(shown_active(window));
        window.draw_action()->trigger();
        QVERIFY(window.draw_mode());
        DrawCanvas* canvas = window.draw_panel().canvas();
        QSignalSpy built(&window, &MainWindow::build_finished);
        QTest::keyClick(canvas, Qt::Key_Space);
        QTest::keyClick(canvas, Qt::Key_1);
        QTest::qWait(200);
        QVERIFY(!window.controller().running());
        QCOMPARE(built.count(), 0);
        QCOMPARE(window.controller().graph().num_vertices(), std::size_t(16));
        window.draw_action()->trigger();
        QVERIFY(!window.draw_mode());
        window.viewport().setFocus();
        QTest::keyClick(&window.viewport(), Qt::Key_Space);
        QVERIFY(window.controller().running());
    }

    void tile_it_on_a_frame_runs_rotations_and_says_so() {
        MainWindow window(small_start());
        QVERIFY(shown_active(window));
        // Ctrl+D types into a text field that has the focus; elsewhere it enters Draw mode.
        window.model_panel().spec_edit()->setFocus();
        QTest::keyClick(window.model_panel().spec_edit(), Qt::Key_D, Qt::ControlModifier);
        QVERIFY(!window.draw_mode());
        window.viewport().setFocus();
        QTest::keyClick(&window.viewport(), Qt::Key_D, Qt::ControlModifier);
        QVERIFY(window.draw_mode());
        window.draw_panel().load_region(region_from_text(kFrame, "frame"), "frame");
        QVERIFY(window.draw_panel().check().tileable);
        QVERIFY(window.draw_panel().check().has_hole);
        QSignalSpy built(&window, &MainWindow::build_finished);
        QVERIFY(window.tile_drawn_region());
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QCOMPARE(window.controller().opened_session().dynamics, Dynamics::rotation);
        QCOMPARE(window.controller().opened_session().start, StartKind::maximum);
        QVERIFY(window.region_notice()->isVisible());
        QVERIFY(window.region_notice()->text().contains("Not an exact sample"));
        for (int frame = 0; frame < 4; ++frame) {
            window.controller().step_frame();
            window.controller().sync();
            QVERIFY(shows_a_perfect_matching(window));
        }
    }

    void the_region_presets_run() {
        for (const char* name : {"region-heart", "region-frame"}) {
            const Session preset = load_preset(name);
            QVERIFY(!preset.description.isEmpty());
            QVERIFY(QFile::exists(region_spec_path(preset.graph)));
            MainWindow window(preset);
            window.set_manual_frames(true);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.controller().step_frame();
            window.controller().sync();
            QVERIFY2(shows_a_perfect_matching(window), name);
            QCOMPARE(window.region_notice()->isVisible(), QByteArray(name) == "region-frame");
        }
        QCOMPARE(load_preset("region-heart").dynamics, Dynamics::cftp);
        QCOMPARE(load_preset("region-frame").dynamics, Dynamics::rotation);
        QVERIFY(load_preset("region-frame").description.contains("not an exact sample"));
    }
};

QTEST_MAIN(TestDrawTileIt)
#include "test_draw_tile_it.moc"
