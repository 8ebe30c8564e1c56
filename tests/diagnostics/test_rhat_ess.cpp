// Rank-normalised split-R̂ and bulk/tail ESS (Vehtari et al. 2021) on synthetic chains with
// fixed seeds: ≈ 1 for one distribution, > 1.01 for shifted or rescaled chains.
#include <QtTest>
#include <cmath>
#include <random>

#include "diagnostics/multichain_ess.hpp"
#include "diagnostics/rank_normalization.hpp"
#include "diagnostics/split_rhat.hpp"

using namespace dimerlab;

namespace {

ChainSet gaussian_chains(std::size_t k, std::size_t n, std::uint64_t seed, double phi = 0.0) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    ChainSet out(k);
    for (auto& ch : out) {
        double x = normal(rng) / std::sqrt(1 - phi * phi);
        for (std::size_t t = 0; t < n; ++t) {
            ch.push_back(x);
            x = phi * x + normal(rng);
        }
    }
    return out;
}

}  // namespace

class TestRhatEss : public QObject {
    Q_OBJECT
  private slots:
    void ties_get_their_average_rank() {
        const ChainSet z = rank_normalize({{1, 1, 2}, {3, 1, 2}});
        // 1,1,1 share rank 2; 2,2 share rank 4.5; 3 has rank 6 of S = 6.
        QCOMPARE(z[0][0], z[0][1]);
        QCOMPARE(z[0][0], z[1][1]);
        QCOMPARE(z[0][2], z[1][2]);
        QVERIFY(z[0][0] < z[0][2] && z[0][2] < z[1][0]);
        QVERIFY(std::abs(z[0][0] - (-0.6433454)) < 1e-6);  // Φ⁻¹((2 − 3/8)/(6 + 1/4)) = Φ⁻¹(0.26)
    }

    void split_halves_drop_the_middle_draw() {
        const ChainSet s = split_chains({{1, 2, 3, 4, 5}});
        QCOMPARE(s.size(), std::size_t{2});
        QCOMPARE(s[0], (std::vector<double>{1, 2}));
        QCOMPARE(s[1], (std::vector<double>{4, 5}));
    }

    void rhat_is_one_for_chains_of_one_distribution() {
        for (std::uint64_t seed : {1, 2, 3}) {
            const RhatResult r = split_rhat(gaussian_chains(4, 1000, seed, 0.5));
            QVERIFY2(r.bulk < 1.01 && r.folded < 1.01,
                     qPrintable(QString("%1 %2").arg(r.bulk).arg(r.folded)));
            QVERIFY(r.bulk > 0.99);
        }
        // Integer draws with many ties, like |M|.
        std::mt19937_64 rng(5);
        std::poisson_distribution<int> pois(3.0);
        ChainSet ints(4);
        for (auto& ch : ints) {
            for (int t = 0; t < 2000; ++t) ch.push_back(pois(rng));
        }
        QVERIFY(split_rhat(ints).max() < 1.01);
    }

    void rhat_detects_a_shifted_chain() {
        ChainSet c = gaussian_chains(4, 1000, 7, 0.5);
        for (double& x : c[3]) x += 0.5;
        const RhatResult r = split_rhat(c);
        QVERIFY2(r.bulk > 1.01, qPrintable(QString::number(r.bulk)));
    }

    void folded_rhat_detects_a_rescaled_chain() {
        ChainSet c = gaussian_chains(4, 1000, 8);
        for (double& x : c[2]) x *= 2;
        const RhatResult r = split_rhat(c);
        QVERIFY2(r.folded > 1.01, qPrintable(QString("bulk %1 folded %2").arg(r.bulk).arg(r.folded)));
    }

    void split_rhat_detects_a_trend_within_chains() {
        ChainSet c = gaussian_chains(4, 1000, 9);
        for (auto& ch : c) {
            for (std::size_t t = 0; t < ch.size(); ++t) ch[t] += 1.0 * static_cast<double>(t) / 1000;
        }
        QVERIFY(split_rhat(c).bulk > 1.01);
    }

    // AR(1), φ = 0.6: ESS ≈ S (1 − φ)/(1 + φ) = S / 4; independent draws: ESS ≈ S.
    void ess_matches_ar1_closed_form() {
        const std::size_t s = 4 * 4000;
        const MultiChainEss iid = multichain_ess(gaussian_chains(4, 4000, 10));
        QVERIFY2(std::abs(iid.bulk / s - 1) < 0.1, qPrintable(QString::number(iid.bulk)));
        QVERIFY2(std::abs(iid.tail / s - 1) < 0.2, qPrintable(QString::number(iid.tail)));
        const MultiChainEss ar = multichain_ess(gaussian_chains(4, 4000, 11, 0.6));
        QVERIFY2(std::abs(ar.bulk / (s / 4.0) - 1) < 0.15, qPrintable(QString::number(ar.bulk)));
        QVERIFY(ar.tail < 0.6 * s);
    }

    void constant_draws_give_nan() {
        const ChainSet c(4, std::vector<double>(10, 2.0));
        QVERIFY(std::isnan(split_rhat(c).bulk));
        QVERIFY(std::isnan(geyer_ess(c)));
    }
};

QTEST_APPLESS_MAIN(TestRhatEss)
#include "test_rhat_ess.moc"
