// The GL viewport itself, under Xvfb (xcb): a 4x4 grid with a known matching is drawn and the
// pixels at the dimers and at a monomer are checked. Needs OpenGL: never run it offscreen.
#include <QSurfaceFormat>
#include <QtTest>

#include "gl_viewport.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

bool is_orange(QColor c) {
    return c.red() > 200 && c.green() > 90 && c.green() < 150 && c.blue() < 60;
}
bool is_blue(QColor c) {
    return c.red() < 80 && c.green() > 70 && c.green() < 110 && c.blue() > 180;
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
};

QTEST_MAIN(TestAppViewport)
#include "test_app_viewport.moc"
