// The weighted matching polynomial with exact rational coefficients against brute-force enumeration
// on graphs with decimal weights, and against the integer polynomial at unit weights.
#include <QTest>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"
#include "weighted_graphs.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

const std::vector<std::string> kDecimals{"0.3", "1.25", "2/3", "7", "0.01", "1"};

std::vector<NamedGraph> weighted_cases() {
    return {
        {"path:7", with_weights(path_graph(7), kDecimals)},
        {"cycle:8", with_weights(cycle_graph(8), {"0.5", "1.5", "2.25"})},
        {"K5", with_weights(complete_graph(5), kDecimals)},
        {"grid:3x4", with_weights(grid_graph(3, 4), {"0.1", "0.2", "3", "1/7"})},
        {"K3,4", with_weights(complete_bipartite_graph(3, 4), {"4.5", "0.125"})},
        {"random:10,18", with_weights(random_graph(10, 18, 5), kDecimals)},
    };
}

}  // namespace

class TestWeightedPolynomial : public QObject {
    Q_OBJECT

  private slots:
    void coefficients_equal_brute_force_exactly() {
        for (const NamedGraph& c : weighted_cases()) {
            QVERIFY(c.graph.weighted());
            const WeightedMatchingPolynomial p = weighted_matching_polynomial(c.graph);
            const std::vector<mpq_class> expected = brute_force_weighted_coefficients(c.graph);
            QCOMPARE(p.coefficients.size(), expected.size());
            for (std::size_t k = 0; k < expected.size(); ++k) {
                QVERIFY2(p.coefficients[k] == expected[k],
                         qPrintable(QString::fromStdString(c.name + " c_" + std::to_string(k) + ": " +
                                                           p.coefficients[k].get_str() + " vs " +
                                                           expected[k].get_str())));
            }
            // Z at a rational λ is the exact sum, and ln Z in double agrees with it.
            const mpq_class lambda(3, 7);
            mpq_class z = 0, power = 1;
            for (const mpq_class& c_k : expected) {
                z += c_k * power;
                power *= lambda;
            }
            QVERIFY(p.z(lambda) == z);
            QVERIFY(std::abs(p.log_z(3.0 / 7.0) - std::log(z.get_d())) < 1e-12);
        }
    }

    void unit_weights_give_the_integer_polynomial() {
        for (const Graph& g : {grid_graph(4, 5), complete_graph(7), torus_graph(4, 4)}) {
            const MatchingPolynomial integer = exact_matching_polynomial(g);
            const WeightedMatchingPolynomial weighted = weighted_matching_polynomial(g);
            QCOMPARE(weighted.coefficients.size(), integer.coefficients.size());
            for (std::size_t k = 0; k < integer.coefficients.size(); ++k)
                QVERIFY(weighted.coefficients[k] == mpq_class(integer.coefficients[k]));
            QCOMPARE(weighted.mean_dimers(2.0), integer.mean_dimers(2.0));
            QCOMPARE(weighted.variance_dimers(2.0), integer.variance_dimers(2.0));
        }
    }

    void mean_and_variance_from_the_coefficients() {
        // E|M| = λ d/dλ ln Z: checked against a central difference of the exact ln Z.
        const Graph g = weighted_cases()[3].graph;
        const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
        const double lambda = 1.7, h = 1e-5;
        const double derivative = (p.log_z(lambda + h) - p.log_z(lambda - h)) / (2 * h);
        QVERIFY(std::abs(lambda * derivative - p.mean_dimers(lambda)) < 1e-6);
        QVERIFY(p.variance_dimers(lambda) > 0);
    }

    void integer_polynomial_refuses_weights() {
        const Graph g = weighted_cases()[0].graph;
        bool refused = false;
        try {
            exact_matching_polynomial(g);
        } catch (const InputError& e) {
            refused = std::string(e.what()).find("weights") != std::string::npos;
        }
        QVERIFY(refused);
    }
};

QTEST_GUILESS_MAIN(TestWeightedPolynomial)
#include "test_weighted_polynomial.moc"
