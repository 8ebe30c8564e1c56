// The viewport's edge-state bytes (core/model/edge_state.hpp), which the CPU path and the
// CUDA–OpenGL interop kernel share: against an independent computation (dimer edge ids found by
// find_edge from the matching) on several graphs, random matchings and instance maps with
// repeated edges (torus wrap edges are drawn twice); occupancy and mate give the same bytes. And
// the hook's refusal without a device: "unavailable" with the probe's reason, InfeasibleError
// from the constructors, so the viewport keeps its CPU path.
#include <QtTest>
#include <random>
#include <set>

#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/gl_interop.hpp"
#include "graph/graph_spec.hpp"
#include "model/edge_state.hpp"
#include "model/matching_constants.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

// Instance map like SceneGeometry's: every edge once in id order, some edges twice (wrap stubs).
std::vector<EdgeId> instance_map(const Graph& g, std::mt19937_64& rng) {
    std::vector<EdgeId> map;
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        map.push_back(e);
        if (rng() % 5 == 0) map.push_back(e);
    }
    return map;
}

// The dimers' edge ids, from the matching through find_edge (not through the edge list's rule).
std::set<EdgeId> dimer_edges(const Graph& g, std::span<const std::uint32_t> mate) {
    std::set<EdgeId> ids;
    for (VertexId v = 0; v < mate.size(); ++v) {
        if (mate[v] != kNoMate && v < mate[v]) ids.insert(g.find_edge(v, mate[v]).value());
    }
    return ids;
}

}  // namespace

class TestEdgeState : public QObject {
    Q_OBJECT
  private slots:
    void bytes_match_an_independent_computation_data() {
        QTest::addColumn<QString>("spec");
        for (const char* s : {"torus:12x10", "grid:9x7", "complete:17", "gnp:120,0.08,seed=4", "petersen"})
            QTest::newRow(s) << QString(s);
    }
    void bytes_match_an_independent_computation() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        std::mt19937_64 rng(7);
        const std::vector<EdgeId> map = instance_map(g, rng);
        // Matchings along a chain's run, empty one first.
        auto sampler = make_cpu_sampler(g, Dynamics::glauber, 3, LambdaRecord(2.0),
                                        MateArray(g.num_vertices(), kNoMate));
        std::size_t dimers_seen = 0;
        for (int step = 0; step < 6; ++step) {
            const std::span<const std::uint32_t> mate = sampler->mate();
            const std::set<EdgeId> dimers = dimer_edges(g, mate);
            dimers_seen += dimers.size();
            std::vector<std::uint8_t> bytes;
            instance_states_from_mate(g, map, mate, bytes);
            QCOMPARE(bytes.size(), map.size());
            std::vector<std::uint8_t> occupancy(g.num_edges(), 0);
            for (EdgeId e : dimers) occupancy[e] = 1;
            for (std::size_t i = 0; i < map.size(); ++i) {
                const std::uint8_t expected = dimers.count(map[i]) ? 1 : 0;
                QCOMPARE(bytes[i], expected);
                QCOMPARE(instance_state_from_occupancy(occupancy.data(), map.data(), i), expected);
            }
            sampler->advance(g.num_edges());
        }
        QVERIFY(dimers_seen > 0);  // the comparison saw both values
    }

    // A matching shorter than the graph (a snapshot of another graph) reads as no dimers past its
    // end, as SceneGeometry::edge_states does, rather than reading out of bounds.
    void short_matching_reads_as_no_dimer() {
        const Graph g = make_graph("path:4", BuildOptions{.with_layout = false});
        const std::vector<EdgeId> map{0, 1, 2};
        const std::vector<std::uint32_t> mate{1, 0};
        std::vector<std::uint8_t> bytes;
        instance_states_from_mate(g, map, mate, bytes);
        QCOMPARE(bytes, (std::vector<std::uint8_t>{1, 0, 0}));
    }

    void hook_is_unavailable_without_a_device() {
        const gpu::DeviceInfo info = gpu::probe();
        const gpu::InteropStatus status = gpu::gl_interop_status();
        QCOMPARE(status.available, info.available);
        if (info.available) {
            QVERIFY(status.reason.empty());
            return;
        }
        QCOMPARE(status.reason, info.reason);
        const Graph g = make_graph("grid:3x3", BuildOptions{.with_layout = false});
        const std::vector<EdgeId> map{0, 1, 2};
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, gpu::EdgeStateKernel(g, map));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, gpu::GlEdgeStateBuffer(1u, g, map));
    }
};

QTEST_APPLESS_MAIN(TestEdgeState)
#include "test_edge_state.moc"
