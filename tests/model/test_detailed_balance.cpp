// Exact transition matrices built from the production rule functions on tiny graphs (the shared
// builder in core/diagnostics/exact_chain): stochastic rows, detailed balance with respect to
// λ_eff^|M| (λ_eff: what the integer thresholds implement), and the spectral gaps of
// docs/algorithms.md §6.4 from the test-only Jacobi solver.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "diagnostics/exact_chain.hpp"
#include "matching_enumeration.hpp"
#include "model/matching.hpp"
#include "symmetric_eigen.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

enum class Chain { glauber, jerrum_sinclair };

// The production builder (core/diagnostics) applies the rule functions to every (state, edge,
// coin region, laziness bit); its state space is checked here against the independent
// edge-recursion enumeration of the test support.
ExactChain build_chain(const Graph& g, Chain chain, double lambda) {
    ExactChain c =
        build_exact_chain(g, chain == Chain::glauber ? Dynamics::glauber : Dynamics::jerrum_sinclair, lambda);
    const std::vector<MateArray> ref = testing::enumerate_matchings(g);
    if (std::set<MateArray>(ref.begin(), ref.end()) !=
            std::set<MateArray>(c.states.begin(), c.states.end()) ||
        ref.size() != c.size()) {
        qFatal("exact chain states differ from the independent enumeration");
    }
    return c;
}

// Eigenvalues of D^{1/2} P D^{-1/2}, symmetric for a reversible chain.
std::vector<double> spectrum(const ExactChain& c) {
    const std::size_t n = c.size();
    std::vector<double> a(n * n);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            // Average with the transpose so that rounding cannot break symmetry.
            const double aij = std::sqrt(c.pi[i] / c.pi[j]) * c.at(i, j);
            const double aji = std::sqrt(c.pi[j] / c.pi[i]) * c.at(j, i);
            a[i * n + j] = 0.5 * (aij + aji);
        }
    }
    return testing::symmetric_eigenvalues(std::move(a), n);
}

double spectral_gap(const ExactChain& c) {
    const std::vector<double> ev = spectrum(c);
    return 1.0 - ev[ev.size() - 2];
}

struct TinyGraph {
    const char* name;
    Graph graph;
};

std::vector<TinyGraph> tiny_graphs() {
    std::vector<TinyGraph> out;
    out.push_back({"P4", testing::path_graph(4)});
    out.push_back({"C4", testing::cycle_graph(4)});
    out.push_back({"C5", testing::cycle_graph(5)});
    out.push_back({"K4", testing::complete_graph(4)});
    out.push_back({"star3", testing::star_graph(3)});
    out.push_back({"grid2x3", testing::grid_graph(2, 3)});
    out.push_back({"K2,3", testing::complete_bipartite_graph(2, 3)});
    return out;
}

}  // namespace

class TestDetailedBalance : public QObject {
    Q_OBJECT
  private slots:
    void transition_rows_sum_to_one_and_satisfy_detailed_balance_data() {
        QTest::addColumn<int>("chain");
        QTest::addColumn<double>("lambda");
        for (double l : {0.37, 1.0, 4.2, 1e-3}) {
            QTest::addRow("glauber lambda=%g", l) << int(Chain::glauber) << l;
            QTest::addRow("jerrum-sinclair lambda=%g", l) << int(Chain::jerrum_sinclair) << l;
        }
    }
    void transition_rows_sum_to_one_and_satisfy_detailed_balance() {
        QFETCH(int, chain);
        QFETCH(double, lambda);
        for (const TinyGraph& tg : tiny_graphs()) {
            const ExactChain c = build_chain(tg.graph, static_cast<Chain>(chain), lambda);
            const std::size_t n = c.size();
            for (std::size_t i = 0; i < n; ++i) {
                double row = 0;
                for (std::size_t j = 0; j < n; ++j) row += c.at(i, j);
                QVERIFY2(std::abs(row - 1) < 1e-12, tg.name);
            }
            for (std::size_t i = 0; i < n; ++i) {
                for (std::size_t j = 0; j < n; ++j) {
                    const double fwd = c.pi[i] * c.at(i, j), bwd = c.pi[j] * c.at(j, i);
                    QVERIFY2(std::abs(fwd - bwd) <= 1e-12 * std::max(fwd, bwd) + 1e-300,
                             qPrintable(QString("%1: states %2 -> %3: %4 vs %5")
                                            .arg(tg.name)
                                            .arg(i)
                                            .arg(j)
                                            .arg(fwd, 0, 'g', 17)
                                            .arg(bwd, 0, 'g', 17)));
                }
            }
        }
    }

    // Single-edge heat-bath operators are projections, so P is positive semidefinite
    // (docs/algorithms.md §2.1).
    void glauber_transition_matrix_is_positive_semidefinite() {
        for (const TinyGraph& tg : tiny_graphs()) {
            for (double l : {0.37, 1.0, 4.2}) {
                const std::vector<double> ev = spectrum(build_chain(tg.graph, Chain::glauber, l));
                QVERIFY2(ev.front() > -1e-12, tg.name);
                QVERIFY(std::abs(ev.back() - 1) < 1e-12);
            }
        }
    }

    void glauber_gap_of_c4_at_lambda_one_is_closed_form() {
        const double gap = spectral_gap(build_chain(testing::cycle_graph(4), Chain::glauber, 1.0));
        QVERIFY2(std::abs(gap - (2 - std::sqrt(2.0)) / 8) < 1e-12, qPrintable(QString::number(gap, 'g', 17)));
    }

    // docs/algorithms.md §6.4 table (6 decimals), per step.
    void spectral_gaps_match_reference_table_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<double>("glauber_gap");
        QTest::addColumn<double>("js_gap");
        QTest::addRow("P4 lambda=1") << "P4" << 1.0 << 0.138319 << 0.333333;
        QTest::addRow("P4 lambda=4") << "P4" << 4.0 << 0.049054 << 0.159212;
        QTest::addRow("C4 lambda=1") << "C4" << 1.0 << 0.073223 << 0.193814;
        QTest::addRow("C4 lambda=4") << "C4" << 4.0 << 0.014922 << 0.049621;
        QTest::addRow("K4 lambda=1") << "K4" << 1.0 << 0.048816 << 0.140281;
        QTest::addRow("K4 lambda=4") << "K4" << 4.0 << 0.009948 << 0.035560;
    }
    void spectral_gaps_match_reference_table() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(double, glauber_gap);
        QFETCH(double, js_gap);
        const Graph g = graph == "P4"   ? testing::path_graph(4)
                        : graph == "C4" ? testing::cycle_graph(4)
                                        : testing::complete_graph(4);
        const double gg = spectral_gap(build_chain(g, Chain::glauber, lambda));
        const double jg = spectral_gap(build_chain(g, Chain::jerrum_sinclair, lambda));
        QVERIFY2(std::abs(gg - glauber_gap) < 1e-6,
                 qPrintable(QString("glauber gap %1").arg(gg, 0, 'g', 10)));
        QVERIFY2(std::abs(jg - js_gap) < 1e-6, qPrintable(QString("JS gap %1").arg(jg, 0, 'g', 10)));
    }
};

QTEST_APPLESS_MAIN(TestDetailedBalance)
#include "test_detailed_balance.moc"
