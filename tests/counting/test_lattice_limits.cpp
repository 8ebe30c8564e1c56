// Lattice limits (core/counting/limits, docs/algorithms.md §7.3): the helical transfer operator's
// free energy and covered fraction of the infinite square lattice against published constants
// (Baxter's h₂ to 10 digits; the other λ from an independent transfer-matrix computation, digits
// as converged there), the covered fraction against a numerical derivative of f, and the 1-D
// limit of paths and cycles against the exact polynomials of long cycles.
#include <QTest>
#include <cmath>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/limits/chain_limit.hpp"
#include "counting/limits/square_lattice_limit.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

class TestLatticeLimits : public QObject {
    Q_OBJECT
  private slots:
    void square_lattice_matches_the_reference_table_data() {
        QTest::addColumn<double>("lambda");
        QTest::addColumn<unsigned>("width");
        QTest::addColumn<double>("free_energy");
        QTest::addColumn<double>("covered");
        QTest::addColumn<double>("tolerance");  // half a unit in the last published digit, or more
        QTest::newRow("0.25") << 0.25 << 14u << 0.30026257002 << 0.400645180 << 1e-9;
        QTest::newRow("0.5") << 0.5 << 16u << 0.4607951374 << 0.524913002 << 1e-9;
        QTest::newRow("1") << 1.0 << 18u << 0.6627989728 << 0.6381231092 << 1e-9;
        QTest::newRow("2") << 2.0 << 18u << 0.900940030 << 0.73276757 << 1e-8;
        QTest::newRow("4") << 4.0 << 18u << 1.1683758 << 0.8072765 << 1e-7;
    }
    void square_lattice_matches_the_reference_table() {
        QFETCH(double, lambda);
        QFETCH(unsigned, width);
        QFETCH(double, free_energy);
        QFETCH(double, covered);
        QFETCH(double, tolerance);
        const SquareLatticeLimit r = square_lattice_limit_at_width(lambda, width);
        QVERIFY2(std::abs(r.free_energy - free_energy) <= tolerance,
                 qPrintable(QString("f = %1").arg(r.free_energy, 0, 'g', 14)));
        QVERIFY2(std::abs(r.covered_fraction - covered) <= tolerance,
                 qPrintable(QString("covered = %1").arg(r.covered_fraction, 0, 'g', 14)));
    }

    // Baxter's constant h₂ = 0.662798972834 to 1e-11 once the strip is wide enough.
    void baxter_constant_to_eleven_digits() {
        const double f = square_lattice_limit_at_width(1.0, 18).free_energy;
        QVERIFY2(std::abs(f - 0.662798972834) <= 2e-11, qPrintable(QString::number(f, 'g', 14)));
    }

    // The covered fraction from the eigenvectors equals 2 df/d ln λ by a central difference
    // (step h = 1e-4 in ln λ: truncation ≈ h² f''' ≈ 1e-8, rounding ≈ 1e-13/h = 1e-9).
    void covered_fraction_is_the_derivative_of_f() {
        for (double lambda : {0.3, 1.0, 3.0}) {
            const double h = 1e-4;
            const double up = square_lattice_limit_at_width(lambda * std::exp(h), 10).free_energy;
            const double down = square_lattice_limit_at_width(lambda * std::exp(-h), 10).free_energy;
            const double covered = square_lattice_limit_at_width(lambda, 10).covered_fraction;
            QVERIFY2(std::abs((up - down) / h - covered) <= 1e-7,
                     qPrintable(QString("λ=%1: %2 vs %3").arg(lambda).arg((up - down) / h).arg(covered)));
        }
    }

    void converged_limit_reports_width_and_change() {
        const ConvergedLatticeLimit r = square_lattice_limit(1.0, 1e-7);
        QVERIFY(r.value.width >= 10 && r.value.width <= 18);
        QVERIFY(r.free_energy_change < 1e-7 && r.covered_fraction_change < 1e-7);
        QVERIFY(std::abs(r.value.free_energy - 0.6627989728) <= 1e-7);
        // A second call is served from the cache: same numbers.
        const ConvergedLatticeLimit again = square_lattice_limit(1.0, 1e-7);
        QCOMPARE(again.value.free_energy, r.value.free_energy);
        QCOMPARE(again.value.width, r.value.width);
    }

    void bad_arguments_are_input_errors() {
        QVERIFY_THROWS_EXCEPTION(InputError, square_lattice_limit_at_width(0.0, 8));
        QVERIFY_THROWS_EXCEPTION(InputError, square_lattice_limit_at_width(1.0, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, square_lattice_limit_at_width(1.0, 30));
        QVERIFY_THROWS_EXCEPTION(InputError, chain_limit(-1.0));
    }

    // ln Z(C_n)/n and 2E|M|/n of a long cycle from its exact polynomial (big integers) converge to the
    // chain limit; on C_n the finite-size terms are (r₋/r₊)ⁿ, far below 1e-12 at n = 300, so the
    // difference is rounding only.
    void chain_limit_matches_long_cycles() {
        const Graph g = make_graph("cycle:300", BuildOptions{.with_layout = false});
        const MatchingPolynomial p = exact_matching_polynomial(g);
        for (double lambda : {0.25, 1.0, 4.0}) {
            const ChainLimit c = chain_limit(lambda);
            QVERIFY(std::abs(p.log_z(lambda) / 300 - c.free_energy) <= 1e-12);
            QVERIFY(std::abs(2 * p.mean_dimers(lambda) / 300 - c.covered_fraction) <= 1e-12);
        }
        QCOMPARE(chain_limit(0.0).covered_fraction, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLatticeLimits)
#include "test_lattice_limits.moc"
