// The GL viewport itself, under Xvfb (xcb): a 4x4 grid with a known matching is drawn and the
// pixels at the dimers and at a monomer are checked; a lab that asked for the cuda backend says
// which path fills its edge states (CUDA–GL interop or the CPU upload, and why) and draws the
// same pixels as the CPU upload and the off-screen renderer. Needs OpenGL: never run it offscreen.
#include <QSurfaceFormat>
#include <QtTest>
#include <cmath>
#include <cstring>

#include "dimerlab_gpu/gl_interop.hpp"
#include "dimerlab_render/line_weights.hpp"
#include "dimerlab_render/offscreen_renderer.hpp"
#include "gl_viewport.hpp"
#include "graph/graph_spec.hpp"
#include "lab_controller.hpp"
#include "model/matching.hpp"
#include "util/gpu_absence_words.hpp"

using namespace dimerlab;
using namespace dimerlab::app;
using namespace dimerlab::render;

namespace {

bool is_orange(QColor c) {
    return c.red() > 200 && c.green() > 90 && c.green() < 150 && c.blue() < 60;
}
bool is_blue(QColor c) {
    return c.red() < 80 && c.green() > 70 && c.green() < 110 && c.blue() > 180;
}

// Rows of two RGB888 images of one size that differ.
int differing_rows(const QImage& a, const QImage& b) {
    int rows = 0;
    for (int y = 0; y < a.height(); ++y)
        rows += std::memcmp(a.constScanLine(y), b.constScanLine(y), a.width() * 3) != 0;
    return rows;
}

}  // namespace

class TestAppViewport : public QObject {
    Q_OBJECT
  public:
    // QTEST_MAIN calls this before QApplication: a 3.3 core context, as main() asks for.
    static void initMain() {
        QSurfaceFormat f;
        f.setVersion(3, 3);
        f.setProfile(QSurfaceFormat::CoreProfile);
        f.setDepthBufferSize(24);
        QSurfaceFormat::setDefaultFormat(f);
    }

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == "xcb",
                 "GL tests need X (xvfb-run, QT_QPA_PLATFORM=xcb); the offscreen platform has no OpenGL");
    }
    void known_matching_on_a_4x4_grid_has_dimer_and_monomer_colours() {
        auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        GlViewport view;
        view.resize(400, 400);
        view.set_scene(std::make_shared<const SceneGeometry>(g));
        MateArray mate(16, kNoMate);
        const auto pair = [&](VertexId u, VertexId v) {
            mate[u] = v;
            mate[v] = u;
        };
        pair(0, 1);    // horizontal, y = 0
        pair(5, 9);    // vertical, x = 1
        pair(10, 11);  // horizontal, y = 2
        Snapshot s;
        s.mate = mate;
        view.show_snapshot(s);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage img = view.grabFramebuffer();
        QVERIFY(view.gl_ok());
        QVERIFY2(view.context()->format().profile() == QSurfaceFormat::CoreProfile, "core profile expected");
        const double dpr = img.devicePixelRatio();
        const auto at = [&](double x, double y) {
            const glm::dvec2 p = view.camera().world_to_screen({x, y}) * dpr;
            return img.pixelColor(int(p.x), int(p.y));
        };
        QVERIFY2(is_orange(at(0.5, 0)), qPrintable(at(0.5, 0).name()));
        QVERIFY2(is_orange(at(1, 1.5)), qPrintable(at(1, 1.5).name()));
        QVERIFY2(is_orange(at(2.5, 2)), qPrintable(at(2.5, 2).name()));
        QVERIFY2(is_blue(at(3, 3)), qPrintable(at(3, 3).name()));  // a monomer
        QVERIFY2(is_blue(at(2, 0)), qPrintable(at(2, 0).name()));
        // Between two monomers on an empty edge: neither colour.
        const QColor empty = at(1.5, 3);
        QVERIFY2(!is_orange(empty) && !is_blue(empty), qPrintable(empty.name()));
        // A matched vertex shows its dimer, not a monomer disc (just inside the dimer's end).
        QVERIFY2(is_orange(at(1, 1.1)), qPrintable(at(1, 1.1).name()));

        // Orientation x parity: horizontal and vertical dimers differ; the horizontal dimers at
        // (0,0) and (2,2) start on the same sublattice and share a colour.
        view.set_colour_mode(ColourMode::orientation_parity);
        const QImage img2 = view.grabFramebuffer();
        const auto at2 = [&](double x, double y) {
            const glm::dvec2 p = view.camera().world_to_screen({x, y}) * dpr;
            return img2.pixelColor(int(p.x), int(p.y));
        };
        QVERIFY(at2(0.5, 0) != at2(1, 1.5));
        QCOMPARE(at2(2.5, 2), at2(0.5, 0));
        QVERIFY(!is_blue(at2(1, 1.5)));
    }

    // The projector's weights on the same matching: the empty edges twice as thick (their clamp's
    // bounds double) and darker, the dimers dimer_factor (1.4) times as thick, within a pixel's
    // rounding on either side.
    void high_contrast_draws_thicker_darker_lines() {
        auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        GlViewport view;
        view.resize(400, 400);
        view.set_scene(std::make_shared<const SceneGeometry>(g));
        MateArray mate(16, kNoMate);
        mate[0] = 1;
        mate[1] = 0;
        Snapshot s;
        s.mate = mate;
        view.show_snapshot(s);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        struct Cut {
            int dimer_px, edge_px, edge_grey;
        };
        // The run of non-background pixels down the screen column through a world point.
        const auto cut = [&] {
            const QImage img = view.grabFramebuffer();
            const double dpr = img.devicePixelRatio();
            const auto run = [&](double x, double y, auto&& inside) {
                const glm::dvec2 p = view.camera().world_to_screen({x, y}) * dpr;
                int n = 0;
                for (int py = 0; py < img.height(); ++py) {
                    const int d = std::abs(py - int(p.y));
                    if (d < 40 && inside(img.pixelColor(int(p.x), py))) ++n;
                }
                return n;
            };
            const glm::dvec2 e = view.camera().world_to_screen({1.5, 3}) * dpr;
            return Cut{run(0.5, 0, is_orange), run(1.5, 3, [](QColor c) { return c.lightness() < 250; }),
                       img.pixelColor(int(e.x), int(e.y)).lightness()};
        };
        const Cut normal = cut();
        QVERIFY(!view.high_contrast());
        view.set_high_contrast(true);
        const Cut heavy = cut();
        const QString seen = QString("dimer %1 -> %2 px, edge %3 -> %4 px, grey %5 -> %6")
                                 .arg(normal.dimer_px)
                                 .arg(heavy.dimer_px)
                                 .arg(normal.edge_px)
                                 .arg(heavy.edge_px)
                                 .arg(normal.edge_grey)
                                 .arg(heavy.edge_grey);
        const double dimer_ratio =
            render::kProjectorWeights.dimer_factor / render::kNormalWeights.dimer_factor;
        QVERIFY2(normal.dimer_px >= 10 && std::abs(heavy.dimer_px - dimer_ratio * normal.dimer_px) <= 2,
                 qPrintable(seen));
        QVERIFY2(heavy.dimer_px >= normal.dimer_px + 4, qPrintable(seen));  // visibly thicker
        QVERIFY2(normal.edge_px >= 2 && heavy.edge_px >= 2 * normal.edge_px - 1, qPrintable(seen));
        QVERIFY2(heavy.edge_grey < normal.edge_grey - 40, qPrintable(seen));
    }

    // A lab that asked for cuda: on a machine without a device (CI, this one) its chain runs on the
    // CPU and the viewport must say "CPU upload" with the probe's own reason; with a device the
    // path is interop or the CPU upload with the reason registration failed (Xvfb's GL is not on
    // the GPU). Either way the frame equals the CPU upload of the same matching (the path before
    // interop existed) and the off-screen renderer's, pixel for pixel.
    void cuda_lab_reports_its_edge_state_path_and_draws_the_cpu_pixels() {
        Session session;
        session.graph = "torus:10x8";
        session.backend = Backend::cuda;
        session.seed = 5;
        session.running = false;
        session.update_index = 30 * 160;  // a mixed matching: dimers and monomers both drawn
        GlViewport view;
        view.overlay().set_visible(false);  // window-only, never exported
        view.resize(260, 220);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        LabController lab(session, view);
        lab.sync();
        QCOMPARE(lab.snapshot().time, session.update_index);
        const QImage window = view.grabFramebuffer().convertToFormat(QImage::Format_RGB888);
        QVERIFY2(view.gl_ok(), qPrintable(view.gl_description()));

        const EdgeStatePath path = view.edge_state_path();
        const gpu::InteropStatus status = gpu::gl_interop_status();
        if (!status.available) {
            QVERIFY(!path.interop);
            QVERIFY(!status.reason.empty());
            QCOMPARE(path.reason, QString::fromStdString(status.reason));
            QCOMPARE(lab.backend(), QString("cpu"));  // make_sampler's fallback (run_on_cpu)
            QVERIFY(!lab.snapshot().device_edges.available());
        } else {
            QVERIFY2(path.interop || !path.reason.isEmpty(), qPrintable(path.text()));
        }
        // A class reads plain words, never CUDA's message; the message stays in path.reason.
        QCOMPARE(path.text(), path.interop ? QString("edge states: CUDA-GL interop")
                                           : "edge states: CPU upload (" +
                                                 (path.words.isEmpty() ? path.reason : path.words) + ")");
        if (!status.available) {
            QCOMPARE(path.words,
                     QString("no GPU: %1")
                         .arg(QString::fromStdString(dimerlab::gpu_absence_in_plain_words(status.reason))));
            QVERIFY2(!path.text().contains("CUDA"), qPrintable(path.text()));
        }

        // The same matching through the CPU upload: no device source.
        Snapshot cpu = lab.snapshot();
        cpu.device_edges = {};
        view.show_snapshot(cpu);
        const QImage uploaded = view.grabFramebuffer().convertToFormat(QImage::Format_RGB888);
        QVERIFY(!view.edge_state_path().interop);
        QCOMPARE(uploaded.size(), window.size());
        QCOMPARE(differing_rows(window, uploaded), 0);

        OffscreenRenderer off(window.width(), window.height());
        off.renderer().set_scene(std::make_shared<const SceneGeometry>(lab.shared_graph()));
        off.renderer().set_states(cpu.mate);
        off.camera() = view.camera();
        const QImage offscreen = off.render_image().convertToFormat(QImage::Format_RGB888);
        QCOMPARE(offscreen.size(), window.size());
        QCOMPARE(differing_rows(window, offscreen), 0);
        // Not blank: the matching has both dimers and monomers.
        QVERIFY(cpu.dimers > 0 && 2 * cpu.dimers < 80);

        // The overlay carries the same line when shown.
        view.overlay().set_visible(true);
        view.grabFramebuffer();
        QCOMPARE(QString::fromStdString(view.overlay().note()), view.edge_state_path().text());
    }
};

QTEST_MAIN(TestAppViewport)
#include "test_app_viewport.moc"
