// Dynamics::cftp: update t is an independent exact sample drawn with the seed sample_seed(seed, t),
// so advance(k) is the sample of update time() + k - 1 and replays exactly; over updates of one
// seed the samples are uniform on the 20 lozenge tilings of hexagon:2,2,2 (χ², α = 10^-3, fixed
// seed); it refuses finite λ and regions without height functions.
#include <QtTest>
#include <algorithm>

#include "faces/cftp_sampler.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"
#include "uniform_perfect_matchings.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

std::unique_ptr<Sampler> cftp(const Graph& g, std::uint64_t seed, double lambda = kInfiniteLambda) {
    return make_cpu_sampler(g, Dynamics::cftp, seed, LambdaRecord(lambda),
                            MateArray(g.num_vertices(), kNoMate));
}

}  // namespace

class TestCftpSampler : public QObject {
    Q_OBJECT
  private slots:
    void the_name_round_trips() {
        QCOMPARE(parse_dynamics("cftp"), Dynamics::cftp);
        QCOMPARE(std::string(dynamics_name(Dynamics::cftp)), std::string("cftp"));
    }

    void update_t_is_the_t_th_exact_sample() {
        const Graph g = make_graph("hexagon:5,4,3");
        auto one = cftp(g, 9);
        QCOMPARE(one->dynamics(), Dynamics::cftp);
        const auto& c = dynamic_cast<const CftpSampler&>(*one);
        QCOMPARE(c.last_coalescence_sweeps(), std::uint64_t(0));
        one->advance(1);
        const CftpResult first =
            sample_cftp(g, CftpSampler::sample_seed(9, 0), CftpSampler::kDefaultMaxSweeps);
        QVERIFY(
            std::equal(one->mate().begin(), one->mate().end(), first.matching.begin(), first.matching.end()));
        QCOMPARE(c.last_result().coalescence_updates, first.coalescence_updates);
        QVERIFY(c.last_coalescence_sweeps() >= 1);
        one->advance(4);  // updates 1..4: the state is sample 4
        const CftpResult fifth =
            sample_cftp(g, CftpSampler::sample_seed(9, 4), CftpSampler::kDefaultMaxSweeps);
        QVERIFY(
            std::equal(one->mate().begin(), one->mate().end(), fifth.matching.begin(), fifth.matching.end()));
        auto again = cftp(g, 9);
        again->advance(5);
        QVERIFY(
            std::equal(one->mate().begin(), one->mate().end(), again->mate().begin(), again->mate().end()));
        QCOMPARE(one->dimers() * 2, g.num_vertices());
    }

    void samples_over_updates_are_uniform() {
        const Graph g = make_graph("hexagon:2,2,2");
        auto s = cftp(g, 4);
        const auto check = testing::check_uniform_perfect(g, 4000, 1e-3, [&](int) {
            s->advance(1);
            return MateArray(s->mate().begin(), s->mate().end());
        });
        QVERIFY2(check.error.empty(), check.error.c_str());
        QCOMPARE(int(check.states), 20);
        QVERIFY2(check.chi.passed, check.chi.describe().c_str());
    }

    void finite_lambda_and_other_graphs_are_refused() {
        try {
            (void)cftp(make_graph("aztec:4"), 1, 2.0);
            QFAIL("finite lambda accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("--lambda inf") != std::string::npos, e.what());
        }
        for (const char* spec : {"torus:4x4", "complete:4"}) {
            try {
                (void)cftp(make_graph(spec), 1);
                QFAIL("unsupported graph accepted");
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find("hexagon") != std::string::npos, e.what());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCftpSampler)
#include "test_cftp_sampler.moc"
