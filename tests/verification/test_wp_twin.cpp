// Discharges assumption A-TWIN of claim HB-WP: the C twin that Frama-C WP proves
// (verification/wp/heat_bath_rule_twin.h) behaves exactly like the production rule
// heat_bath_update, called with a raw pointer and with the logging proxy the race emulation
// uses. The rule reads only mate[u] and mate[v]
// and compares them with v and kNoMate, so its behaviour depends only on the equality pattern of
// (mate[u], mate[v], u, v, kNoMate) and the coin. With 4 vertices and every mate value in
// {0..3, kNoMate}, every ordered pair u != v and both coins, every such pattern occurs.
#include <QtTest>
#include <array>

#include "chromatic/chromatic_update.hpp"
#include "heat_bath_rule_twin.h"
#include "model/heat_bath_rule.hpp"

using namespace dimerlab;

class TestWpTwin : public QObject {
    Q_OBJECT
  private slots:
    void same_constant() { QCOMPARE(std::uint32_t{TWIN_NO_MATE}, kNoMate); }

    void agree_on_every_pattern() {
        constexpr std::uint32_t nv = 4;
        const std::array<std::uint32_t, 5> values{0, 1, 2, 3, kNoMate};
        long cases = 0;
        for (int code = 0; code < 5 * 5 * 5 * 5; ++code) {
            std::array<std::uint32_t, nv> start{};
            for (std::uint32_t i = 0, c = static_cast<std::uint32_t>(code); i < nv; ++i, c /= 5)
                start[i] = values[c % 5];
            for (std::uint32_t u = 0; u < nv; ++u) {
                for (std::uint32_t v = 0; v < nv; ++v) {
                    if (u == v) continue;
                    for (const bool coin : {false, true}) {
                        auto a = start, b = start, c = start;
                        const int ra = heat_bath_update(a.data(), u, v, coin);
                        const int rb = twin_heat_bath_update(b.data(), nv, u, v, coin ? 1 : 0);
                        std::uint32_t* pc = c.data();
                        const int rc = heat_bath_update(pc, u, v, coin);
                        QCOMPARE(rb, ra);
                        QCOMPARE(rc, ra);
                        QVERIFY(a == b);
                        QVERIFY(a == c);
                        ++cases;
                    }
                }
            }
        }
        QCOMPARE(cases, 625L * 12 * 2);
    }
};

QTEST_GUILESS_MAIN(TestWpTwin)
#include "test_wp_twin.moc"
