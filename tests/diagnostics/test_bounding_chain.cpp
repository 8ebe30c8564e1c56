// Bounding chain (docs/algorithms.md §6.3): while running, every edge it calls known has that state in
// Glauber runs from every start on the same tape; once coalesced, those runs are all in its
// resolved matching (checked by running the sequential Glauber sampler from each start), on weighted
// graphs too.
#include <QtTest>
#include <random>

#include "diagnostics/bounding_chain.hpp"
#include "diagnostics/bounding_chain_rule.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"
#include "weighted_graphs.hpp"

using namespace dimerlab;

namespace {

// A random, usually non-maximal matching: a greedy one with each dimer kept with probability 1/2.
MateArray random_matching(const Graph& g, std::uint64_t seed) {
    MateArray mate = make_start_state(g, StartKind::greedy, seed + 1000);
    std::mt19937_64 rng(seed);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const VertexId u = mate[v];
        if (u != kNoMate && u > v && (rng() & 1)) {
            mate[u] = kNoMate;
            mate[v] = kNoMate;
        }
    }
    return mate;
}

std::vector<std::unique_ptr<Sampler>> samplers_from_many_starts(const Graph& g, std::uint64_t seed,
                                                                double lambda) {
    std::vector<MateArray> starts = {make_start_state(g, StartKind::empty, 0),
                                     make_start_state(g, StartKind::maximum, 0),
                                     make_start_state(g, StartKind::greedy, 1),
                                     make_start_state(g, StartKind::greedy, 2),
                                     random_matching(g, 3),
                                     random_matching(g, 4)};
    std::vector<std::unique_ptr<Sampler>> out;
    for (MateArray& s : starts)
        out.push_back(make_cpu_sampler(g, Dynamics::glauber, seed, LambdaRecord(lambda), std::move(s)));
    return out;
}

struct Case {
    const char* name;
    Graph graph;
    double lambda;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    out.push_back({"grid 6x6 lambda 0.5", testing::grid_graph(6, 6), 0.5});
    out.push_back({"torus 4x5 lambda 0.3", testing::torus_graph(4, 5), 0.3});
    // Triangles in the line graph: the non-monotone case.
    out.push_back({"K5 lambda 1", testing::complete_graph(5), 1.0});
    out.push_back({"random n=20 m=40 lambda 0.4", testing::random_graph(20, 40, 3), 0.4});
    // Weighted: each update's coin against its edge's own threshold, as the weighted sampler draws it.
    out.push_back({"weighted grid 5x5 lambda 0.7",
                   testing::with_weights(testing::grid_graph(5, 5), {"0.2", "3", "1", "2.5"}), 0.7});
    out.push_back({"periodic torus 4x5 lambda 0.4", make_graph("torus:4x5,h=3:1/2,v=2"), 0.4});
    return out;
}

}  // namespace

class TestBoundingChain : public QObject {
    Q_OBJECT
  private slots:
    void known_edges_agree_with_every_start_until_coalescence() {
        for (const Case& c : cases()) {
            for (std::uint64_t seed : {1, 2, 3}) {
                BoundingChain bound(c.graph, seed, c.lambda);
                auto runs = samplers_from_many_starts(c.graph, seed, c.lambda);
                const std::uint64_t step = std::max<std::uint32_t>(1, c.graph.num_edges() / 3);
                for (int block = 0; block < 3000 && !bound.coalesced(); ++block) {
                    bound.advance(step);
                    // The bounding chain stops exactly at coalescence; keep the runs in step.
                    const std::uint64_t target = bound.time();
                    for (auto& r : runs) r->advance(target - r->time());
                    for (EdgeId e = 0; e < c.graph.num_edges(); ++e) {
                        const std::uint8_t s = bound.edge_states()[e];
                        if (s == kBoundUnknown) continue;
                        const Edge ed = c.graph.edge(e);
                        for (const auto& r : runs) {
                            const bool in = r->mate()[ed.u] == ed.v;
                            QVERIFY2(in == (s == kBoundIn), c.name);
                        }
                    }
                }
                QVERIFY2(bound.coalesced(), c.name);
                QCOMPARE(*bound.coalescence_time(), bound.time());
                const MateArray resolved = bound.resolved_matching();
                for (const auto& r : runs) {
                    QCOMPARE(r->time(), bound.time());
                    QVERIFY2(std::equal(resolved.begin(), resolved.end(), r->mate().begin()), c.name);
                }
                // Coalesced runs stay together: they share the tape from here on.
                for (auto& r : runs) r->advance(5 * c.graph.num_edges());
                for (const auto& r : runs)
                    QVERIFY(std::equal(runs[0]->mate().begin(), runs[0]->mate().end(), r->mate().begin()));
            }
        }
    }

    void update_rule_three_valued_logic() {
        // Path 0-1-2-3: edges e0 = 01, e1 = 12, e2 = 23; update e1 (u = 1, v = 2).
        const Graph g = testing::path_graph(4);
        const EdgeId e1 = *g.find_edge(1, 2);
        const auto run = [&](std::uint8_t left, std::uint8_t right, bool coin) {
            std::vector<std::uint8_t> st(3, kBoundUnknown);
            st[*g.find_edge(0, 1)] = left;
            st[*g.find_edge(2, 3)] = right;
            bounding_chain_update(st.data(), g.csr_offsets().data(), g.csr_edges().data(), e1, 1, 2, coin);
            return st[e1];
        };
        QCOMPARE(run(kBoundOut, kBoundOut, true), kBoundIn);
        QCOMPARE(run(kBoundOut, kBoundOut, false), kBoundOut);
        QCOMPARE(run(kBoundIn, kBoundUnknown, true), kBoundOut);
        QCOMPARE(run(kBoundOut, kBoundUnknown, true), kBoundUnknown);
        QCOMPARE(run(kBoundUnknown, kBoundUnknown, false), kBoundOut);
    }

    void summary_quantiles_and_tail_bound() {
        CoalescenceSummary s;
        s.num_edges = 10;
        s.cap_updates = 1000;
        s.times = {100, 200, std::nullopt, 50, 300};
        QCOMPARE(s.completed(), std::uint64_t{4});
        QCOMPARE(*s.quantile_sweeps(0.5), 20.0);       // 3rd of 50, 100, 200, 300, ∞
        QVERIFY(!s.quantile_sweeps(0.9).has_value());  // 5th is censored
        QCOMPARE(s.tail_probability(150), 0.6);
        QCOMPARE(s.tail_probability(1000), 0.2);

        const CoalescenceSummary m = measure_coalescence(testing::grid_graph(8, 8), 0.25, 20, 1, 500);
        QCOMPARE(m.completed(), std::uint64_t{20});
        // docs/algorithms.md §6.3: median ≈ 8.6 sweeps on the 8x8 grid at λ = 0.25.
        QVERIFY2(*m.quantile_sweeps(0.5) > 3 && *m.quantile_sweeps(0.5) < 25,
                 qPrintable(QString::number(*m.quantile_sweeps(0.5))));
    }
};

QTEST_APPLESS_MAIN(TestBoundingChain)
#include "test_bounding_chain.moc"
