// Off-screen rendering with the viewport's own renderer (docs/architecture.md §9), under Xvfb: pixel colours
// of a 4×4 grid with a known matching, replay determinism (frame hashes), frame k equal to an independent run
// of the chain, and identical frames from the sequential and cpu-parallel backends.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_render/animation_export.hpp"
#include "dimerlab_render/colour_legend.hpp"
#include "dimerlab_render/edge_weight_shades.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "dimerlab_render/height_geometry.hpp"
#include "dimerlab_render/marginal_cache.hpp"
#include "dimerlab_render/monomer_heat.hpp"
#include "dimerlab_render/offscreen_renderer.hpp"
#include "dimerlab_render/palette.hpp"
#include "dimerlab_render/session_replay.hpp"
#include "dimerlab_render/tile_geometry.hpp"
#include "faces/expected_slope.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/matching_constants.hpp"
#include "tilings/placement_probabilities.hpp"
#include "util/fnv_hash.hpp"

using namespace dimerlab;
using namespace dimerlab::render;

namespace {

struct Rgb {
    int r, g, b;
    bool operator==(const Rgb&) const = default;
};

// The default palette's colours as the framebuffer stores them (8 bits a channel).
Rgb to8(const float (&c)[3]) {
    return {int(std::lround(255 * c[0])), int(std::lround(255 * c[1])), int(std::lround(255 * c[2]))};
}
Rgb to8(const palette::Rgb& c) {
    return {int(std::lround(255 * c[0])), int(std::lround(255 * c[1])), int(std::lround(255 * c[2]))};
}
const Palette& kPalette = palette_of(PaletteKind::colour_blind_safe);
const Rgb kWhite = to8(kPalette.background);
const Rgb kGrey = to8(kPalette.edge);
const Rgb kBlue = to8(kPalette.monomer);
const Rgb kDimer[5] = {to8(kPalette.dimer[0]), to8(kPalette.dimer[1]), to8(kPalette.dimer[2]),
                       to8(kPalette.dimer[3]), to8(kPalette.dimer[4])};
const Rgb kDomino[4] = {to8(kPalette.domino[0]), to8(kPalette.domino[1]), to8(kPalette.domino[2]),
                        to8(kPalette.domino[3])};
const Rgb kLozenge[3] = {to8(kPalette.lozenge[0]), to8(kPalette.lozenge[1]), to8(kPalette.lozenge[2])};

int count_colour(const std::vector<std::uint8_t>& rgb, const Rgb& c) {
    int n = 0;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
        n += rgb[i] == c.r && rgb[i + 1] == c.g && rgb[i + 2] == c.b;
    return n;
}

// Pairs vertices greedily along the edges whose both ends satisfy `keep`.
std::vector<std::uint32_t> greedy_matching(const Graph& g, auto keep) {
    std::vector<std::uint32_t> mate(g.num_vertices(), kNoMate);
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        if (keep(ed.u) && keep(ed.v) && mate[ed.u] == kNoMate && mate[ed.v] == kNoMate) {
            mate[ed.u] = ed.v;
            mate[ed.v] = ed.u;
        }
    }
    return mate;
}

Rgb pixel(const std::vector<std::uint8_t>& rgb, int width, glm::dvec2 p) {
    const int x = int(std::floor(p.x)), y = int(std::floor(p.y));
    const std::size_t i = (std::size_t(y) * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
}

char* text(const Rgb& c) {
    return QTest::toString(QString("(%1,%2,%3)").arg(c.r).arg(c.g).arg(c.b));
}

std::uint64_t frame_hash(std::span<const std::uint8_t> rgb) {
    Fnv1a64 h;
    for (std::size_t i = 0; i + 4 <= rgb.size(); i += 4)
        h.add_u32(std::uint32_t(rgb[i]) | std::uint32_t(rgb[i + 1]) << 8 | std::uint32_t(rgb[i + 2]) << 16 |
                  std::uint32_t(rgb[i + 3]) << 24);
    return h.value();
}

std::vector<std::uint64_t> animation_hashes(const AnimationRequest& r) {
    std::vector<std::uint64_t> hashes;
    render_animation(r, [&](int, std::span<const std::uint8_t> rgb) {
        hashes.push_back(frame_hash(rgb));
        return true;
    });
    return hashes;
}

AnimationRequest small_request(const std::string& graph, double lambda) {
    AnimationRequest r;
    r.session.graph = graph;
    r.session.seed = 11;
    r.session.record = LambdaRecord(lambda);
    r.frames = 8;
    r.width = 96;
    r.height = 64;
    r.sweeps_per_frame = 0.5;
    return r;
}

}  // namespace

class TestRenderOffscreen : public QObject {
    Q_OBJECT
  public:
    static void initMain() { set_default_gl_format(); }

  private slots:
    void initTestCase() {
        // Registered to run under xvfb-run: no OpenGL here is a failure, never a skip.
        const std::string why = offscreen_gl_unavailable_reason();
        QVERIFY2(why.empty(), why.c_str());
    }

    // Every edge midpoint shows its state's colour and every vertex centre shows blue exactly when
    // it is a monomer, in both colour modes; the pixel positions come from the camera, not the image.
    void gridWithKnownMatching_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("plain") << int(ColourMode::plain);
        QTest::newRow("orientation-parity") << int(ColourMode::orientation_parity);
    }
    void gridWithKnownMatching() {
        QFETCH(int, mode);
        auto graph = std::make_shared<const Graph>(make_graph("grid:4x4"));
        auto scene = std::make_shared<const SceneGeometry>(graph);
        QVERIFY(scene->has_orientation_classes());
        // Dimers greedily on the upper half only: the lower half keeps monomers and empty edges.
        double y_mid = 0;
        for (const Point2& p : graph->layout()) y_mid += p.y / graph->num_vertices();
        std::vector<std::uint32_t> mate(graph->num_vertices(), kNoMate);
        for (EdgeId e = 0; e < graph->num_edges(); ++e) {
            const Edge& ed = graph->edge(e);
            if (graph->layout()[ed.u].y > y_mid && graph->layout()[ed.v].y > y_mid && mate[ed.u] == kNoMate &&
                mate[ed.v] == kNoMate) {
                mate[ed.u] = ed.v;
                mate[ed.v] = ed.u;
            }
        }
        const int dimers =
            int(std::count_if(mate.begin(), mate.end(), [](auto m) { return m != kNoMate; })) / 2;
        QCOMPARE(dimers, 4);  // two rows of four vertices, paired along the rows

        OffscreenRenderer off(240, 200);
        off.renderer().set_scene(scene);
        off.renderer().set_states(mate);
        off.renderer().set_colour_mode(ColourMode(mode));
        off.camera().fit(scene->bounds());
        std::vector<std::uint8_t> rgb(240 * 200 * 3);
        off.render_rgb(rgb);

        int checked_dimers = 0;
        for (std::size_t i = 0; i < scene->instances().size(); ++i) {
            const EdgeInstance& s = scene->instances()[i];
            const Edge& e = graph->edge(scene->instance_edge()[i]);
            const glm::dvec2 mid = off.camera().world_to_screen({0.5 * (s.x0 + s.x1), 0.5 * (s.y0 + s.y1)});
            const bool dimer = mate[e.u] == e.v;
            const int cls = mode == int(ColourMode::orientation_parity) ? scene->instance_class()[i] : 4;
            const Rgb want = dimer ? kDimer[cls] : kGrey;
            const Rgb got = pixel(rgb, 240, mid);
            if (!(got == want))
                QFAIL(
                    qPrintable(QString("edge %1: got %2, want %3").arg(e.u).arg(text(got)).arg(text(want))));
            checked_dimers += dimer;
        }
        QCOMPARE(checked_dimers, 4);
        for (VertexId v = 0; v < graph->num_vertices(); ++v) {
            const Point2 p = graph->layout()[v];
            const Rgb got = pixel(rgb, 240, off.camera().world_to_screen({p.x, p.y}));
            QCOMPARE(got == kBlue, mate[v] == kNoMate);
        }
        // A face centre is background.
        const glm::dvec2 face =
            off.camera().world_to_screen({0.5 * (graph->layout()[0].x + graph->layout()[5].x),
                                          0.5 * (graph->layout()[0].y + graph->layout()[5].y)});
        QCOMPARE(pixel(rgb, 240, face) == kWhite, true);
    }

    // The tiles mode: which drawings are tilings, and the areas and colours of the tiles drawn.
    void tilesAreDominoesAndLozenges() {
        const auto shape_of = [](const char* spec) {
            return tile_shape(SceneGeometry(std::make_shared<const Graph>(make_graph(spec))));
        };
        QVERIFY(shape_of("grid:4x4") == TileShape::domino);
        QVERIFY(shape_of("torus:6x4") == TileShape::domino);
        QVERIFY(shape_of("aztec:3") == TileShape::domino);
        QVERIFY(shape_of("hex:6x5") == TileShape::lozenge);
        QVERIFY(shape_of("tri:4x4") == TileShape::none);
        QVERIFY(shape_of("complete:5") == TileShape::none);

        // Dominoes: each covers the two unit squares centred on its ends, 2 units² in the class
        // colour. A rasterised polygon differs from its area by at most one pixel per pixel of
        // perimeter, which bounds the counts below.
        {
            auto graph = std::make_shared<const Graph>(make_graph("grid:4x4"));
            auto scene = std::make_shared<const SceneGeometry>(graph);
            double y_mid = 0;
            for (const Point2& p : graph->layout()) y_mid += p.y / graph->num_vertices();
            const auto mate =
                greedy_matching(*graph, [&](VertexId v) { return graph->layout()[v].y > y_mid; });
            OffscreenRenderer off(240, 200);
            off.renderer().set_scene(scene);
            off.renderer().set_states(mate);
            off.renderer().set_colour_mode(ColourMode::tiles);
            off.camera().fit(scene->bounds());
            std::vector<std::uint8_t> rgb(240 * 200 * 3);
            off.render_rgb(rgb);
            const double ppu = off.camera().pixels_per_unit();
            int want[4] = {0, 0, 0, 0};
            for (std::size_t i = 0; i < scene->instances().size(); ++i) {
                const Edge& e = graph->edge(scene->instance_edge()[i]);
                if (mate[e.u] != e.v) continue;
                ++want[scene->instance_class()[i]];
                // Off the dimer's line (0.45 units across, beyond a drawn dimer's half width)
                // the domino still covers the picture.
                const EdgeInstance& s = scene->instances()[i];
                const glm::dvec2 dir = glm::normalize(glm::dvec2(s.x1 - s.x0, s.y1 - s.y0));
                const glm::dvec2 p = glm::dvec2(s.x0, s.y0) + 0.45 * glm::dvec2(-dir.y, dir.x);
                QVERIFY(pixel(rgb, 240, off.camera().world_to_screen(p)) ==
                        kDomino[scene->instance_class()[i]]);
            }
            for (int c = 0; c < 4; ++c) {
                const double area = want[c] * 2 * ppu * ppu, perimeter = want[c] * 6 * ppu;
                QVERIFY2(std::abs(count_colour(rgb, kDomino[c]) - area) <= perimeter,
                         qPrintable(QString("class %1: %2 pixels, area %3")
                                        .arg(c)
                                        .arg(count_colour(rgb, kDomino[c]))
                                        .arg(area)));
            }
        }
        // Lozenges: two triangles of side √3·s (s the honeycomb edge), 3√3/2·s² in all.
        {
            auto graph = std::make_shared<const Graph>(make_graph("hex:6x5"));
            auto scene = std::make_shared<const SceneGeometry>(graph);
            // Rungs (vertical edges) on the left half first, then greedily along the rows: all
            // three lozenge directions appear.
            const auto& xy = graph->layout();
            auto mate = greedy_matching(*graph, [&](VertexId v) { return xy[v].x < 2.0; });
            for (EdgeId e = 0; e < graph->num_edges(); ++e) {
                const Edge& ed = graph->edge(e);
                const bool rung = std::abs(xy[ed.u].x - xy[ed.v].x) < 1e-9;
                if (!rung || xy[ed.u].x >= 2.0) continue;
                for (VertexId v : {ed.u, ed.v})
                    if (mate[v] != kNoMate) mate[mate[v]] = kNoMate, mate[v] = kNoMate;
                mate[ed.u] = ed.v;
                mate[ed.v] = ed.u;
            }
            for (EdgeId e = 0; e < graph->num_edges(); ++e) {
                const Edge& ed = graph->edge(e);
                if (mate[ed.u] == kNoMate && mate[ed.v] == kNoMate) {
                    mate[ed.u] = ed.v;
                    mate[ed.v] = ed.u;
                }
            }
            const auto classes = tile_classes(*scene, TileShape::lozenge);
            OffscreenRenderer off(300, 300);
            off.renderer().set_scene(scene);
            off.renderer().set_states(mate);
            off.renderer().set_colour_mode(ColourMode::tiles);
            off.camera().fit(scene->bounds());
            std::vector<std::uint8_t> rgb(300 * 300 * 3);
            off.render_rgb(rgb);
            const double ppu = off.camera().pixels_per_unit(), s = scene->unit();
            int want[3] = {0, 0, 0};
            for (std::size_t i = 0; i < scene->instances().size(); ++i) {
                const Edge& e = graph->edge(scene->instance_edge()[i]);
                QVERIFY(classes[i] < 3);
                want[classes[i]] += mate[e.u] == e.v;
            }
            QVERIFY(want[0] > 0 && want[1] > 0 && want[2] > 0);
            for (int c = 0; c < 3; ++c) {
                // Side by side, lozenges of one class share sides; each has perimeter 4√3·s.
                const double area = want[c] * 1.5 * std::sqrt(3.0) * s * s * ppu * ppu;
                const double perimeter = want[c] * 4 * std::sqrt(3.0) * s * ppu;
                QVERIFY2(std::abs(count_colour(rgb, kLozenge[c]) - area) <= perimeter,
                         qPrintable(QString("class %1: %2 pixels, area %3")
                                        .arg(c)
                                        .arg(count_colour(rgb, kLozenge[c]))
                                        .arg(area)));
            }
        }
    }

    // Heat map: each vertex disc on the white-to-blue ramp of its heat, dimers drawn as plain edges.
    // The height mode: each face's centre is the ramp colour of its height (faces of one height
    // one colour, distinct heights distinct colours), and the faces at a monomer are grey.
    void heightFunctionColours() {
        auto graph = std::make_shared<const Graph>(make_graph("grid:6x6"));
        auto scene = std::make_shared<const SceneGeometry>(graph);
        const HeightFunction hf(*graph);
        // Rows of horizontal dimers with the middle two rows rotated to vertical pairs: a perfect
        // matching whose faces take several heights.
        std::vector<std::uint32_t> mate = greedy_matching(*graph, [](VertexId) { return true; });
        for (std::uint32_t f = 0; f < hf.faces().num_faces(); f += 3)
            face_rotation_update(mate.data(), hf.faces().face(f).data(), hf.faces().face_size, f % 2 == 0);
        const FaceHeights h = hf.heights(mate);
        QVERIFY(std::ranges::none_of(mate, [](std::uint32_t v) { return v == kNoMate; }));
        QVERIFY(h.max - h.min >= 4);
        bool has_heights = true;
        const auto render = [&](const std::vector<std::uint32_t>& m, std::vector<std::uint8_t>& rgb) {
            OffscreenRenderer off(300, 300);
            off.renderer().set_scene(scene);
            off.renderer().set_states(m);
            off.renderer().set_colour_mode(ColourMode::height);
            has_heights = has_heights && off.renderer().height_function() != nullptr;
            off.camera().fit(scene->bounds());
            off.render_rgb(rgb);
            return off.camera();
        };
        const auto centre_pixel = [&](const Camera& camera, const std::vector<std::uint8_t>& rgb,
                                      std::uint32_t f) {
            glm::dvec2 c(0, 0);
            for (VertexId v : hf.faces().face(f))
                c += glm::dvec2(scene->vertex_xy()[2 * v], scene->vertex_xy()[2 * v + 1]) / 4.0;
            return pixel(rgb, 300, camera.world_to_screen(c));
        };
        const auto near = [](const Rgb& a, const Rgb& b) {
            return std::abs(a.r - b.r) <= 2 && std::abs(a.g - b.g) <= 2 && std::abs(a.b - b.b) <= 2;
        };
        std::vector<std::uint8_t> rgb(300 * 300 * 3);
        const Camera camera = render(mate, rgb);
        QVERIFY(has_heights);
        std::map<std::int32_t, Rgb> by_height;
        for (std::uint32_t f = 0; f < hf.faces().num_faces(); ++f) {
            const Rgb got = centre_pixel(camera, rgb, f);
            const float t = height_ramp(h, f);
            // The three-stop ramp: low, mid, high at 0, 0.5, 1.
            const auto channel = [&](int i) {
                const float a = t < 0.5f ? kPalette.height_low[i] : kPalette.height_mid[i];
                const float b = t < 0.5f ? kPalette.height_mid[i] : kPalette.height_high[i];
                const float u = t < 0.5f ? 2 * t : 2 * t - 1;
                return int(std::lround(255 * (a + u * (b - a))));
            };
            const Rgb want{channel(0), channel(1), channel(2)};
            QVERIFY2(near(got, want), text(got));
            const auto [it, fresh] = by_height.emplace(h.height[f], got);
            QVERIFY(near(it->second, got));
        }
        QVERIFY(by_height.size() >= 3);
        for (auto a = by_height.begin(); a != by_height.end(); ++a)
            for (auto b = std::next(a); b != by_height.end(); ++b) QVERIFY(!(a->second == b->second));
        // A monomer pair: every face at either vertex has the defect colour.
        const VertexId v = 2 * 6 + 2, w = mate[v];
        mate[v] = mate[w] = kNoMate;
        render(mate, rgb);
        const FaceHeights hd = hf.heights(mate);
        int grey = 0;
        for (std::uint32_t f = 0; f < hf.faces().num_faces(); ++f) {
            if (!hd.defect[f]) continue;
            ++grey;
            QVERIFY(near(centre_pixel(camera, rgb, f), to8(kPalette.height_defect)));
        }
        QVERIFY(grey >= 4);
        // The legend: the same ramp ends, and the defect colour explained beside the dimer and monomer.
        const ColourLegend legend = colour_legend(ColourMode::height);
        QVERIFY(legend.has_scale);
        QCOMPARE(legend.low, QColor(68, 1, 84));
        QCOMPARE(legend.mid, QColor(33, 145, 140));
        QCOMPARE(legend.high, QColor(253, 231, 37));
        QVERIFY(std::ranges::any_of(legend.swatches, [](const LegendSwatch& sw) {
            return sw.colour == QColor(0, 0, 0) && sw.label.contains("monomer");
        }));
    }

    // Every swatch of every legend has its own text: a class or a projector reads each colour.
    void everyLegendSwatchHasALabel() {
        for (ColourMode mode : {ColourMode::plain, ColourMode::orientation_parity, ColourMode::monomer_heat,
                                ColourMode::exact_marginals, ColourMode::tiles, ColourMode::height})
            for (TileShape tiles : {TileShape::none, TileShape::domino, TileShape::lozenge})
                for (const LegendSwatch& sw : colour_legend(mode, tiles).swatches)
                    QVERIFY2(!sw.label.trimmed().isEmpty(),
                             qPrintable(QString("mode %1, tiles %2").arg(int(mode)).arg(int(tiles))));
    }

    void heatMapColours() {
        auto graph = std::make_shared<const Graph>(make_graph("grid:4x4"));
        auto scene = std::make_shared<const SceneGeometry>(graph);
        std::vector<std::uint32_t> mate(graph->num_vertices(), kNoMate);
        const Edge& e0 = graph->edge(0);
        mate[e0.u] = e0.v;
        mate[e0.v] = e0.u;
        std::vector<float> heat(graph->num_vertices());
        for (VertexId v = 0; v < graph->num_vertices(); ++v) heat[v] = float(v % 3) / 2.0f;  // 0, 1/2, 1
        OffscreenRenderer off(200, 200);
        off.renderer().set_scene(scene);
        off.renderer().set_states(mate);
        off.renderer().set_heat(heat);
        off.renderer().set_colour_mode(ColourMode::monomer_heat);
        off.camera().fit(scene->bounds());
        std::vector<std::uint8_t> rgb(200 * 200 * 3);
        off.render_rgb(rgb);
        for (VertexId v = 0; v < graph->num_vertices(); ++v) {
            const Point2 p = graph->layout()[v];
            const Rgb got = pixel(rgb, 200, off.camera().world_to_screen({p.x, p.y}));
            const double t = heat[v];
            const Rgb want{int(std::lround(255 + t * (kBlue.r - 255))),
                           int(std::lround(255 + t * (kBlue.g - 255))),
                           int(std::lround(255 + t * (kBlue.b - 255)))};
            // 8-bit rounding of the interpolated colour: one step either way.
            QVERIFY2(std::abs(got.r - want.r) <= 1 && std::abs(got.g - want.g) <= 1 &&
                         std::abs(got.b - want.b) <= 1,
                     qPrintable(QString("vertex %1: got %2, want %3").arg(v).arg(text(got)).arg(text(want))));
        }
        const EdgeInstance& s0 = scene->instances()[0];
        QCOMPARE(scene->instance_edge()[0], EdgeId(0));
        const glm::dvec2 mid = off.camera().world_to_screen({0.5 * (s0.x0 + s0.x1), 0.5 * (s0.y0 + s0.y1)});
        QVERIFY(pixel(rgb, 200, mid) == kGrey);  // the dimer is not highlighted in this mode
    }

    // P(v unmatched) from the exact counting engine equals the enumeration of all matchings, and
    // the renderer draws it on the heat ramp; a graph too large to count is refused with a reason.
    void exactMarginals() {
        const Graph graph = make_graph("grid:3x4");
        const double lambda = 1.5;
        std::vector<double> unmatched(graph.num_vertices(), 0.0);
        double z = 0;
        for (const MateArray& m : testing::enumerate_matchings(graph)) {
            double dimers = 0;
            for (std::uint32_t mate : m) dimers += mate != kNoMate ? 0.5 : 0.0;
            const double w = std::pow(lambda, dimers);
            z += w;
            for (VertexId v = 0; v < graph.num_vertices(); ++v) unmatched[v] += m[v] == kNoMate ? w : 0.0;
        }
        MarginalCache cache;
        const auto got = cache.get(graph, lambda);
        QVERIFY2(got.has_value(), cache.error().c_str());
        for (VertexId v = 0; v < graph.num_vertices(); ++v)
            QVERIFY(std::abs(double((*got)[v]) - unmatched[v] / z) < 1e-6);  // float storage

        auto shared = std::make_shared<const Graph>(graph);
        auto scene = std::make_shared<const SceneGeometry>(shared);
        OffscreenRenderer off(160, 160);
        off.renderer().set_scene(scene);
        off.renderer().set_states(std::vector<std::uint32_t>(graph.num_vertices(), kNoMate));
        off.renderer().set_heat(*got);
        off.renderer().set_colour_mode(ColourMode::exact_marginals);
        off.camera().fit(scene->bounds());
        std::vector<std::uint8_t> rgb(160 * 160 * 3);
        off.render_rgb(rgb);
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
            const Point2 p = graph.layout()[v];
            const Rgb pix = pixel(rgb, 160, off.camera().world_to_screen({p.x, p.y}));
            const double t = unmatched[v] / z;
            QVERIFY(std::abs(pix.b - std::lround(255 + t * (kBlue.b - 255))) <= 1);
            QVERIFY(std::abs(pix.r - std::lround(255 + t * (kBlue.r - 255))) <= 1);
        }

        QVERIFY(!cache.get(make_graph("grid:64x64"), 1.0).has_value());
        QVERIFY(!cache.error().empty());
    }

    // The heat is the fraction of samples with the vertex unmatched, exactly; a reset forgets.
    void monomerHeatAverages() {
        MonomerHeat heat;
        heat.reset(3);
        heat.add(std::vector<std::uint32_t>{kNoMate, 2, 1});
        heat.add(std::vector<std::uint32_t>{kNoMate, kNoMate, kNoMate});
        heat.add(std::vector<std::uint32_t>{1, 0, kNoMate});
        heat.add(std::vector<std::uint32_t>{1, 0});  // wrong size: ignored
        QCOMPARE(heat.samples(), std::uint64_t(3));
        QCOMPARE(std::vector<float>(heat.fractions().begin(), heat.fractions().end()),
                 (std::vector<float>{2.0f / 3, 1.0f / 3, 2.0f / 3}));
        heat.reset(3);
        QCOMPARE(heat.fractions()[0], 0.0f);
        for (int m = 0; m < kColourModes; ++m)
            QVERIFY(parse_colour_mode(colour_mode_name(ColourMode(m))) == ColourMode(m));
        QVERIFY(colour_mode_names().endsWith("edge-weights or expected-slope"));
    }

    // The expected-slope mode on the two-periodic diamond: the centre (the gas, slope 0) in the
    // ramp's low colour, a frozen corner (the steepest) in its high colour; the legend says so.
    void expectedSlopeColoursThePhases() {
        auto graph = std::make_shared<const Graph>(make_graph("aztec:40,a=1/2,b=1"));
        const HeightFunction h(*graph);
        const PlacementProbabilities placed = placement_probabilities(*graph);
        const std::vector<float> p(placed.edge.begin(), placed.edge.end());
        const std::vector<float> shares = edge_slope_shares(*graph, h, expected_slopes(*graph, h, p));
        const ColourLegend legend = colour_legend(ColourMode::expected_slope);
        QVERIFY(legend.has_scale);
        QCOMPARE(legend.low_label, QString("0: flat"));
        auto scene = std::make_shared<const SceneGeometry>(graph);
        OffscreenRenderer off(400, 400);
        off.renderer().set_scene(scene);
        off.renderer().set_states(std::vector<std::uint32_t>(graph->num_vertices(), kNoMate));
        off.renderer().set_colour_mode(ColourMode::expected_slope);
        off.renderer().set_edge_values(shares);
        off.camera().fit(scene->bounds());
        std::vector<std::uint8_t> rgb(400 * 400 * 3);
        off.render_rgb(rgb);
        const Palette& pal = palette_of(PaletteKind::colour_blind_safe);
        const auto near = [](const Rgb& got, const palette::Rgb& c, int tolerance) {
            return std::abs(got.r - int(std::lround(c[0] * 255))) <= tolerance &&
                   std::abs(got.g - int(std::lround(c[1] * 255))) <= tolerance &&
                   std::abs(got.b - int(std::lround(c[2] * 255))) <= tolerance;
        };
        // The pixel at the middle of the edge drawn nearest to a point of the drawing.
        const auto edge_pixel_near = [&](double x, double y) {
            double best = 1e300;
            glm::dvec2 at{x, y};
            for (const EdgeInstance& e : scene->instances()) {
                const glm::dvec2 mid{0.5 * (e.x0 + e.x1), 0.5 * (e.y0 + e.y1)};
                const double d = std::hypot(mid.x - x, mid.y - y);
                if (d < best) {
                    best = d;
                    at = mid;
                }
            }
            return pixel(rgb, 400, off.camera().world_to_screen(at));
        };
        const WorldBox& b = scene->bounds();
        const double cx = 0.5 * (b.min.x + b.max.x), cy = 0.5 * (b.min.y + b.max.y);
        const Rgb centre = edge_pixel_near(cx, cy);
        QVERIFY2(near(centre, pal.height_low, 12), qPrintable(text(centre)));
        // An eighth of the way in from the left tip, on the axis: deep in a frozen corner.
        const Rgb corner = edge_pixel_near(b.min.x + 0.12 * (b.max.x - b.min.x), cy);
        QVERIFY2(near(corner, pal.height_high, 12), qPrintable(text(corner)));
    }

    // The edge-weights mode: each edge's weight on the ramp over ln w, from the lightest (the ramp's
    // low end) through weight 1 (its middle, here, where 1/4 and 4 are the extremes) to the heaviest;
    // the legend's ends are the exact lightest and heaviest weights.
    void edgeWeightsColourTheEdges() {
        auto graph = std::make_shared<const Graph>(make_graph("grid:5x4,h=4:1/4,v=1"));
        const std::vector<float> shades = edge_weight_shades(*graph);
        for (EdgeId e = 0; e < graph->num_edges(); ++e) {
            const double w = graph->weight(e);
            QCOMPARE(shades[e], w == 4 ? 1.0f : w == 0.25 ? 0.0f : 0.5f);
        }
        const WeightRange range = weight_range(*graph);
        QCOMPARE(range.lightest, QString("1/4"));
        QCOMPARE(range.heaviest, QString("4"));
        const ColourLegend legend = colour_legend(ColourMode::edge_weights, TileShape::domino,
                                                  PaletteKind::colour_blind_safe, &range);
        QVERIFY(legend.has_scale);
        QCOMPARE(legend.low_label, QString("1/4"));
        QCOMPARE(legend.high_label, QString("4"));
        QCOMPARE(edge_weight_shades(make_graph("grid:5x4")), std::vector<float>(31, 0.5f));

        auto scene = std::make_shared<const SceneGeometry>(graph);
        OffscreenRenderer off(300, 260);
        off.renderer().set_scene(scene);
        off.renderer().set_states(std::vector<std::uint32_t>(graph->num_vertices(), kNoMate));
        off.renderer().set_colour_mode(ColourMode::edge_weights);
        off.renderer().set_edge_values(shades);
        off.camera().fit(scene->bounds());
        std::vector<std::uint8_t> rgb(300 * 260 * 3);
        off.render_rgb(rgb);
        const Palette& p = palette_of(PaletteKind::colour_blind_safe);
        const auto as_rgb = [](const palette::Rgb& c) {
            return Rgb{int(std::lround(c[0] * 255)), int(std::lround(c[1] * 255)),
                       int(std::lround(c[2] * 255))};
        };
        int checked = 0;
        for (std::size_t i = 0; i < scene->instances().size(); ++i) {
            const EdgeInstance& s = scene->instances()[i];
            const double w = graph->weight(scene->instance_edge()[i]);
            const Rgb want = as_rgb(w == 4 ? p.height_high : w == 0.25 ? p.height_low : p.height_mid);
            const Rgb got =
                pixel(rgb, 300, off.camera().world_to_screen({0.5 * (s.x0 + s.x1), 0.5 * (s.y0 + s.y1)}));
            QVERIFY2(std::abs(got.r - want.r) <= 1 && std::abs(got.g - want.g) <= 1 &&
                         std::abs(got.b - want.b) <= 1,
                     qPrintable(QString("weight %1: got %2, want %3").arg(w).arg(text(got)).arg(text(want))));
            ++checked;
        }
        QCOMPARE(checked, int(graph->num_edges()));
    }

    // The same session renders to the same frames, twice, and the frames change as the chain runs.
    void replayIsDeterministic() {
        const AnimationRequest r = small_request("grid:12x12", 1.0);
        const auto first = animation_hashes(r);
        const auto second = animation_hashes(r);
        QCOMPARE(int(first.size()), r.frames);
        QCOMPARE(first, second);
        QVERIFY(std::adjacent_find(first.begin(), first.end()) == first.end());  // consecutive frames differ
    }

    // Frame k shows the chain after update_index + k·round(s·m) updates: checked against a separate
    // sampler and a separate renderer. The session starts mid-run, with a λ change in its record.
    void frameShowsTheChainState() {
        AnimationRequest r = small_request("grid:10x10", 2.0);
        r.session.record.change_at(150, 0.5);
        r.session.update_index = 300;
        const auto hashes = animation_hashes(r);

        auto graph = std::make_shared<const Graph>(make_graph(r.session.graph));
        auto scene = std::make_shared<const SceneGeometry>(graph);
        auto sampler = make_sampler(*graph, r.session, WhenUnavailable::run_on_cpu).sampler;
        const std::uint64_t step = std::uint64_t(std::llround(r.sweeps_per_frame * graph->num_edges()));
        OffscreenRenderer off(r.width, r.height);
        off.renderer().set_scene(scene);
        off.camera().fit(scene->bounds());
        std::vector<std::uint8_t> rgb(std::size_t(r.width) * r.height * 3);
        sampler->advance(r.session.update_index);
        for (int k = 0; k < r.frames; ++k) {
            if (k > 0) sampler->advance(step);
            off.renderer().set_states(sampler->mate());
            off.render_rgb(rgb);
            QCOMPARE(frame_hash(rgb), hashes[std::size_t(k)]);
        }
    }

    // cpu-parallel is exact Glauber: the same frames as the sequential backend.
    void cpuBackendsGiveIdenticalFrames() {
        AnimationRequest r = small_request("grid:16x16", 1.5);
        const auto sequential = animation_hashes(r);
        r.session.backend = Backend::cpu_parallel;
        QCOMPARE(animation_hashes(r), sequential);
    }

    // The cuda backend gives the sequential backend's frames: from the device where there is one,
    // and through the announced fallback to the CPU where there is none (never a different chain).
    void cudaBackendGivesTheSameFrames() {
        AnimationRequest r = small_request("grid:16x16", 1.5);
        const auto sequential = animation_hashes(r);
        r.session.backend = Backend::cuda;
        const CudaAvailability cuda = cuda_availability();
        const auto graph = make_graph(r.session.graph);
        const BuiltSampler lab = make_sampler(graph, r.session, WhenUnavailable::run_on_cpu);
        if (cuda.available) {
            QCOMPARE(lab.sampler->backend_name(), std::string_view("cuda"));
            QVERIFY(lab.notice.empty());
        } else {
            QVERIFY2(lab.notice.find("cuda unavailable") != std::string::npos, lab.notice.c_str());
            qInfo("no CUDA device (%s): checked the CPU fallback's frames", cuda.reason.c_str());
        }
        QCOMPARE(animation_hashes(r), sequential);
    }
};

QTEST_MAIN(TestRenderOffscreen)
#include "test_render_offscreen.moc"
