#pragma once
// docs/algorithms.md §6.4: spectral gaps (6 decimals) and t_mix(1/4) in updates of both dynamics on
// P4, C4 and K4, as QtTest data rows (graph, lambda, dynamics, gap, tmix). Shared by the dense
// and the sparse exact-chain tests, which must both reproduce it.
#include <QString>
#include <QTest>

#include "sampling/sampler.hpp"

namespace dimerlab::testing {

inline void add_mixing_reference_rows() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<int>("dynamics");
    QTest::addColumn<double>("gap");
    QTest::addColumn<int>("tmix");
    const auto row = [](const char* g, double l, double gg, int gt, double jg, int jt) {
        QTest::addRow("%s glauber lambda=%g", g, l) << QString(g) << l << int(Dynamics::glauber) << gg << gt;
        QTest::addRow("%s js lambda=%g", g, l)
            << QString(g) << l << int(Dynamics::jerrum_sinclair) << jg << jt;
    };
    row("P4", 1, 0.138319, 8, 0.333333, 3);
    row("P4", 4, 0.049054, 25, 0.159212, 7);
    row("C4", 1, 0.073223, 12, 0.193814, 5);
    row("C4", 4, 0.014922, 50, 0.049621, 16);
    row("K4", 1, 0.048816, 24, 0.140281, 9);
    row("K4", 4, 0.009948, 103, 0.035560, 29);
}

}  // namespace dimerlab::testing
