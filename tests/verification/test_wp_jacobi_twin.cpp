// Discharges assumption A-TWIN of claim GJ-WP: the C twins that Frama-C WP proves
// (verification/wp/jacobi_steps_twin.h) behave exactly like jacobi_slot_time,
// three_valued_heat_bath and jacobi_next_time (core/parallel/jacobi_steps.hpp). The functions
// only compare slot with num_virtual and subtract, so their behaviour changes only around 0, 1,
// the comparison boundary and 2^32 - 1 (wrap); every pair of such values is checked, with the
// boolean inputs in all combinations, plus the constants the contracts name.
#include <QtTest>
#include <vector>

#include "jacobi_steps_twin.h"
#include "parallel/jacobi_steps.hpp"

using namespace dimerlab;

class TestWpJacobiTwin : public QObject {
    Q_OBJECT
  private slots:
    void same_constants() {
        QCOMPARE(std::uint8_t{TWIN_ZERO}, kJacobiZero);
        QCOMPARE(std::uint8_t{TWIN_ONE}, kJacobiOne);
        QCOMPARE(std::uint8_t{TWIN_UNKNOWN}, kJacobiUnknown);
        QCOMPARE(std::uint32_t{TWIN_NEVER}, kJacobiNever);
    }

    void slot_and_next_time_agree() {
        const std::vector<std::uint32_t> values{
            0u, 1u, 2u, 3u, 1000u, 0x7fffffffu, 0x80000000u, 0xfffffffdu, 0xfffffffeu, 0xffffffffu};
        long cases = 0;
        for (std::uint32_t slot : values) {
            for (std::uint32_t nv : values) {
                // Neighbours of the boundary slot == nv as well, where the two branches meet.
                for (std::uint32_t s : {slot, nv, nv + 1u, nv - 1u}) {
                    QCOMPARE(twin_jacobi_slot_time(s, nv), jacobi_slot_time(s, nv));
                    for (const bool follows : {false, true}) {
                        QCOMPARE(twin_jacobi_next_time(follows ? 1 : 0, s, nv),
                                 jacobi_next_time(follows, s, nv));
                    }
                    ++cases;
                }
            }
        }
        QCOMPARE(cases, 400L);
    }

    void three_valued_agrees() {
        for (int code = 0; code < 8; ++code) {
            const bool coin = code & 1, certain = code & 2, possible = code & 4;
            QCOMPARE(twin_three_valued_heat_bath(coin, certain, possible),
                     three_valued_heat_bath(coin, certain, possible));
        }
    }
};

QTEST_GUILESS_MAIN(TestWpJacobiTwin)
#include "test_wp_jacobi_twin.moc"
