// The window and off-screen export share one drawing path (docs/architecture.md §9): the viewport's
// framebuffer and an OffscreenRenderer with the same camera, size and state give identical pixels. Under
// Xvfb.
#include <QtTest>

#include "dimerlab_render/gl_availability.hpp"
#include "dimerlab_render/offscreen_renderer.hpp"
#include "gl_viewport.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"

using namespace dimerlab;
using namespace dimerlab::app;
using namespace dimerlab::render;

class TestRenderMatchesWindow : public QObject {
    Q_OBJECT
  public:
    static void initMain() { set_default_gl_format(); }

  private slots:
    void viewportAndOffscreenGiveTheSamePixels_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("mode");
        QTest::newRow("grid plain") << "grid:9x7" << int(ColourMode::plain);
        QTest::newRow("torus parity") << "torus:8x8" << int(ColourMode::orientation_parity);
        QTest::newRow("hex parity") << "hex:5x4" << int(ColourMode::orientation_parity);
        QTest::newRow("complete") << "complete:9" << int(ColourMode::plain);
    }
    void viewportAndOffscreenGiveTheSamePixels() {
        QFETCH(QString, spec);
        QFETCH(int, mode);
        auto graph = std::make_shared<const Graph>(make_graph(spec.toStdString()));
        auto scene = std::make_shared<const SceneGeometry>(graph);
        auto sampler = make_cpu_sampler(*graph, Dynamics::glauber, 3, LambdaRecord(1.0),
                                        MateArray(graph->num_vertices(), kNoMate));
        sampler->advance(20ull * graph->num_edges());
        Snapshot snapshot;
        snapshot.mate.assign(sampler->mate().begin(), sampler->mate().end());

        GlViewport view;
        view.overlay().set_visible(false);  // the heads-up overlay is window-only, never exported
        view.resize(230, 170);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.set_scene(scene);
        view.show_snapshot(snapshot);
        view.set_colour_mode(ColourMode(mode));
        const QImage window = view.grabFramebuffer().convertToFormat(QImage::Format_RGB888);
        QVERIFY2(view.gl_ok(), qPrintable(view.gl_description()));
        QCOMPARE(window.devicePixelRatio(), 1.0);  // Xvfb: logical and device pixels agree

        OffscreenRenderer off(window.width(), window.height());
        off.renderer().set_scene(scene);
        off.renderer().set_states(snapshot.mate);
        off.renderer().set_colour_mode(ColourMode(mode));
        off.camera() = view.camera();
        const QImage offscreen = off.render_image();
        QCOMPARE(offscreen.size(), window.size());
        int differing = 0;
        for (int y = 0; y < window.height(); ++y)
            differing +=
                std::memcmp(window.constScanLine(y), offscreen.constScanLine(y), window.width() * 3) != 0;
        QCOMPARE(differing, 0);
        // Not a blank picture: over 5% of the pixels are drawn (not the white background).
        int drawn = 0;
        for (int y = 0; y < offscreen.height(); ++y)
            for (int x = 0; x < offscreen.width(); ++x)
                drawn += offscreen.pixelColor(x, y) != QColor(Qt::white);
        QVERIFY2(drawn > offscreen.width() * offscreen.height() / 20, qPrintable(QString::number(drawn)));
    }
};

QTEST_MAIN(TestRenderMatchesWindow)
#include "test_render_matches_window.moc"
