// The exact-probabilities colour modes in the main window (under Xvfb: the window holds the GL
// viewport). On aztec:6 at λ = ∞ every edge instance the renderer draws carries the core's
// placement probability of its edge; the chain's per-edge frequencies stay in [0, 1], sum to the
// number of dimers and move as the shuffle draws new tilings; the difference mode is frequency
// minus probability; a finite λ falls back visibly, with the reason beside the colour choice.
// Exported frames draw both modes, and refuse what the window falls back from.
#include <QComboBox>
#include <QLabel>
#include <QtTest>
#include <cmath>

#include "dimerlab_render/animation_export.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "dimerlab_render/placement_cache.hpp"
#include "gl_viewport.hpp"
#include "graph/graph_spec.hpp"
#include "lab_controller.hpp"
#include "main_window.hpp"
#include "model/lambda_record.hpp"
#include "tilings/placement_probabilities.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

Session aztec_at_infinity() {
    Session s;
    s.graph = "aztec:6";
    s.dynamics = Dynamics::shuffle;
    s.start = StartKind::exact;
    s.record = LambdaRecord(kInfiniteLambda);
    s.running = false;
    s.view.colour = ColourMode::exact_probabilities;
    return s;
}

void run_frames(MainWindow& window, int frames) {
    window.controller().set_running(true);
    for (int k = 0; k < frames; ++k) {
        window.controller().step_frame();
        window.controller().sync();
    }
    window.refresh();
}

}  // namespace

class TestExactProbabilitiesView : public QObject {
    Q_OBJECT
  public:
    static void initMain() { render::set_default_gl_format(); }

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == "xcb",
                 "GL tests need X (xvfb-run, QT_QPA_PLATFORM=xcb); the offscreen platform has no OpenGL");
    }

    void colour_names_round_trip_through_a_session() {
        for (ColourMode m : {ColourMode::exact_probabilities, ColourMode::probability_difference}) {
            QVERIFY(parse_colour_mode(colour_mode_name(m)) == m);
            Session s = aztec_at_infinity();
            s.view.colour = m;
            QVERIFY(session_from_json(session_to_json(s), "again").view.colour == m);
        }
        QCOMPARE(colour_mode_name(ColourMode::exact_probabilities), QString("exact-probabilities"));
    }

    void the_renderer_draws_the_exact_probabilities() {
        MainWindow window(aztec_at_infinity());
        window.set_manual_frames(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const GlViewport& view = window.viewport();
        QVERIFY2(view.colour_note().isEmpty(), qPrintable(view.colour_note()));
        QVERIFY(!window.colour_note()->isVisible());
        QCOMPARE(window.colour_box()->currentIndex(), int(ColourMode::exact_probabilities));

        const Graph& g = window.controller().graph();
        const PlacementProbabilities exact = placement_probabilities(g);
        QCOMPARE(view.edge_values_shown().size(), std::size_t(g.num_edges()));
        for (EdgeId e = 0; e < g.num_edges(); ++e)
            QCOMPARE(view.edge_values_shown()[e], float(exact.edge[e]));
        const auto& instance_edge = view.renderer().scene()->instance_edge();
        const std::vector<float>& drawn = view.renderer().instance_edge_values();
        QCOMPARE(drawn.size(), instance_edge.size());
        for (std::size_t i = 0; i < drawn.size(); ++i)
            QCOMPARE(drawn[i], float(exact.edge[instance_edge[i]]));

        // The chain's frequencies: shares in [0, 1], n/2 dimers a frame, and they move.
        const std::uint64_t before = view.edge_frequency().samples();
        run_frames(window, 1);
        const std::vector<float> first(view.edge_frequency().fractions().begin(),
                                       view.edge_frequency().fractions().end());
        run_frames(window, 40);
        const auto freq = view.edge_frequency().fractions();
        QVERIFY(view.edge_frequency().samples() >= before + 30);
        double sum = 0;
        bool moved = false;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            QVERIFY(freq[e] >= 0.0f && freq[e] <= 1.0f);
            sum += freq[e];
            moved = moved || freq[e] != first[e];
        }
        QVERIFY(moved);
        QVERIFY(std::abs(sum - g.num_vertices() / 2.0) < 1e-3);
        // The exact values stay put while the chain runs.
        for (EdgeId e = 0; e < g.num_edges(); ++e)
            QCOMPARE(view.edge_values_shown()[e], float(exact.edge[e]));

        // Chain − exact: the difference of the two, on the diverging ramp.
        window.colour_box()->setCurrentIndex(int(ColourMode::probability_difference));
        QCOMPARE(view.colour_mode(), ColourMode::probability_difference);
        QVERIFY(view.colour_note().isEmpty());
        for (EdgeId e = 0; e < g.num_edges(); ++e)
            QCOMPARE(view.edge_values_shown()[e],
                     view.edge_frequency().fractions()[e] - float(exact.edge[e]));
    }

    void a_finite_lambda_falls_back_visibly() {
        Session s = aztec_at_infinity();
        s.record = LambdaRecord(2.0);
        s.dynamics = Dynamics::glauber;
        s.start = StartKind::empty;
        MainWindow window(s);
        window.set_manual_frames(true);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        run_frames(window, 2);
        const QString note = window.viewport().colour_note();
        QVERIFY2(!note.isEmpty() && note.contains(QString::fromUtf8("λ = ∞")) && note.contains("finite"),
                 qPrintable(note));
        QVERIFY(window.colour_note()->isVisible());
        // The chain's own frequencies stand in: never a blank picture.
        const auto freq = window.viewport().edge_frequency().fractions();
        QCOMPARE(window.viewport().edge_values_shown(), std::vector<float>(freq.begin(), freq.end()));
        window.colour_box()->setCurrentIndex(int(ColourMode::plain));
        QVERIFY(!window.colour_note()->isVisible());
    }

    // Graphs the cache refuses say why; wrong-sized samples are ignored.
    void the_cache_and_the_counter_refuse_with_reasons() {
        render::PlacementCache cache;
        QVERIFY(!cache.get(make_graph("complete:6"), kInfiniteLambda));
        QVERIFY2(cache.error().find("bipartite") != std::string::npos, cache.error().c_str());
        QVERIFY(!cache.get(make_graph("grid:200x200"), kInfiniteLambda));
        QVERIFY2(cache.error().find("multiply-adds") != std::string::npos, cache.error().c_str());
        const Graph g = make_graph("aztec:3");
        QVERIFY(cache.get(g, kInfiniteLambda));
        QVERIFY(cache.error().empty());
        QVERIFY(!cache.get(g, 1.0));
        QVERIFY(!cache.error().empty());
        render::EdgeFrequency f;
        f.reset(g.num_edges());
        f.add(g, std::vector<std::uint32_t>{1, 0});
        QCOMPARE(f.samples(), std::uint64_t{0});
    }

    void exported_frames_draw_both_modes() {
        for (ColourMode mode : {ColourMode::exact_probabilities, ColourMode::probability_difference}) {
            render::AnimationRequest r;
            r.session = aztec_at_infinity();
            r.session.view.colour = mode;
            r.frames = 3;
            r.width = 120;
            r.height = 120;
            r.caption = false;
            int coloured = 0;
            QVERIFY(render::render_animation(r, [&](int, std::span<const std::uint8_t> rgb) {
                for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
                    coloured += std::max({rgb[i], rgb[i + 1], rgb[i + 2]}) -
                                    std::min({rgb[i], rgb[i + 1], rgb[i + 2]}) >
                                40;
                return true;
            }));
            QVERIFY2(coloured > 300, qPrintable(QString("%1: %2").arg(colour_mode_name(mode)).arg(coloured)));
        }
        render::AnimationRequest finite;
        finite.session = aztec_at_infinity();
        finite.session.record = LambdaRecord(2.0);
        finite.session.dynamics = Dynamics::glauber;
        finite.session.start = StartKind::empty;
        finite.frames = 1;
        finite.width = finite.height = 64;
        QVERIFY_THROWS_EXCEPTION(InfeasibleError,
                                 render::render_animation(finite, [](int, auto) { return true; }));
    }
};

QTEST_MAIN(TestExactProbabilitiesView)
#include "test_exact_probabilities_view.moc"
