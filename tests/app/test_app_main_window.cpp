// The main window as a user drives it, under Xvfb (the viewport needs OpenGL): a loaded session
// shows its λ, speed and colour mode in every widget (toolbar, Model panel, HUD, Partition panel,
// status line); typing a λ records one change per committed edit; Apply keeps the colour mode; the
// toolbar's speed reaches the Model panel. Needs OpenGL: never run it offscreen.
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFontMetricsF>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "colour_legend_widget.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_render/animation_export.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "gl_viewport.hpp"
#include "graph/graph_spec.hpp"
#include "gui_words.hpp"
#include "lab_controller.hpp"
#include "lambda_range.hpp"
#include "lecture_keys.hpp"
#include "main_window.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "sampling/sampler_factory.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

// A session saved mid-run: λ changed from 1 to 2.5 at update 300, replayed to update 900.
Session session_with_a_lambda_change() {
    Session s;
    s.graph = "grid:8x8";
    s.seed = 11;
    s.record = LambdaRecord(1.0);
    s.record.change_at(300, 2.5);
    s.update_index = 900;
    s.sweeps_per_frame = 3.5;
    s.running = false;
    s.view.colour = ColourMode::monomer_heat;
    return s;
}

}  // namespace

class TestAppMainWindow : public QObject {
    Q_OBJECT
  public:
    static void initMain() { render::set_default_gl_format(); }

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == "xcb",
                 "GL tests need X (xvfb-run, QT_QPA_PLATFORM=xcb); the offscreen platform has no OpenGL");
    }

    // Checked twice: right after opening (the replay still queued) and after it is shown.
    void loaded_session_shows_its_settings_in_every_widget() {
        Session start;
        start.graph = "grid:4x4";
        start.running = false;
        MainWindow window(start);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const Session s = session_with_a_lambda_change();
        window.open_session(s);
        for (int pass = 0; pass < 2; ++pass) {
            QCOMPARE(window.lambda_box()->value(), 2.5);
            QCOMPARE(window.model_panel().lambda(), 2.5);
            QCOMPARE(window.viewport().overlay().stats().lambda, 2.5);
            QCOMPARE(window.partition_panel().lambda(), 2.5);
            QVERIFY2(window.status_label()->text().contains("λ = 2.5 "),
                     qPrintable(window.status_label()->text()));
            QCOMPARE(window.speed_box()->value(), 3.5);
            QCOMPARE(window.model_panel().speed_box()->value(), 3.5);
            QCOMPARE(window.colour_box()->currentIndex(), int(ColourMode::monomer_heat));
            QCOMPARE(window.viewport().colour_mode(), ColourMode::monomer_heat);
            QCOMPARE(window.model_panel().spec_edit()->text(), QString("grid:8x8"));
            window.controller().sync();
            window.refresh();
        }
        QCOMPARE(window.controller().snapshot().time, s.update_index);
        QCOMPARE(window.controller().snapshot().lambda, 2.5);
    }

    void typing_a_lambda_records_one_change_per_committed_edit() {
        Session s;
        s.graph = "grid:6x6";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.controller().step_frame();
        QDoubleSpinBox* box = window.lambda_box();
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, "2.375");
        QCOMPARE(window.controller().lambda(), 1.0);  // nothing recorded while typing
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(window.controller().lambda(), 2.375);
        QCOMPARE(window.model_panel().lambda(), 2.375);
        window.controller().sync();
        const Session saved = window.controller().current_session();
        QCOMPARE(saved.record.changes().size(), std::size_t{2});  // the start λ and the one edit
        QCOMPARE(saved.record.changes().back().lambda, 2.375);
    }

    // The lecture keys, pressed on the picture as a lecturer would: each does its one thing. Then
    // the same keys typed into the graph spec field do nothing but type.
    void lecture_keys_drive_the_lab_from_the_picture_and_never_from_a_text_field() {
        Session s;
        s.graph = "grid:6x6";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        GlViewport& view = window.viewport();
        view.setFocus();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        LabController& lab = window.controller();
        const std::uint64_t frame = std::uint64_t(lab.sweeps_per_frame() * 60);  // grid:6x6: 60 edges

        QTest::keyClick(&view, Qt::Key_Right);
        lab.sync();
        QCOMPARE(lab.snapshot().time, frame);
        QTest::keyClick(&view, Qt::Key_Right);
        lab.sync();
        QCOMPARE(lab.snapshot().time, 2 * frame);
        QTest::keyClick(&view, Qt::Key_R);
        lab.sync();
        QCOMPARE(lab.snapshot().time, std::uint64_t{0});

        QTest::keyClick(&view, Qt::Key_Space);
        QVERIFY(lab.running());
        QTest::keyClick(&view, Qt::Key_Space);
        QVERIFY(!lab.running());

        // λ moves by one step of the sliders' log scale: 1 → 10^(1/100) and back.
        QTest::keyClick(&view, Qt::Key_Plus);
        QCOMPARE(lab.lambda(), lambda_at_slider_position(lambda_slider_position(1.0) + 1));
        QVERIFY(std::abs(window.lambda_box()->value() - lab.lambda()) < 1e-6);  // the box shows 6 decimals
        QTest::keyClick(&view, Qt::Key_Minus);
        QCOMPARE(lab.lambda(), 1.0);
        QTest::keyClick(&view, Qt::Key_Equal);  // "+" without Shift
        QVERIFY(lab.lambda() > 1.0);
        QTest::keyClick(&view, Qt::Key_Minus);

        const double speed = window.speed_box()->value();
        QTest::keyClick(&view, Qt::Key_BracketRight);
        QVERIFY(window.speed_box()->value() > speed);
        QCOMPARE(lab.sweeps_per_frame(), window.speed_box()->value());
        QTest::keyClick(&view, Qt::Key_BracketLeft);
        QCOMPARE(window.speed_box()->value(), speed);

        QTest::keyClick(&view, Qt::Key_Question);
        QVERIFY(window.shortcuts_overlay_visible());
        QTest::keyClick(&view, Qt::Key_Escape);
        QVERIFY(!window.shortcuts_overlay_visible());
        QTest::keyClick(&view, Qt::Key_F1);
        QVERIFY(window.shortcuts_overlay_visible());
        QTest::keyClick(&view, Qt::Key_F1);
        QVERIFY(!window.shortcuts_overlay_visible());

        // In the spec field every one of these keys types, and the lab does not move.
        QLineEdit* spec = window.model_panel().spec_edit();
        spec->setFocus();
        spec->clear();
        lab.step_frame();
        lab.sync();
        const std::uint64_t time = lab.snapshot().time;
        const QString session_name = lab.opened_session().name;
        QTest::keyClicks(spec, "r+-[]1? 2");
        QTest::keyClick(spec, Qt::Key_Right);
        lab.sync();
        QCOMPARE(spec->text(), QString("r+-[]1? 2"));
        QCOMPARE(lab.snapshot().time, time);
        QCOMPARE(lab.lambda(), 1.0);
        QCOMPARE(window.speed_box()->value(), speed);
        QVERIFY(!lab.running());
        QVERIFY(!window.shortcuts_overlay_visible());
        QCOMPARE(lab.opened_session().name, session_name);

        // A digit on the picture opens that preset (built off the GUI thread).
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_1);
        // The window replaces its controller when the preset is built: ask the window each time.
        QTRY_VERIFY_WITH_TIMEOUT(window.controller().opened_session().name == preset_names().front(), 120000);
    }

    // Help's table lists every lecture key.
    void help_lists_every_lecture_key() {
        const QString html = shortcuts_table_html();
        for (const LectureKey& k : lecture_keys())
            QVERIFY2(html.contains(k.keys_text.toHtmlEscaped()), qPrintable(k.keys_text));
    }

    void apply_keeps_the_colour_mode_and_toolbar_speed_reaches_the_model_panel() {
        Session s;
        s.graph = "grid:6x6";
        s.running = false;
        s.view.colour = ColourMode::plain;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.colour_box()->setCurrentIndex(int(ColourMode::orientation_parity));
        window.speed_box()->setValue(7.25);
        QCOMPARE(window.model_panel().speed_box()->value(), 7.25);
        QCOMPARE(window.controller().sweeps_per_frame(), 7.25);
        window.model_panel().spec_edit()->setText("torus:6x4");
        QSignalSpy built(&window, &MainWindow::build_finished);
        window.model_panel().apply();  // builds on a worker thread
        QVERIFY(built.wait(60000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QCOMPARE(QString::fromStdString(window.controller().graph().spec()), QString("torus:6x4"));
        QCOMPARE(window.viewport().colour_mode(), ColourMode::orientation_parity);
        QCOMPARE(window.colour_box()->currentIndex(), int(ColourMode::orientation_parity));
        QCOMPARE(window.controller().sweeps_per_frame(), 7.25);
        QCOMPARE(window.speed_box()->value(), 7.25);
    }

    void hidden_hud_leaves_a_hint_in_the_status_bar() {
        Session s;
        s.graph = "grid:4x4";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.refresh();
        QVERIFY(!window.hud_hint()->isVisible());
        window.viewport().setFocus();
        QTest::keyClick(&window.viewport(), Qt::Key_H);
        QVERIFY(!window.viewport().overlay().visible());
        window.refresh();
        QVERIFY(window.hud_hint()->isVisible());
        QVERIFY(window.hud_hint()->text().contains("H"));
        QTest::keyClick(&window.viewport(), Qt::Key_H);
        window.refresh();
        QVERIFY(!window.hud_hint()->isVisible());
    }

    // complete:2000 (two million edges) takes seconds to build: the GUI thread keeps handling
    // events all the while, the old lab stays until the new one is ready, and Cancel drops it.
    void gui_thread_keeps_processing_events_while_a_dense_graph_builds() {
        Session s;
        s.graph = "grid:4x4";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Session dense = s;
        dense.graph = "complete:2000";
        QSignalSpy built(&window, &MainWindow::build_finished);
        window.open_session_in_background(dense);
        QVERIFY(window.building());
        QVERIFY(window.building_label()->isVisible());
        QVERIFY(window.building_label()->text().contains("complete:2000"));
        // Events posted now are handled while the build is still running.
        int handled_while_building = 0;
        for (int i = 0; i < 3; ++i) {
            bool ran = false;
            QTimer::singleShot(0, &window, [&] {
                ran = true;
                if (window.building()) ++handled_while_building;
            });
            QTRY_VERIFY(ran);
        }
        QVERIFY2(handled_while_building >= 1, "no event was handled while complete:2000 was building");
        QCOMPARE(QString::fromStdString(window.controller().graph().spec()), QString("grid:4x4"));
        QVERIFY(built.wait(300000));
        QCOMPARE(built.at(0).at(0).toBool(), true);
        QVERIFY(!window.building());
        QCOMPARE(window.controller().graph().num_edges(), 2000u * 1999u / 2u);

        // Cancel: the running lab stays and the build's result is dropped.
        Session other = s;
        other.graph = "complete:1500";
        built.clear();
        window.open_session_in_background(other);
        QVERIFY(window.building());
        window.cancel_build();
        QVERIFY(!window.building());
        QVERIFY(!built.wait(20000) || built.isEmpty());
        QCOMPARE(QString::fromStdString(window.controller().graph().spec()), QString("complete:2000"));
    }

    // grid:20x20 is beyond the exact marginals' budget: the picture falls back to the heat map and
    // the reason shows beside the colour choice, not only in a tooltip.
    void infeasible_exact_marginals_fall_back_visibly() {
        Session s;
        s.graph = "grid:20x20";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.resize(1280, 800);  // the toolbar has room for the note
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.colour_note()->isVisible());
        window.colour_box()->setCurrentIndex(int(ColourMode::exact_marginals));
        QVERIFY2(window.colour_note()->isVisible(), qPrintable(window.colour_note()->text()));
        QVERIFY2(window.colour_note()->text().contains("not feasible"),
                 qPrintable(window.colour_note()->text()));
        QVERIFY(window.colour_note()->text().contains("heat map"));
        window.colour_box()->setCurrentIndex(int(ColourMode::plain));
        QVERIFY(!window.colour_note()->isVisible());
        // A small graph has them: no note.
        Session small = s;
        small.graph = "grid:4x4";
        small.view.colour = ColourMode::exact_marginals;
        window.open_session(small);
        window.refresh();
        QVERIFY(!window.colour_note()->isVisible());
    }

    void presentation_mode_on_and_off() {
        Session s;
        s.graph = "hex:8x6";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto docks = window.findChildren<QDockWidget*>();
        QCOMPARE(docks.size(), 4);
        QVERIFY(!window.caption()->isVisible());
        QVERIFY(window.legend()->isVisible());  // the legend is there in the working layout too
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));  // shortcuts go to the active window
        QTest::keyClick(&window, Qt::Key_F11);
        QVERIFY(window.presentation());
        QTRY_VERIFY(window.isFullScreen());
        for (QDockWidget* d : docks) QVERIFY2(!d->isVisible(), qPrintable(d->objectName()));
        QVERIFY(!window.menuBar()->isVisible());
        QVERIFY(window.caption()->isVisible());
        window.refresh();
        const QString caption = window.caption()->text();
        for (const QString& part :
             {QString("hex:8x6"), QString("λ = 1"), QString("glauber"), QString("sweeps")})
            QVERIFY2(caption.contains(part), qPrintable(caption));
        QVERIFY(window.caption()->font().pointSizeF() > window.font().pointSizeF() * 1.5);
        QVERIFY(window.legend()->isVisible());
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.presentation());
        QTRY_VERIFY(!window.isFullScreen());
        for (QDockWidget* d : docks) QVERIFY2(d->isVisible(), qPrintable(d->objectName()));
        QVERIFY(window.menuBar()->isVisible());
        QVERIFY(!window.caption()->isVisible());
    }

    // The projector's weights (View > High contrast): in presentation mode the caption grows by the
    // ratio of render/line_weights.hpp's scales (or as far as the window's width allows) and the
    // legend with it, and both go back when it is switched off.
    void high_contrast_enlarges_caption_and_legend() {
        Session s;
        s.graph = "grid:6x6";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.set_presentation(true);
        QTRY_VERIFY(window.isFullScreen());
        window.refresh();
        QVERIFY(!window.caption()->text().isEmpty());
        const double caption_pt = window.caption()->font().pointSizeF();
        const int legend_h = window.legend()->sizeHint().height();
        QVERIFY(!window.high_contrast() && !window.viewport().high_contrast());
        window.set_high_contrast(true);
        QVERIFY(window.viewport().high_contrast());
        const double expected =
            render::kProjectorWeights.caption_scale / render::kNormalWeights.caption_scale;
        // The weights' ratio, unless that would not fit: then as large as fits (the line fills the width).
        const double grown = window.caption()->font().pointSizeF() / caption_pt;
        const double filled =
            QFontMetricsF(window.caption()->font()).horizontalAdvance(window.caption()->text()) /
            window.width();
        QVERIFY2(grown > 1.1 && (std::abs(grown - expected) < 0.05 || (grown < expected && filled > 0.85)),
                 qPrintable(QString("%1 pt -> %2 pt, window %3 px, caption '%4'")
                                .arg(caption_pt)
                                .arg(window.caption()->font().pointSizeF())
                                .arg(window.width())
                                .arg(window.caption()->text())));
        // The legend's height follows its font (swatches scale with it), less its fixed margins.
        QVERIFY2(window.legend()->sizeHint().height() > 1.3 * legend_h,
                 qPrintable(QString("%1 -> %2").arg(legend_h).arg(window.legend()->sizeHint().height())));
        // Larger, and still on one line inside the window.
        QVERIFY(QFontMetricsF(window.caption()->font()).horizontalAdvance(window.caption()->text()) <
                window.width());
        window.set_high_contrast(false);
        QCOMPARE(window.caption()->font().pointSizeF(), caption_pt);
        QCOMPARE(window.legend()->sizeHint().height(), legend_h);
        window.set_presentation(false);
    }

    // The status bar's GPU line on this machine, with the probe's reason in its tooltip.
    void status_bar_says_where_the_chain_runs() {
        Session s;
        s.graph = "grid:4x4";
        s.running = false;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.refresh();
        auto* label = window.findChild<QLabel*>("gpu-words");
        QVERIFY(label && label->isVisible());
        const CudaAvailability cuda = cuda_availability();
        QCOMPARE(label->text(), gpu_in_class_words(cuda, "cpu").text);
        QVERIFY(label->text().startsWith("GPU: "));
        if (!cuda.available) QCOMPARE(label->toolTip(), QString::fromStdString(cuda.reason));
    }

    void layout_is_saved_restored_and_reset() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath("layout.ini"), QSettings::IniFormat);
        Session s;
        s.graph = "grid:4x4";
        s.running = false;
        {
            MainWindow window(s);
            window.set_manual_frames(true);
            window.resize(1100, 760);
            window.apply_default_layout();
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            // The picture is the largest area.
            QVERIFY2(window.viewport().width() > window.width() / 2,
                     qPrintable(QString::number(window.viewport().width())));
            window.findChild<QDockWidget*>("verification-dock")->hide();
            window.save_layout(settings);
        }
        settings.sync();
        MainWindow window(s);
        window.set_manual_frames(true);
        QVERIFY(window.restore_layout(settings));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.findChild<QDockWidget*>("verification-dock")->isVisible());
        QVERIFY(window.findChild<QDockWidget*>("partition-dock")->isVisible());
        window.reset_layout();
        QVERIFY(window.findChild<QDockWidget*>("verification-dock")->isVisible());
        QSettings empty(dir.filePath("none.ini"), QSettings::IniFormat);
        QVERIFY(!window.restore_layout(empty));
    }

    // render --caption and the export dialog's option: the caption band on top of every frame and
    // the legend band at the bottom, with the legend's own swatch colours.
    void exported_frames_carry_caption_and_legend() {
        render::AnimationRequest r;
        r.session.graph = "grid:6x6";
        r.frames = 1;
        r.width = 480;
        r.height = 320;
        r.caption = true;
        QImage frame;
        render::render_animation(r, [&](int, std::span<const std::uint8_t> rgb) {
            frame = QImage(rgb.data(), r.width, r.height, r.width * 3, QImage::Format_RGB888).copy();
            return true;
        });
        QVERIFY(!frame.isNull());
        int dark_top = 0, blue_bottom = 0, orange_bottom = 0;
        for (int y = 0; y < 14; ++y)
            for (int x = 0; x < r.width; ++x) dark_top += qGray(frame.pixel(x, y)) < 80;
        for (int y = r.height - 24; y < r.height; ++y)
            for (int x = 0; x < r.width; ++x) {
                blue_bottom += frame.pixelColor(x, y) == QColor(40, 90, 200);
                orange_bottom += frame.pixelColor(x, y) == QColor(230, 120, 20);
            }
        QVERIFY2(dark_top > 30, "no caption text at the top");  // the caption's letters
        QVERIFY2(blue_bottom > 10 && orange_bottom > 10, "no legend swatches at the bottom");
        QCOMPARE(QString::fromStdString(render::frame_caption("grid:6x6", 1, "glauber", 0)),
                 QString("grid:6x6   ·   λ = 1   ·   glauber dynamics   ·   0 sweeps"));
    }
    void shuffling_steps_are_captioned_by_order_not_sweeps() {
        // One update per step: a frame of the shuffle is thousands of updates short of a sweep.
        const Graph g = make_graph("aztec:5");
        auto steps = make_cpu_sampler(g, Dynamics::shuffle_steps, 1, LambdaRecord(kInfiniteLambda),
                                      MateArray(g.num_vertices(), kNoMate));
        steps->advance(3);
        const std::string progress = render::frame_progress(*steps);
        QCOMPARE(QString::fromStdString(progress), QString("order 3 of 5"));
        QCOMPARE(QString::fromStdString(
                     render::frame_caption("aztec:5", kInfiniteLambda, "shuffle-steps", 0, progress)),
                 QString("aztec:5   ·   λ = ∞   ·   shuffle-steps dynamics   ·   order 3 of 5"));
        auto glauber = make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1.0),
                                        MateArray(g.num_vertices(), kNoMate));
        QVERIFY(render::frame_progress(*glauber).empty());
    }
};

QTEST_MAIN(TestAppMainWindow)
#include "test_app_main_window.moc"
