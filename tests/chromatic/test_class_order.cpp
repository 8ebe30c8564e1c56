// The random class order of the chromatic sampler (core/chromatic/class_order.hpp): every sweep's
// order is a permutation, uniform over all k! of them (χ²), and the schedule runs each sweep as
// those classes whole and in that order; the chain still has the exact Gibbs law (χ², many
// independent chains, as test_chromatic_sampler does for the fixed order); the trajectory is
// bit-identical across thread counts and however advance() cuts the run; the fixed order is the
// colouring's own order (the trajectories of earlier releases). And, exactly, on tiny graphs: the
// random order's sweep kernel is reversible and the fixed order's is not (both keep π).
//
// False alarms: each χ² test rejects a correct implementation with probability α = 1e-3; with the
// 6 tests below about 0.6% for all. Seeds are fixed, so outcomes are reproducible.
#include <QtTest>
#include <algorithm>
#include <map>
#include <numeric>

#include "chi_square.hpp"
#include "chromatic/chromatic_sampler.hpp"
#include "chromatic/chromatic_update.hpp"
#include "chromatic/class_order.hpp"
#include "chromatic/class_schedule.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

constexpr double kAlpha = 1e-3;

std::unique_ptr<ChromaticSampler> chromatic(const Graph& g, std::uint64_t seed, double lambda,
                                            unsigned threads, ClassOrder order) {
    ChromaticOptions o;
    o.threads = threads;
    o.parallel = threads != 1;
    o.min_chunk = 0;  // split every class across all threads, even on tiny graphs
    o.class_order = order;
    return std::make_unique<ChromaticSampler>(g, seed, LambdaRecord(lambda),
                                              make_start_state(g, StartKind::greedy, seed), o);
}

MateArray mate_of(const Sampler& s) {
    return MateArray(s.mate().begin(), s.mate().end());
}

// The exact one-class kernel: every coin vector of the class, each edge's coin "occupied" with
// probability p, through the heat-bath rule every backend calls.
using Kernel = std::vector<std::vector<double>>;
Kernel class_kernel(const Graph& g, const EdgeColouring& colouring, std::uint32_t c,
                    const testing::GibbsLaw& law, double p) {
    const std::size_t n = law.states.size();
    Kernel k(n, std::vector<double>(n, 0.0));
    const std::uint32_t first = colouring.offsets[c], size = colouring.offsets[c + 1] - first;
    for (std::size_t x = 0; x < n; ++x) {
        for (std::uint32_t coins = 0; coins < (1u << size); ++coins) {
            MateArray mate = law.states[x];
            double weight = 1;
            for (std::uint32_t i = 0; i < size; ++i) {
                const bool coin = (coins >> i) & 1u;
                const Edge& e = g.edge(colouring.order[first + i]);
                heat_bath_update(mate.data(), e.u, e.v, coin);
                weight *= coin ? p : 1 - p;
            }
            k[x][law.index.at(mate)] += weight;
        }
    }
    return k;
}

Kernel multiply(const Kernel& a, const Kernel& b) {
    const std::size_t n = a.size();
    Kernel c(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            for (std::size_t l = 0; l < n; ++l) c[i][l] += a[i][j] * b[j][l];
    return c;
}

// Largest |π(x)P(x,y) - π(y)P(y,x)| and largest |(πP)(y) - π(y)|.
std::pair<double, double> balance_errors(const Kernel& k, const std::vector<double>& pi) {
    double detailed = 0, stationary = 0;
    for (std::size_t y = 0; y < pi.size(); ++y) {
        double flow = 0;
        for (std::size_t x = 0; x < pi.size(); ++x) {
            flow += pi[x] * k[x][y];
            detailed = std::max(detailed, std::abs(pi[x] * k[x][y] - pi[y] * k[y][x]));
        }
        stationary = std::max(stationary, std::abs(flow - pi[y]));
    }
    return {detailed, stationary};
}

// Lehmer code of a permutation of [0, k): a bijection onto [0, k!).
std::size_t permutation_rank(const std::vector<std::uint32_t>& perm) {
    std::size_t rank = 0;
    for (std::size_t i = 0; i < perm.size(); ++i) {
        std::size_t smaller_after = 0;
        for (std::size_t j = i + 1; j < perm.size(); ++j) smaller_after += perm[j] < perm[i];
        rank = rank * (perm.size() - i) + smaller_after;
    }
    return rank;
}

}  // namespace

class TestClassOrder : public QObject {
    Q_OBJECT
  private slots:
    void every_sweep_order_is_a_permutation() {
        for (std::uint32_t k : {1u, 2u, 3u, 7u, 64u, 1001u}) {
            std::vector<std::uint32_t> perm(k);
            bool some_not_identity = false;
            for (std::uint64_t sweep : {0ull, 1ull, 2ull, 1234567ull, (1ull << 40) + 3}) {
                class_permutation(99, sweep, k, perm.data());
                std::vector<std::uint32_t> sorted = perm;
                std::sort(sorted.begin(), sorted.end());
                for (std::uint32_t i = 0; i < k; ++i) QCOMPARE(sorted[i], i);
                some_not_identity = some_not_identity || !std::is_sorted(perm.begin(), perm.end());
            }
            if (k > 2) QVERIFY(some_not_identity);  // all five the identity: p <= 6^-5 per k (fixed seed)
        }
    }

    // k = 3 and k = 4: the k! orders are equally likely (Fisher–Yates with uniform partners).
    void orders_are_uniform_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("sweeps");
        QTest::newRow("k=3") << 3 << 60000;
        QTest::newRow("k=4") << 4 << 96000;
    }
    void orders_are_uniform() {
        QFETCH(int, k);
        QFETCH(int, sweeps);
        std::size_t factorial = 1;
        for (int i = 2; i <= k; ++i) factorial *= static_cast<std::size_t>(i);
        std::vector<std::uint64_t> observed(factorial, 0);
        std::vector<std::uint32_t> perm(static_cast<std::size_t>(k));
        for (int s = 0; s < sweeps; ++s) {
            class_permutation(2024, static_cast<std::uint64_t>(s), static_cast<std::uint32_t>(k),
                              perm.data());
            ++observed[permutation_rank(perm)];
        }
        const std::vector<double> expected(factorial, 1.0 / static_cast<double>(factorial));
        const auto r = testing::chi_square_test(observed, expected, kAlpha);
        QVERIFY2(r.passed, r.describe().c_str());
    }

    // The schedule cuts sweep s into the classes of classes(s), each whole, in that order; the
    // fixed order is the colouring's.
    void schedule_runs_whole_classes_in_order() {
        const Graph g = make_graph("gnp:60,0.15,seed=5", BuildOptions{.with_layout = false});
        const EdgeColouring colouring = colour_edges(g);
        const std::uint64_t m = g.num_edges();
        for (ClassOrder order : {ClassOrder::fixed, ClassOrder::random}) {
            ClassSchedule schedule(colouring, order, 31);
            for (std::uint64_t sweep : {0ull, 1ull, 17ull}) {
                const std::vector<std::uint32_t> classes(schedule.classes(sweep).begin(),
                                                         schedule.classes(sweep).end());
                QCOMPARE(classes.size(), std::size_t{colouring.num_colours()});
                if (order == ClassOrder::fixed) {
                    for (std::uint32_t j = 0; j < classes.size(); ++j) QCOMPARE(classes[j], j);
                }
                std::uint64_t t = sweep * m;
                for (std::uint32_t c : classes) {
                    const ClassPiece piece = schedule.piece(t, ~0ull);
                    QCOMPARE(piece.sweep, sweep);
                    QCOMPARE(piece.begin, colouring.offsets[c]);
                    QCOMPARE(piece.end, colouring.offsets[c + 1]);
                    // A limit cuts the class short from the same start.
                    const ClassPiece part = schedule.piece(t, 1);
                    QCOMPARE(part.begin, piece.begin);
                    QCOMPARE(part.end, piece.begin + 1);
                    t += piece.end - piece.begin;
                }
                QCOMPARE(t, (sweep + 1) * m);
            }
        }
    }

    // Final states of 20000 independent chains, stopped at a point that is not a whole sweep,
    // against the exact Gibbs law.
    void final_states_follow_exact_gibbs_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<qulonglong>("base_seed");
        QTest::newRow("K4 lambda=0.7") << "K4" << 0.7 << 11'000'000ull;
        QTest::newRow("C5 lambda=1.5") << "C5" << 1.5 << 12'000'000ull;
        QTest::newRow("grid2x3 lambda=1") << "grid2x3" << 1.0 << 13'000'000ull;
    }
    void final_states_follow_exact_gibbs_law() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(qulonglong, base_seed);
        const Graph g = graph == "K4"   ? testing::complete_graph(4)
                        : graph == "C5" ? testing::cycle_graph(5)
                                        : testing::grid_graph(2, 3);
        const testing::GibbsLaw law = testing::exact_gibbs_law(g, lambda);
        std::vector<std::uint64_t> observed(law.states.size(), 0);
        const std::uint64_t chains = 20000, sweeps = 40;
        const StartKind kinds[] = {StartKind::empty, StartKind::greedy, StartKind::maximum};
        for (std::uint64_t c = 0; c < chains; ++c) {
            const std::uint64_t seed = base_seed + c;
            ChromaticOptions o;
            o.class_order = ClassOrder::random;
            ChromaticSampler s(g, seed, LambdaRecord(lambda), make_start_state(g, kinds[c % 3], seed), o);
            QVERIFY(s.colouring().num_colours() >= 3);  // more than one order to choose from
            s.advance(sweeps * g.num_edges() + c % g.num_edges());
            QCOMPARE(s.dimers(), count_dimers(s.mate()));
            ++observed[law.index.at(mate_of(s))];
        }
        const auto r = testing::chi_square_test(observed, law.probability, kAlpha);
        QVERIFY2(r.passed, r.describe().c_str());
    }

    // CPU threads against the one-thread (sequential) run, and odd advance() steps that stop inside
    // classes against whole sweeps: the same matching, bit for bit.
    void threads_and_cuts_do_not_change_the_trajectory_data() {
        QTest::addColumn<QString>("spec");
        for (const char* s : {"torus:16x12", "grid:13x9", "complete:30", "gnp:80,0.1,seed=3", "petersen"})
            QTest::newRow(s) << QString(s);
    }
    void threads_and_cuts_do_not_change_the_trajectory() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        const std::uint64_t m = g.num_edges(), updates = 7 * m + 5;
        auto one = chromatic(g, 19, 1.2, 1, ClassOrder::random);
        one->advance(updates);
        for (unsigned threads : {2u, 3u}) {
            auto many = chromatic(g, 19, 1.2, threads, ClassOrder::random);
            many->advance(updates);
            QCOMPARE(mate_of(*many), mate_of(*one));
            QCOMPARE(many->dimers(), one->dimers());
            auto cut = chromatic(g, 19, 1.2, threads, ClassOrder::random);
            std::uint64_t done = 0;
            for (std::uint64_t step = 1; done < updates; step = step * 3 % 31 + 1) {
                const std::uint64_t n = std::min(step, updates - done);
                cut->advance(n);
                done += n;
            }
            QCOMPARE(mate_of(*cut), mate_of(*one));
        }
        // The order matters: the fixed order gives another trajectory from the same coins.
        auto fixed = chromatic(g, 19, 1.2, 1, ClassOrder::fixed);
        fixed->advance(updates);
        QVERIFY(mate_of(*fixed) != mate_of(*one));
        QCOMPARE(one->class_order(), ClassOrder::random);
    }

    // The exact sweep kernels (docs/algorithms.md §2.3): the fixed order keeps π but is not reversible on
    // these graphs; the random order's kernel, the average over all k! orders, is reversible. Exact
    // up to rounding: tolerance 1e-12 against probabilities of order 0.1.
    void random_order_is_reversible_fixed_order_is_not_data() {
        QTest::addColumn<QString>("graph");
        QTest::newRow("C5") << "C5";
        QTest::newRow("K4") << "K4";
        QTest::newRow("path5") << "path5";
    }
    void random_order_is_reversible_fixed_order_is_not() {
        QFETCH(QString, graph);
        const Graph g = graph == "C5"   ? testing::cycle_graph(5)
                        : graph == "K4" ? testing::complete_graph(4)
                                        : testing::path_graph(5);
        const double lambda = 1.7, p = lambda / (1 + lambda);
        const testing::GibbsLaw law = testing::exact_gibbs_law(g, lambda);
        const EdgeColouring colouring = colour_edges(g);
        const std::uint32_t k = colouring.num_colours();
        QVERIFY(k >= 2);
        std::vector<Kernel> classes;
        for (std::uint32_t c = 0; c < k; ++c) classes.push_back(class_kernel(g, colouring, c, law, p));
        const std::size_t n = law.states.size();
        std::vector<std::uint32_t> perm(k);
        std::iota(perm.begin(), perm.end(), 0u);
        Kernel fixed, average(n, std::vector<double>(n, 0.0));
        std::size_t orders = 0;
        do {
            Kernel sweep = classes[perm[0]];
            for (std::uint32_t j = 1; j < k; ++j) sweep = multiply(sweep, classes[perm[j]]);
            if (orders == 0) fixed = sweep;  // the identity comes first
            for (std::size_t x = 0; x < n; ++x)
                for (std::size_t y = 0; y < n; ++y) average[x][y] += sweep[x][y];
            ++orders;
        } while (std::next_permutation(perm.begin(), perm.end()));
        for (auto& row : average)
            for (double& v : row) v /= static_cast<double>(orders);

        const auto [fixed_detailed, fixed_stationary] = balance_errors(fixed, law.probability);
        const auto [random_detailed, random_stationary] = balance_errors(average, law.probability);
        QVERIFY2(fixed_stationary < 1e-12, qPrintable(QString::number(fixed_stationary)));
        QVERIFY2(random_stationary < 1e-12, qPrintable(QString::number(random_stationary)));
        QVERIFY2(random_detailed < 1e-12, qPrintable(QString::number(random_detailed)));
        QVERIFY2(fixed_detailed > 1e-3, qPrintable(QString::number(fixed_detailed)));
    }

    void names_parse_and_bad_names_are_refused() {
        QCOMPARE(parse_class_order("fixed"), ClassOrder::fixed);
        QCOMPARE(parse_class_order("random"), ClassOrder::random);
        QCOMPARE(QString::fromUtf8(class_order_name(ClassOrder::random).data()), QString("random"));
        QVERIFY_THROWS_EXCEPTION(InputError, parse_class_order("shuffled"));
    }
};

QTEST_APPLESS_MAIN(TestClassOrder)
#include "test_class_order.moc"
