// Weighted face rotations: the heat bath at a face picks phase X with probability W_X / (W_A + W_B),
// W_X the product of the weights of phase X's edges (docs/algorithms.md §1.4, §2.7).
//  - with unit weights, or weights whose two phase products are equal on every face, the coin is
//    the fair coin w2 < 2^31 exactly, so trajectories and cftp samples are unchanged bit for bit;
//  - the exact transition matrices of `rotation` and `glauber+rotation`, built from the production
//    rule with the samplers' tables, are reversible for Π_{e∈M} λ w_e (brute force), and fail to be
//    when the faces' coins are forced fair (so the check can fail);
//  - a sweep of the colour-class chain keeps the weighted law on perfect matchings;
//  - cftp samples, and the cpu and cpu-parallel rotation chains' final states, follow the weighted
//    law on perfect matchings (Pearson χ², α = 1e-3 per row, fixed seeds: a false alarm for correct
//    samplers in about 0.1% of seeds per row);
//  - on boxes too large to enumerate, the mean volume of cftp's q^volume samples equals the mean
//    from MacMahon's q-product (z-test at 4 standard errors: a false alarm in 6e-5 of seeds per row).
#include <QtTest>
#include <cmath>
#include <map>

#include "chi_square.hpp"
#include "diagnostics/exact_chain.hpp"
#include "faces/face_coin_thresholds.hpp"
#include "faces/face_colouring.hpp"
#include "faces/height_cftp.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/face_rotation_rule.hpp"
#include "q_volume_moments.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"
#include "tilings/hexagon_volume.hpp"
#include "util/errors.hpp"
#include "weighted_graphs.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

constexpr double kAlpha = 1e-3;
constexpr double kTwo32 = 4294967296.0;

// The perfect matchings of g and their law ∝ Π_{e∈M} w_e, by brute force.
WeightedLaw perfect_matching_law(const Graph& g) {
    WeightedLaw law;
    double z = 0;
    for (MateArray& m : enumerate_matchings(g)) {
        if (2 * count_dimers(m) != g.num_vertices()) continue;
        double w = 1;
        for (EdgeId e = 0; e < g.num_edges(); ++e)
            if (m[g.edge(e).u] == g.edge(e).v) w *= g.weight(e);
        law.states.push_back(std::move(m));
        law.probability.push_back(w);
        z += w;
    }
    for (double& p : law.probability) p /= z;
    return law;
}

Graph weighted_by_name(const QString& name) {
    if (name.startsWith("grid")) {
        // Weights cycling along the edge list, so that neighbouring faces differ.
        return with_weights(make_graph(name.section(' ', 0, 0).toStdString()),
                            {"3", "1/2", "1", "5/4", "0.2"});
    }
    return make_graph(name.toStdString());
}

std::size_t state_index(const std::map<MateArray, std::size_t>& index, std::span<const std::uint32_t> mate) {
    return index.at(MateArray(mate.begin(), mate.end()));
}

}  // namespace

class TestWeightedRotation : public QObject {
    Q_OBJECT
  private slots:
    void equal_phase_products_give_the_fair_coin() {
        QCOMPARE(face_phase_threshold(1.0L), kFairFaceCoin);
        QCOMPARE(face_phase_threshold(0.0L), std::uint64_t{1} << 32);
        QCOMPARE(face_phase_threshold(INFINITY), std::uint64_t{0});
        // Weight 2 on every edge: both phases of every face weigh 2^(k/2).
        const Graph plain = make_graph("hexagon:3,2,2");
        const Graph twos = with_weights(make_graph("hexagon:3,2,2"), {"2"});
        QVERIFY(twos.weighted());
        const FaceSet faces = lattice_faces(twos);
        const FaceCoinThresholds coins(twos, faces);
        QVERIFY(!coins.uniform());
        QCOMPARE(coins.table().size(), std::size_t{1});
        QCOMPARE(coins(0), kFairFaceCoin);
        // So rotation trajectories and cftp samples equal the unweighted ones bit for bit.
        const MateArray start = make_start_state(plain, StartKind::maximum, 1);
        auto a = make_cpu_sampler(plain, Dynamics::rotation, 9, LambdaRecord(kInfiniteLambda), start);
        auto b = make_cpu_sampler(twos, Dynamics::rotation, 9, LambdaRecord(kInfiniteLambda), start);
        a->advance(5000);
        b->advance(5000);
        QVERIFY(std::equal(a->mate().begin(), a->mate().end(), b->mate().begin(), b->mate().end()));
        QVERIFY(!std::equal(a->mate().begin(), a->mate().end(), start.begin(), start.end()));
        for (std::uint64_t seed : {1u, 2u, 3u})
            QVERIFY(sample_cftp(plain, seed, 1u << 16).matching ==
                    sample_cftp(twos, seed, 1u << 16).matching);
    }

    void a_face_coin_is_the_ratio_of_its_phase_products() {
        // One face (a 4-cycle): phase A = {01, 23}, phase B = {12, 30}.
        Graph g(4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
        g = with_weights(std::move(g), {"3", "1/2", "5", "1"});
        const FaceSet face{4, {0, 1, 2, 3}};
        const FaceCoinThresholds coins(g, face);
        // W_A = 15, W_B = 1/2: P(A) = 30/31.
        QCOMPARE(coins(0), std::uint64_t(std::floor(30.0L / 31.0L * kTwo32)));
        const char names_b[] = {0};
        QCOMPARE(FaceCoinThresholds(g, face, names_b)(0), std::uint64_t(std::floor(1.0L / 31.0L * kTwo32)));
    }

    void exact_matrices_are_reversible_for_the_weighted_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<int>("dynamics");
        QTest::addColumn<double>("lambda");
        for (const char* g : {"grid:3x3", "grid:2x4", "hexagon:1,2,1,q=1/3"}) {
            QTest::addRow("%s rotation", g) << g << int(Dynamics::rotation) << 0.7;
            QTest::addRow("%s glauber+rotation", g) << g << int(Dynamics::glauber_rotation) << 2.5;
        }
    }
    void exact_matrices_are_reversible_for_the_weighted_law() {
        QFETCH(QString, graph);
        QFETCH(int, dynamics);
        QFETCH(double, lambda);
        const Graph g = weighted_by_name(graph);
        QVERIFY(g.weighted());
        const ExactChain c = build_exact_chain(g, static_cast<Dynamics>(dynamics), lambda);
        QVERIFY(max_row_sum_error(c) < 1e-12);
        // Tolerance: the coins' 2^-32 rounding, relative to the smallest phase probability here (> 1/30).
        const double err = max_detailed_balance_error(c);
        QVERIFY2(err < 1e-7, qPrintable(QString::number(err)));
    }

    // The same law pushed through a sweep of fair coins is not kept: the check above can fail.
    void fair_coins_do_not_keep_the_weighted_law() {
        const Graph g = weighted_by_name("grid:3x4");
        const FaceSet faces = lattice_faces(g);
        const WeightedLaw law = perfect_matching_law(g);
        std::map<MateArray, std::size_t> index;
        for (std::size_t i = 0; i < law.states.size(); ++i) index.emplace(law.states[i], i);
        const FaceColouring col = colour_faces(faces, g.num_vertices());
        const auto sweep = [&](const std::vector<double>& p, const FaceCoinThresholds& coins) {
            std::vector<double> cur = p;
            for (std::uint32_t f : col.order) {
                std::vector<double> next(cur.size(), 0.0);
                const double p_a = double(coins(f)) / kTwo32;
                for (std::size_t i = 0; i < cur.size(); ++i) {
                    for (bool phase_a : {true, false}) {
                        MateArray y = law.states[i];
                        face_rotation_update(y.data(), faces.face(f).data(), faces.face_size, phase_a);
                        next[index.at(y)] += (phase_a ? p_a : 1 - p_a) * cur[i];
                    }
                }
                cur = std::move(next);
            }
            return cur;
        };
        double weighted_err = 0, fair_err = 0;
        const std::vector<double> kept = sweep(law.probability, FaceCoinThresholds(g, faces));
        const std::vector<double> moved = sweep(law.probability, FaceCoinThresholds());
        for (std::size_t i = 0; i < kept.size(); ++i) {
            weighted_err =
                std::max(weighted_err, std::abs(kept[i] - law.probability[i]) / law.probability[i]);
            fair_err = std::max(fair_err, std::abs(moved[i] - law.probability[i]) / law.probability[i]);
        }
        QVERIFY2(weighted_err < 1e-7, qPrintable(QString::number(weighted_err)));
        QVERIFY2(fair_err > 0.05, qPrintable(QString::number(fair_err)));
    }

    void cftp_samples_follow_the_weighted_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<int>("samples");
        // q^volume below and above 1 (20 tilings), a two-periodic diamond (64 tilings) and a grid
        // with edge weights cycling along its edge list (36 tilings).
        QTest::addRow("hexagon q=1/2") << "hexagon:2,2,2,q=1/2" << 4000;
        QTest::addRow("hexagon q=3") << "hexagon:2,2,2,q=3" << 4000;
        QTest::addRow("aztec two-periodic") << "aztec:3,a=1/2,b=3/2" << 6400;
        QTest::addRow("grid weighted") << "grid:4x4" << 5000;
    }
    void cftp_samples_follow_the_weighted_law() {
        QFETCH(QString, graph);
        QFETCH(int, samples);
        const Graph g = weighted_by_name(graph);
        QVERIFY(g.weighted());
        QVERIFY(cftp_supports(g));
        const WeightedLaw law = perfect_matching_law(g);
        std::map<MateArray, std::size_t> index;
        for (std::size_t i = 0; i < law.states.size(); ++i) index.emplace(law.states[i], i);
        std::vector<std::uint64_t> counts(law.states.size(), 0);
        for (int s = 1; s <= samples; ++s)
            ++counts[index.at(sample_cftp(g, std::uint64_t(s), 1u << 20).matching)];
        const auto chi = chi_square_test(counts, law.probability, kAlpha);
        QVERIFY2(chi.passed, chi.describe().c_str());
    }

    // Independent chains from one perfect matching, run long enough to forget it (hexagon:2,2,2
    // mixes in a few sweeps of its 7 faces; 400 updates is about 57 sweeps), end in the weighted law.
    void rotation_chains_end_in_the_weighted_law_data() {
        QTest::addColumn<QString>("backend");
        QTest::addRow("cpu") << "cpu";
        QTest::addRow("cpu-parallel") << "cpu-parallel";
    }
    void rotation_chains_end_in_the_weighted_law() {
        QFETCH(QString, backend);
        const Graph g = make_graph("hexagon:2,2,2,q=1/3");
        const WeightedLaw law = perfect_matching_law(g);
        std::map<MateArray, std::size_t> index;
        for (std::size_t i = 0; i < law.states.size(); ++i) index.emplace(law.states[i], i);
        const MateArray start = make_start_state(g, StartKind::maximum, 1);
        std::vector<std::uint64_t> counts(law.states.size(), 0);
        for (std::uint64_t c = 0; c < 4000; ++c) {
            auto sampler = backend == "cpu" ? make_cpu_sampler(g, Dynamics::rotation, 1000 + c,
                                                               LambdaRecord(kInfiniteLambda), start)
                                            : make_cpu_parallel_sampler(g, Dynamics::rotation, 1000 + c,
                                                                        LambdaRecord(kInfiniteLambda), start);
            sampler->advance(400);
            ++counts[state_index(index, sampler->mate())];
        }
        const auto chi = chi_square_test(counts, law.probability, kAlpha);
        QVERIFY2(chi.passed, chi.describe().c_str());
    }

    // glauber+rotation at finite λ: the whole monomer-dimer law λ^|M| Π w_e, on all matchings.
    void glauber_rotation_ends_in_the_weighted_monomer_dimer_law() {
        const Graph g = weighted_by_name("grid:2x4");
        const double lambda = 1.5;
        const WeightedLaw law = weighted_gibbs_law(g, lambda);
        std::map<MateArray, std::size_t> index;
        for (std::size_t i = 0; i < law.states.size(); ++i) index.emplace(law.states[i], i);
        std::vector<std::uint64_t> counts(law.states.size(), 0);
        for (std::uint64_t c = 0; c < 20000; ++c) {
            auto sampler = make_cpu_sampler(g, Dynamics::glauber_rotation, 5000 + c, LambdaRecord(lambda),
                                            MateArray(g.num_vertices(), kNoMate));
            sampler->advance(300);
            ++counts[state_index(index, sampler->mate())];
        }
        const auto chi = chi_square_test(counts, law.probability, kAlpha);
        QVERIFY2(chi.passed, chi.describe().c_str());
    }

    void volumes_of_the_extreme_tilings_are_zero_and_the_full_box() {
        const Graph g = make_graph("hexagon:4,3,5,q=1/2");
        const FaceSet faces = lattice_faces(g);
        const MateArray start = make_start_state(g, StartKind::maximum, 1);
        const std::uint64_t low = hexagon_tiling_volume(g, extreme_perfect_matching(g, faces, start, false));
        const std::uint64_t high = hexagon_tiling_volume(g, extreme_perfect_matching(g, faces, start, true));
        QCOMPARE(std::min(low, high), std::uint64_t{0});
        QCOMPARE(std::max(low, high), std::uint64_t{60});
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 hexagon_tiling_volume(make_graph("grid:2x2"), MateArray{1, 0, 3, 2}));
    }

    void cftp_mean_volume_is_q_macmahons_data() {
        QTest::addColumn<unsigned>("a");
        QTest::addColumn<unsigned>("b");
        QTest::addColumn<unsigned>("c");
        QTest::addColumn<QString>("q");
        QTest::addRow("10,10,10 q=0.8") << 10u << 10u << 10u << QString("0.8");
        QTest::addRow("8,12,6 q=1.1") << 8u << 12u << 6u << QString("1.1");
        QTest::addRow("9,7,8 q=0.9") << 9u << 7u << 8u << QString("0.9");
    }
    void cftp_mean_volume_is_q_macmahons() {
        QFETCH(unsigned, a);
        QFETCH(unsigned, b);
        QFETCH(unsigned, c);
        QFETCH(QString, q);
        const Graph g = make_graph(QString("hexagon:%1,%2,%3,q=%4").arg(a).arg(b).arg(c).arg(q).toStdString(),
                                   {.with_layout = false});
        const VolumeMoments exact = q_volume_moments(a, b, c, q.toDouble());
        constexpr int kSamples = 300;
        double sum = 0;
        for (int s = 1; s <= kSamples; ++s)
            sum += double(hexagon_tiling_volume(g, sample_cftp(g, std::uint64_t(s), 1u << 20).matching));
        const double mean = sum / kSamples, se = std::sqrt(exact.variance / kSamples);
        qInfo("mean volume %.2f, exact %.2f ± %.2f (sd %.2f); the uniform law's is %.1f", mean, exact.mean,
              se, std::sqrt(exact.variance), a * b * c / 2.0);
        QVERIFY2(std::abs(mean - exact.mean) < 4 * se,
                 qPrintable(QString("%1 vs %2 ± %3").arg(mean).arg(exact.mean).arg(se)));
    }

    void cftp_keeps_refusing_regions_it_cannot_couple() {
        const Graph torus = with_weights(make_graph("torus:4x4"), {"2", "1/2"});
        QVERIFY_THROWS_EXCEPTION(InputError, sample_cftp(torus, 1, 100));
    }
};

QTEST_APPLESS_MAIN(TestWeightedRotation)
#include "test_weighted_rotation.moc"
