// Discharges assumption A-TWIN of claim GJ-WP: the C twins that Frama-C WP proves
// (verification/wp/jacobi_steps_twin.h) behave exactly like their production functions in
// core/parallel/jacobi_steps.hpp. Slot time and nxt only compare slot with num_virtual and
// subtract, so their behaviour changes only around 0, 1, the comparison boundary and 2^32 - 1
// (wrap); every pair of such values is checked, with the boolean inputs in all combinations, plus
// the constants the contracts name. The packing steps compare 32-bit halves with each other and
// with t, so their domain is every pair of boundary halves (0, 1, 2, 2^31 - 1, 2^31, 2^32 - 2,
// 2^32 - 1) per word, against t at the same values, plus random words from a fixed seed.
#include <QtTest>
#include <random>
#include <vector>

#include "jacobi_steps_twin.h"
#include "parallel/jacobi_steps.hpp"

using namespace dimerlab;

namespace {

const std::vector<std::uint32_t> kHalves{0u, 1u, 2u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};

// Every word whose two halves are boundary values.
std::vector<std::uint64_t> boundary_words() {
    std::vector<std::uint64_t> words;
    for (std::uint32_t hi : kHalves) {
        for (std::uint32_t lo : kHalves) words.push_back((std::uint64_t{hi} << 32) | lo);
    }
    return words;
}

}  // namespace

class TestWpJacobiTwin : public QObject {
    Q_OBJECT
  private slots:
    void same_constants() {
        QCOMPARE(std::uint8_t{TWIN_ZERO}, kJacobiZero);
        QCOMPARE(std::uint8_t{TWIN_ONE}, kJacobiOne);
        QCOMPARE(std::uint8_t{TWIN_UNKNOWN}, kJacobiUnknown);
        QCOMPARE(std::uint32_t{TWIN_NEVER}, kJacobiNever);
        QCOMPARE(std::uint64_t{TWIN_HALF}, kJacobiHalfWord);
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

    void event_bounds_agree() {
        long cases = 0;
        for (int y = 0; y < 256; ++y) {  // every byte, not only the three Y values
            for (std::uint32_t nxt : kHalves) {
                const auto yb = static_cast<std::uint8_t>(y);
                QCOMPARE(twin_jacobi_event_bounds(yb, nxt), jacobi_event_bounds(yb, nxt));
                ++cases;
            }
        }
        QCOMPARE(cases, 256L * 7);
        // The packing itself, against a value computed without it.
        QCOMPARE(jacobi_event_bounds(kJacobiOne, 7u), (std::uint64_t{7} << 32) | 7u);
        QCOMPARE(jacobi_event_bounds(kJacobiUnknown, 0xffffffffu), std::uint64_t{0xffffffffu});
        QCOMPARE(jacobi_event_bounds(kJacobiZero, 0xffffffffu), std::uint64_t{0});
    }

    void bounds_max_and_decide_agree_on_boundary_words() {
        const std::vector<std::uint64_t> words = boundary_words();
        long cases = 0;
        for (std::uint64_t x : words) {
            for (std::uint64_t y : words) {
                QCOMPARE(twin_jacobi_bounds_max(x, y), jacobi_bounds_max(x, y));
                for (std::uint32_t t : kHalves) QCOMPARE(twin_jacobi_decide(t, x, y), jacobi_decide(t, x, y));
                ++cases;
            }
        }
        QCOMPARE(cases, 49L * 49);
        QCOMPARE(jacobi_bounds_max(0x00000003'00000009ull, 0x00000008'00000002ull), 0x00000008'00000009ull);
    }

    void bounds_max_and_decide_agree_on_random_words() {
        std::mt19937_64 rng(20261130);
        for (int i = 0; i < (1 << 20); ++i) {
            const std::uint64_t x = rng(), y = rng();
            const auto t = static_cast<std::uint32_t>(rng());
            QCOMPARE(twin_jacobi_bounds_max(x, y), jacobi_bounds_max(x, y));
            QCOMPARE(twin_jacobi_decide(t, x, y), jacobi_decide(t, x, y));
            // t equal to a half of the word, where the strict comparisons switch.
            QCOMPARE(twin_jacobi_decide(static_cast<std::uint32_t>(x >> 32), x, y),
                     jacobi_decide(static_cast<std::uint32_t>(x >> 32), x, y));
            QCOMPARE(twin_jacobi_decide(static_cast<std::uint32_t>(y), x, y),
                     jacobi_decide(static_cast<std::uint32_t>(y), x, y));
        }
    }
};

QTEST_GUILESS_MAIN(TestWpJacobiTwin)
#include "test_wp_jacobi_twin.moc"
