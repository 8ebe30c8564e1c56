// The three-valued heat-bath decision shared by Algorithm A (jacobi_decide) and the bounding
// chain (bounding_chain_update): one function, the same answers for the same situations.
#include <QtTest>
#include <vector>

#include "diagnostics/bounding_chain_rule.hpp"
#include "parallel/jacobi_steps.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

class TestThreeValued : public QObject {
    Q_OBJECT
  private slots:
    void truth_table() {
        for (bool certainly : {false, true}) {
            for (bool possibly : {false, true}) {
                QCOMPARE(three_valued_heat_bath(false, certainly, possibly), kJacobiZero);
            }
        }
        QCOMPARE(three_valued_heat_bath(true, true, true), kJacobiZero);
        QCOMPARE(three_valued_heat_bath(true, false, true), kJacobiUnknown);
        QCOMPARE(three_valued_heat_bath(true, false, false), kJacobiOne);
        QCOMPARE(kBoundOut, kJacobiZero);
        QCOMPARE(kBoundIn, kJacobiOne);
        QCOMPARE(kBoundUnknown, kJacobiUnknown);
    }

    void jacobi_decide_is_the_shared_decision() {
        // Packed prefix maxima (a = certainly occupied until, b = possibly occupied until) around t.
        const std::uint32_t t = 10;
        for (std::uint32_t a_u : {0u, 5u, 10u, 11u}) {
            for (std::uint32_t b_u : {0u, 9u, 10u, 12u}) {
                for (std::uint32_t a_v : {0u, 11u}) {
                    for (std::uint32_t b_v : {0u, 10u, 13u}) {
                        const std::uint64_t ab_u = (std::uint64_t{a_u} << 32) | b_u;
                        const std::uint64_t ab_v = (std::uint64_t{a_v} << 32) | b_v;
                        QCOMPARE(jacobi_decide(t, ab_u, ab_v),
                                 three_valued_heat_bath(true, a_u > t || a_v > t, b_u > t || b_v > t));
                    }
                }
            }
        }
    }

    void bounding_update_is_the_shared_decision() {
        // Every assignment of {out, in, unknown} to the neighbours of the middle edge of a path
        // 0-1-2-3 (edges 0:01, 1:12, 2:23), both coins.
        const Graph g = testing::path_graph(4);
        const std::uint32_t* offsets = g.csr_offsets().data();
        const std::uint32_t* incident = g.csr_edges().data();
        std::uint32_t middle = 0;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            if ((g.edge(e).u == 1 && g.edge(e).v == 2) || (g.edge(e).u == 2 && g.edge(e).v == 1)) middle = e;
        }
        const std::uint32_t left = middle == 0 ? 1 : 0, right = 3 - middle - left;
        for (std::uint8_t sl : {kBoundOut, kBoundIn, kBoundUnknown}) {
            for (std::uint8_t sr : {kBoundOut, kBoundIn, kBoundUnknown}) {
                for (std::uint8_t self : {kBoundOut, kBoundIn, kBoundUnknown}) {
                    for (bool coin : {false, true}) {
                        std::vector<std::uint8_t> state(3);
                        state[left] = sl;
                        state[right] = sr;
                        state[middle] = self;
                        const Edge e = g.edge(middle);
                        const int delta =
                            bounding_chain_update(state.data(), offsets, incident, middle, e.u, e.v, coin);
                        const bool any_in = sl == kBoundIn || sr == kBoundIn;
                        const bool any_maybe = any_in || sl == kBoundUnknown || sr == kBoundUnknown;
                        const std::uint8_t expect = three_valued_heat_bath(coin, any_in, any_maybe);
                        QCOMPARE(state[middle], expect);
                        QCOMPARE(state[left], sl);
                        QCOMPARE(state[right], sr);
                        QCOMPARE(delta, (expect == kBoundUnknown ? 1 : 0) - (self == kBoundUnknown ? 1 : 0));
                    }
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestThreeValued)
#include "test_three_valued.moc"
