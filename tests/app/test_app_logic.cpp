// App logic without OpenGL: camera, drawing geometry, sessions, the sampler thread's commands
// and the controller, which talks to a mock render target.
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/camera.hpp"
#include "dimerlab_render/device_edge_states.hpp"
#include "dimerlab_render/scene_geometry.hpp"
#include "dimerlab_render/vertex_spacing.hpp"
#include "exact_sample_text.hpp"
#include "graph/graph_spec.hpp"
#include "lab_controller.hpp"
#include "lambda_range.hpp"
#include "mock_render_target.hpp"
#include "model/matching.hpp"
#include "sampler_worker.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using namespace dimerlab::app;
using namespace dimerlab::render;

namespace {

Session small_session() {
    Session s;
    s.name = "t";
    s.graph = "grid:8x8";
    s.seed = 7;
    s.running = false;
    return s;
}

}  // namespace

class TestAppLogic : public QObject {
    Q_OBJECT
  private slots:
    void camera_screen_world_round_trip() {
        Camera cam;
        cam.set_viewport(640, 480);
        cam.set_view({3.5, -2.0}, 17.0);
        for (glm::dvec2 s : {glm::dvec2(0, 0), glm::dvec2(639, 479), glm::dvec2(123.5, 400.25)}) {
            const glm::dvec2 back = cam.world_to_screen(cam.screen_to_world(s));
            QVERIFY(glm::distance(back, s) < 1e-9);
        }
        // The centre of the widget shows the camera centre; world y grows upwards.
        QVERIFY(glm::distance(cam.screen_to_world({320, 240}), glm::dvec2(3.5, -2.0)) < 1e-12);
        QVERIFY(cam.screen_to_world({320, 0}).y > cam.screen_to_world({320, 479}).y);
    }
    void camera_zoom_keeps_the_point_under_the_cursor() {
        Camera cam;
        cam.set_viewport(800, 600);
        cam.fit({{0, 0}, {63, 63}});
        const glm::dvec2 cursor(100, 500);
        const glm::dvec2 before = cam.screen_to_world(cursor);
        cam.zoom_about(cursor, 3.0);
        QVERIFY(glm::distance(cam.screen_to_world(cursor), before) < 1e-9);
        cam.pan_pixels({10, 0});
        QVERIFY(cam.screen_to_world(cursor).x < before.x);
    }
    void camera_fit_shows_the_whole_box() {
        Camera cam;
        cam.set_viewport(900, 700);
        cam.fit({{-5, 2}, {45, 12}});
        for (glm::dvec2 corner : {glm::dvec2(-5, 2), glm::dvec2(45, 12)}) {
            const glm::dvec2 s = cam.world_to_screen(corner);
            QVERIFY(s.x > 0 && s.x < 900 && s.y > 0 && s.y < 700);
        }
    }
    void camera_fit_keeps_the_box_clear_of_the_heads_up_display() {
        const WorldBox box{{-5, 2}, {45, 12}};  // wide: the part below the HUD shows it larger
        const ScreenRect hud{10, 10, 230, 190};
        for (glm::dvec2 viewport : {glm::dvec2(900, 700), glm::dvec2(700, 900), glm::dvec2(1600, 300)}) {
            Camera cam;
            cam.set_viewport(viewport.x, viewport.y);
            cam.fit(box, hud);
            for (glm::dvec2 corner :
                 {box.min, box.max, glm::dvec2(box.min.x, box.max.y), glm::dvec2(box.max.x, box.min.y)}) {
                const glm::dvec2 s = cam.world_to_screen(corner);
                QVERIFY(s.x > 0 && s.x < viewport.x && s.y > 0 && s.y < viewport.y);
                QVERIFY2(!(s.x >= hud.x0 && s.x <= hud.x1 && s.y >= hud.y0 && s.y <= hud.y1),
                         "corner under the HUD");
            }
            // Every point of the box is clear of the HUD: its screen image misses the rectangle.
            const glm::dvec2 a = cam.world_to_screen({box.min.x, box.max.y}),
                             b = cam.world_to_screen({box.max.x, box.min.y});
            QVERIFY(a.x >= hud.x1 || a.y >= hud.y1);
            QVERIFY(b.x > a.x && b.y > a.y);
            // No larger than the plain fit, and an empty rectangle is the plain fit.
            Camera plain;
            plain.set_viewport(viewport.x, viewport.y);
            plain.fit(box);
            QVERIFY(cam.pixels_per_unit() <= plain.pixels_per_unit());
            Camera empty = plain;
            empty.fit(box, ScreenRect{});
            QCOMPARE(empty.pixels_per_unit(), plain.pixels_per_unit());
            QVERIFY(glm::distance(empty.centre(), plain.centre()) < 1e-12);
        }
    }
    void torus_wrap_edges_are_drawn_as_short_stubs() {
        auto g = std::make_shared<const Graph>(make_graph("torus:6x5"));
        SceneGeometry scene(g);
        QCOMPARE(scene.instances().size(), std::size_t(g->num_edges()) + 6 + 5);  // 11 wrap edges
        for (const EdgeInstance& s : scene.instances())
            QVERIFY(std::hypot(s.x1 - s.x0, s.y1 - s.y0) <= 1.0 + 1e-6);
        // A dimer on a wrap edge lights both stubs.
        const EdgeId wrap = *g->find_edge(0, 5);
        MateArray mate(g->num_vertices(), kNoMate);
        mate[0] = 5;
        mate[5] = 0;
        std::vector<std::uint8_t> states;
        scene.edge_states(mate, states);
        int lit = 0;
        for (std::size_t i = 0; i < states.size(); ++i) {
            if (states[i]) {
                ++lit;
                QCOMPARE(scene.instance_edge()[i], wrap);
            }
        }
        QCOMPARE(lit, 2);
    }
    void grid_edges_get_four_orientation_parity_classes() {
        auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        SceneGeometry scene(g);
        QVERIFY(scene.has_orientation_classes());
        const auto cls = [&](VertexId u, VertexId v) { return scene.instance_class()[*g->find_edge(u, v)]; };
        QCOMPARE(cls(0, 1), std::uint8_t(kHorizontalEven));
        QCOMPARE(cls(1, 2), std::uint8_t(kHorizontalOdd));
        QCOMPARE(cls(0, 4), std::uint8_t(kVerticalEven));
        QCOMPARE(cls(1, 5), std::uint8_t(kVerticalOdd));
        SceneGeometry k5(std::make_shared<const Graph>(make_graph("complete:5")));
        QVERIFY(!k5.has_orientation_classes());
    }
    void drawing_sizes_follow_the_gaps_between_vertices_not_the_edge_lengths() {
        // Independent reference: the median over all vertices of the brute-force nearest
        // distance to another (not coincident) vertex.
        const auto brute_median = [](const std::vector<Point2>& p) {
            std::vector<double> nearest;
            for (std::size_t v = 0; v < p.size(); ++v) {
                double best = INFINITY;
                for (std::size_t u = 0; u < p.size(); ++u) {
                    const double d = std::hypot(p[u].x - p[v].x, p[u].y - p[v].y);
                    if (d > 1e-12) best = std::min(best, d);  // coincident points give no scale
                }
                nearest.push_back(best);
            }
            std::nth_element(nearest.begin(), nearest.begin() + nearest.size() / 2, nearest.end());
            return nearest[nearest.size() / 2];
        };
        for (const char* spec :
             {"grid:6x5", "hex:5x4", "petersen", "complete:60", "hypercube:6", "regular:400,3"}) {
            auto g = std::make_shared<const Graph>(make_graph(spec));
            const double expected = brute_median(g->layout());
            QVERIFY2(std::abs(median_nearest_neighbour_distance(g->layout()) - expected) <= 1e-9 * expected,
                     spec);
            QVERIFY2(std::abs(SceneGeometry(g).unit() - expected) <= 1e-9 * expected, spec);
        }
        // On a lattice the unit is still the edge length, so lattice pictures do not change.
        QCOMPARE(SceneGeometry(std::make_shared<const Graph>(make_graph("grid:6x5"))).unit(), 1.0);
        // On K60 (drawn on a circle) the unit is the gap to the next vertex on the circle, far
        // below the median chord, so a dimer drawn 0.36 units wide stays a line.
        auto k60 = std::make_shared<const Graph>(make_graph("complete:60"));
        std::vector<double> chords;
        for (const Edge& e : k60->edges())
            chords.push_back(std::hypot(k60->layout()[e.u].x - k60->layout()[e.v].x,
                                        k60->layout()[e.u].y - k60->layout()[e.v].y));
        std::nth_element(chords.begin(), chords.begin() + chords.size() / 2, chords.end());
        QVERIFY(SceneGeometry(k60).unit() < 0.1 * chords[chords.size() / 2]);
        // Dimers: a third of the unit on a lattice; on K60's long chords thinner still.
        QCOMPARE(SceneGeometry(std::make_shared<const Graph>(make_graph("grid:6x5"))).dimer_width(), 0.36);
        QVERIFY(SceneGeometry(k60).dimer_width() < 0.36 * SceneGeometry(k60).unit());
        QCOMPARE(median_nearest_neighbour_distance(std::vector<Point2>{{1, 1}, {1, 1}}), 0.0);
    }
    void picking_finds_vertices_and_edges() {
        auto g = std::make_shared<const Graph>(make_graph("grid:4x4"));
        SceneGeometry scene(g);
        auto hit = scene.pick({2.05, 1.0});
        QVERIFY(hit && hit->kind == PickResult::Kind::vertex && hit->id == 6);
        hit = scene.pick({2.5, 1.02});
        QVERIFY(hit && hit->kind == PickResult::Kind::edge && hit->id == *g->find_edge(6, 7));
        QVERIFY(!scene.pick({20, 20}));
    }
    void session_json_round_trip_keeps_every_field() {
        Session s = small_session();
        s.description = "d";
        s.dynamics = Dynamics::jerrum_sinclair;
        s.start = StartKind::greedy;
        s.record = LambdaRecord(0.5);
        s.record.change_at(100, 2.0);
        s.record.change_at(250, 0.25);
        s.update_index = 300;
        s.state_hash = 0x0123456789abcdefULL;
        s.sweeps_per_frame = 2.5;
        s.view = {true, 1.5, -2.5, 33.0, ColourMode::orientation_parity};
        const Session t = session_from_json(session_to_json(s), "mem");
        QCOMPARE(t.graph, s.graph);
        QCOMPARE(t.seed, s.seed);
        QVERIFY(t.dynamics == s.dynamics && t.start == s.start);
        QVERIFY(t.record.changes() == s.record.changes());
        QCOMPARE(t.update_index, s.update_index);
        QCOMPARE(*t.state_hash, *s.state_hash);
        QCOMPARE(t.sweeps_per_frame, 2.5);
        QVERIFY(t.view.has_camera && t.view.colour == ColourMode::orientation_parity);
        QCOMPARE(t.view.pixels_per_unit, 33.0);
    }
    void session_errors_name_the_field() {
        const auto message = [](const char* json) {
            try {
                session_from_json(json, "x.json");
            } catch (const InputError& e) {
                return QString(e.what());
            }
            return QString();
        };
        QVERIFY(message("[1]").contains("not a JSON object"));
        QVERIFY(message(R"({"dynamics":"metropolis"})").contains("dynamics"));
        QVERIFY(message(R"({"lambda":-1})").contains("'lambda'"));
        QVERIFY(message(R"({"update_index":10,"lambda_record":[{"at":0,"lambda":1},{"at":20,"lambda":2}]})")
                    .contains("after update_index"));
        QVERIFY(message(R"({"update_index":10,"lambda_record":[{"at":5,"lambda":1}]})")
                    .contains("start at update 0"));
    }
    void every_preset_loads_and_builds() {
        const QStringList names = preset_names();
        for (const char* want : {"default", "aztec", "complete", "regular", "honeycomb", "hypercube"})
            QVERIFY2(names.contains(want), want);
        for (const QString& name : names) {
            const Session s = load_preset(name);
            const Graph g = make_graph(s.graph);
            QVERIFY2(g.num_edges() > 0, qPrintable(name));
        }
        QCOMPARE(load_preset("default").graph, std::string("grid:64x64"));
        QVERIFY(load_preset("default").running);
        QVERIFY_THROWS_EXCEPTION(InputError, load_preset("nope"));
    }
    void lambda_commands_take_effect_at_the_recorded_update_index() {
        const Graph g = make_graph("grid:8x8");
        const std::uint64_t m = g.num_edges();
        SamplerWorker worker(
            make_cpu_sampler(g, Dynamics::glauber, 3, LambdaRecord(1.0), MateArray(64, kNoMate)));
        worker.step(5 * m);
        worker.set_lambda(4.0);
        worker.step(3 * m + 7);
        worker.set_lambda(0.5);
        worker.step(m);
        worker.wait_idle();
        Snapshot s;
        QVERIFY(worker.snapshots().take(s));
        QCOMPARE(s.time, 9 * m + 7);
        QCOMPARE(s.record.changes().size(), std::size_t(3));
        QCOMPARE(s.record.changes()[1].at_update, 5 * m);
        QCOMPARE(s.record.changes()[2].at_update, 8 * m + 7);
        // (seed, record) replays the run in one go.
        auto replay = make_cpu_sampler(g, Dynamics::glauber, 3, s.record, MateArray(64, kNoMate));
        replay->advance(s.time);
        QCOMPARE(state_hash(replay->mate()), s.state_hash);
        QCOMPARE(s.state_hash, state_hash(s.mate));
    }
    // The cftp HUD line: the worker publishes the last sample's coalescence time for cftp chains
    // only, and the overlay's text names it.
    void cftp_snapshots_carry_the_coalescence_time() {
        const Graph g = make_graph("hexagon:4,4,4");
        SamplerWorker worker(make_cpu_sampler(g, Dynamics::cftp, 2, LambdaRecord(kInfiniteLambda),
                                              MateArray(g.num_vertices(), kNoMate)));
        worker.step(1);
        worker.wait_idle();
        Snapshot s;
        QVERIFY(worker.snapshots().take(s));
        QVERIFY(s.coalescence_sweeps.has_value() && *s.coalescence_sweeps >= 1);
        QVERIFY(exact_sample_text(s.coalescence_sweeps)
                    .contains(QString("coalesced after %1 sweeps").arg(*s.coalescence_sweeps)));
        QVERIFY(exact_sample_text(std::nullopt).isEmpty());
        QVERIFY(exact_sample_text(std::uint64_t(0)).contains("none drawn yet"));
        const Graph grid = make_graph("grid:4x4");
        SamplerWorker glauber(
            make_cpu_sampler(grid, Dynamics::glauber, 3, LambdaRecord(1.0), MateArray(16, kNoMate)));
        glauber.step(10);
        glauber.wait_idle();
        QVERIFY(glauber.snapshots().take(s));
        QVERIFY(!s.coalescence_sweeps.has_value());
    }
    void snapshot_reader_never_waits_for_the_writer() {
        SnapshotExchange exchange;
        Snapshot back, front;
        back.time = 5;
        exchange.publish(back);
        QVERIFY(exchange.try_take(front));
        QCOMPARE(front.time, std::uint64_t(5));
        QVERIFY(!exchange.try_take(front));  // nothing newer
    }
    // A snapshot's DeviceEdgeStates holds its chain (and so the device pointer the viewport's
    // interop reads) alive; the chain must go once no live snapshot names it, not linger in the
    // exchange's spare buffers until a paused lab publishes again. A CPU chain stands in for the
    // cuda one: the ownership is the same.
    void snapshots_hold_their_chain_only_while_live() {
        const Graph g = make_graph("path:4");
        std::shared_ptr<const Sampler> first =
            make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1.0), MateArray(4, kNoMate));
        std::weak_ptr<const Sampler> first_alive = first;
        const DeviceEdgeStates none = device_edge_states(first);
        QVERIFY(!none.available());
        QVERIFY(!none.owner);
        QVERIFY(none.why_not.find("host memory") != std::string::npos);

        SnapshotExchange exchange;
        Snapshot back, front;
        back.device_edges.owner = first;
        first.reset();
        exchange.publish(back);
        QVERIFY(!back.device_edges.owner);
        QVERIFY(exchange.take(front));
        QVERIFY(!first_alive.expired());  // the shown snapshot holds it
        // The chain is replaced (reset): the next snapshot names the new one.
        auto second = std::shared_ptr<const Sampler>(
            make_cpu_sampler(g, Dynamics::glauber, 2, LambdaRecord(1.0), MateArray(4, kNoMate)));
        back.device_edges.owner = second;
        exchange.publish(back);
        QVERIFY(exchange.take(front));
        QVERIFY(front.device_edges.owner == second);
        QVERIFY(!back.device_edges.owner);
        QVERIFY(first_alive.expired());  // nothing holds the replaced chain any more
    }
    void saved_session_replays_to_the_same_state_hash() {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.json");
        MockRenderTarget target;
        std::uint64_t saved_hash = 0;
        {
            LabController lab(small_session(), target);
            lab.set_sweeps_per_frame(3);
            lab.step_frame();
            lab.set_lambda(5.0);
            lab.step_frame();
            lab.step_frame();
            lab.set_lambda(0.2);
            lab.set_running(true);
            for (int i = 0; i < 20; ++i) lab.frame();  // running frames, timing-dependent length
            lab.set_running(false);
            lab.sync();
            target.view = {true, 4.0, 5.0, 20.0, ColourMode::orientation_parity};
            lab.save(path);
            saved_hash = lab.snapshot().state_hash;
            QVERIFY(lab.snapshot().time >= 9 * std::uint64_t(lab.graph().num_edges()));
            QCOMPARE(lab.snapshot().record.changes().size(), std::size_t(3));
        }
        const Session loaded = load_session_file(path);
        QCOMPARE(*loaded.state_hash, saved_hash);
        QVERIFY(!loaded.running);
        MockRenderTarget target2;
        LabController lab2(loaded, target2);
        QVERIFY(lab2.replay_check() == LabController::ReplayCheck::pending);
        lab2.sync();
        QCOMPARE(lab2.snapshot().time, loaded.update_index);
        QCOMPARE(lab2.snapshot().state_hash, saved_hash);
        QVERIFY(lab2.replay_check() == LabController::ReplayCheck::matched);
        QCOMPARE(target2.last.state_hash, saved_hash);
        QVERIFY(target2.view.has_camera && target2.view.colour == ColourMode::orientation_parity);
        QCOMPARE(target2.view.pixels_per_unit, 20.0);
    }
    void reset_restarts_at_update_zero_with_the_current_lambda() {
        MockRenderTarget target;
        LabController lab(small_session(), target);
        lab.step_frame();
        lab.set_lambda(3.0);
        lab.sync();
        lab.reset();
        lab.sync();
        QCOMPARE(lab.snapshot().time, std::uint64_t(0));
        QCOMPARE(lab.snapshot().lambda, 3.0);
        QCOMPARE(lab.snapshot().generation, std::uint64_t(1));
        QCOMPARE(lab.snapshot().dimers, 0u);
    }
    void bad_input_starts_nothing() {
        MockRenderTarget target;
        Session s = small_session();
        s.graph = "grid:0x3";
        QVERIFY_THROWS_EXCEPTION(InputError, LabController(s, target));
        QCOMPARE(target.scenes, 0);
        // A λ the window's controls cannot show is refused, never clamped: the shown λ is the one
        // running. The edges of the range open.
        for (const double lambda : {kLambdaMax * 10, kLambdaMin / 10}) {
            s = small_session();
            s.record = LambdaRecord(lambda);
            try {
                LabController refused(s, target);
                QFAIL("a lab outside the controls' range opened");
            } catch (const InputError& e) {
                QVERIFY2(QString(e.what()).contains("outside the window's range"), e.what());
            }
        }
        QCOMPARE(target.scenes, 0);
        for (const double lambda : {kLambdaMax, kLambdaMin}) {
            s = small_session();
            s.record = LambdaRecord(lambda);
            LabController edge(s, target);
        }
        LabController lab(small_session(), target);
        QVERIFY_THROWS_EXCEPTION(InputError, lab.set_lambda(-1));
        QVERIFY_THROWS_EXCEPTION(InputError, lab.set_lambda(std::nan("")));
        lab.sync();
        QCOMPARE(lab.snapshot().record.changes().size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestAppLogic)
#include "test_app_logic.moc"
