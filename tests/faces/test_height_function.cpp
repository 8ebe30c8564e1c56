// Thurston's height function (faces/height_function.hpp): the local rule across every shared edge
// (not only the spanning tree's), boundary values that do not depend on the tiling, a rotation
// that moves the height of its own face only, by ±d, and the winding ±d around a monomer.
#include <QtTest>
#include <algorithm>
#include <vector>

#include "faces/height_function.hpp"
#include "graph/graph_spec.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/matching.hpp"
#include "model/matching_constants.hpp"
#include "sampling/face_class_sampler.hpp"
#include "sampling/start_state.hpp"
#include "tilings/domino_shuffle.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

// Perfect matchings of one region that differ: the maximum start, and rotation-chain samples.
std::vector<MateArray> tilings_of(const Graph& g) {
    std::vector<MateArray> out{make_start_state(g, StartKind::maximum, 1)};
    FaceClassSampler chain(g, 7, LambdaRecord(kInfiniteLambda), out.front(), 1);
    for (int i = 0; i < 3; ++i) {
        chain.advance(200 * chain.faces().num_faces());
        out.emplace_back(chain.mate().begin(), chain.mate().end());
    }
    return out;
}

}  // namespace

class TestHeightFunction : public QObject {
    Q_OBJECT
  private slots:
    void local_rule_holds_across_every_shared_edge_and_the_boundary_is_fixed() {
        for (const char* spec : {"aztec:8", "grid:6x8", "hexagon:3,4,5", "grid:5x4"}) {
            const Graph g = make_graph(spec);
            const HeightFunction hf(g);
            std::vector<MateArray> tilings = tilings_of(g);
            if (parse_graph_spec(spec).family == "aztec") tilings.push_back(shuffle_aztec_tiling(8, 3, 0));
            const std::int32_t d = std::int32_t(hf.lattice_degree());
            QCOMPARE(d, hf.faces().face_size == 4 ? 4 : 3);
            std::vector<std::int32_t> boundary;
            for (const MateArray& m : tilings) {
                QVERIFY2(std::ranges::none_of(m, [](VertexId v) { return v == kNoMate; }), spec);
                const FaceHeights h = hf.heights(m);
                QVERIFY(std::ranges::none_of(h.defect, [](std::uint8_t x) { return x != 0; }));
                // Thurston: ±1 off a dimer, ∓(d − 1) on one (∓3 on squares, ∓2 on hexagons), and
                // the same on tree and non-tree crossings, so the height is well defined.
                for (const auto& c : hf.crossings()) {
                    const std::int32_t delta = h.height[c.to] - h.height[c.from];
                    const bool dimer = m[c.a] == c.b;
                    QVERIFY2(std::abs(delta) == (dimer ? d - 1 : 1), spec);
                    QCOMPARE(delta, hf.step(m, c.a, c.b));
                }
                QCOMPARE(h.boundary.size(), hf.boundary_edges().size());
                QCOMPARE(h.boundary.front(), 0);
                if (boundary.empty()) boundary = h.boundary;
                QVERIFY2(h.boundary == boundary, spec);
                QCOMPARE(*std::ranges::min_element(h.height), h.min);
                QCOMPARE(*std::ranges::max_element(h.height), h.max);
            }
            // The tilings differ, and so do their heights (the map is injective on tilings).
            QVERIFY(hf.heights(tilings.front()).height != hf.heights(tilings.back()).height);
        }
    }

    void a_rotation_moves_its_own_face_by_d() {
        for (const char* spec : {"aztec:6", "hexagon:3,3,3"}) {
            const Graph g = make_graph(spec);
            const HeightFunction hf(g);
            MateArray m = tilings_of(g).back();
            int rotated = 0;
            for (std::uint32_t f = 0; f < hf.faces().num_faces(); ++f) {
                const FaceHeights before = hf.heights(m);
                for (bool phase_a : {true, false}) {
                    if (!face_rotation_update(m.data(), hf.faces().face(f).data(), hf.faces().face_size,
                                              phase_a))
                        continue;
                    ++rotated;
                    const FaceHeights after = hf.heights(m);
                    for (std::uint32_t e = 0; e < hf.faces().num_faces(); ++e)
                        QCOMPARE(std::abs(after.height[e] - before.height[e]),
                                 e == f ? std::int32_t(hf.lattice_degree()) : 0);
                    QVERIFY(after.boundary == before.boundary);
                    face_rotation_update(m.data(), hf.faces().face(f).data(), hf.faces().face_size, !phase_a);
                }
            }
            QVERIFY2(rotated > 0, spec);
        }
    }

    // A monomer at an inner vertex: the changes around it sum to ±d, so the tree's heights have a
    // seam there; the faces at the monomer are flagged.
    void a_monomer_is_a_defect_of_winding_d() {
        const Graph g = make_graph("grid:6x6");
        const HeightFunction hf(g);
        MateArray m = make_start_state(g, StartKind::maximum, 1);
        const VertexId v = 2 * 6 + 2, w = m[v];  // an inner vertex and its partner
        m[v] = m[w] = kNoMate;
        std::int32_t winding = 0;
        int around = 0;
        for (const auto& c : hf.crossings()) {
            if (c.a != v && c.b != v) continue;
            ++around;
            // Orient every crossing with v on the same side: a → b with v = a or v = b.
            winding += c.b == v ? hf.step(m, c.a, c.b) : -hf.step(m, c.a, c.b);
        }
        QCOMPARE(around, 4);
        QCOMPARE(std::abs(winding), 4);
        const FaceHeights h = hf.heights(m);
        int defects = 0;
        for (std::uint32_t f = 0; f < hf.faces().num_faces(); ++f) {
            const auto c = hf.faces().face(f);
            const bool at = std::ranges::find(c, v) != c.end() || std::ranges::find(c, w) != c.end();
            QCOMPARE(bool(h.defect[f]), at);
            defects += at;
        }
        QVERIFY(defects >= 4);
    }

    void tori_and_graphs_without_faces_are_refused() {
        QVERIFY_THROWS_EXCEPTION(InputError, HeightFunction(make_graph("torus:6x6")));
        QVERIFY_THROWS_EXCEPTION(InputError, HeightFunction(make_graph("complete:6")));
    }
};

QTEST_GUILESS_MAIN(TestHeightFunction)
#include "test_height_function.moc"
