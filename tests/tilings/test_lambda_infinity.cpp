// λ = ∞ (the uniform law on perfect matchings): parsing and writing "inf", the λ record, sessions
// that read it back, the refusal of graphs without a perfect matching and of dynamics that cannot
// move one.
#include <QtTest>
#include <string>

#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_lab/session.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "sampling/perfect_matching.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

bool contains(const char* text, const char* part) {
    return std::string(text).find(part) != std::string::npos;
}

}  // namespace

class TestLambdaInfinity : public QObject {
    Q_OBJECT
  private slots:
    void inf_parses_and_prints_back() {
        for (const char* text : {"inf", "INF", "Infinity", "+inf", "\u221e"})
            QVERIFY2(is_infinite_lambda(parse_lambda(text)), text);
        QCOMPARE(parse_lambda("2.5"), 2.5);
        QCOMPARE(parse_lambda("1e4"), 1e4);
        for (const char* text : {"0", "-1", "nan", "abc", "", "1x", "-inf"})
            QVERIFY_THROWS_EXCEPTION(InputError, parse_lambda(text));
        QCOMPARE(lambda_text(kInfiniteLambda), std::string("inf"));
        for (double l : {0.1, 1.0, 2.5, 1e-7, 12345.678}) QCOMPARE(parse_lambda(lambda_text(l)), l);
    }

    void a_record_is_infinite_throughout_or_not_at_all() {
        LambdaRecord inf(kInfiniteLambda);
        QVERIFY(inf.infinite());
        inf.change_at(10, kInfiniteLambda);
        QVERIFY(is_infinite_lambda(inf.lambda_at(20)));
        QVERIFY_THROWS_EXCEPTION(InputError, inf.change_at(30, 2.0));
        LambdaRecord finite(2.0);
        QVERIFY(!finite.infinite());
        QVERIFY_THROWS_EXCEPTION(InputError, finite.change_at(5, kInfiniteLambda));
        QVERIFY_THROWS_EXCEPTION(InputError, check_lambda(kInfiniteLambda));
    }

    void session_writes_inf_and_reads_it_back() {
        Session s;
        s.graph = "aztec:10";
        s.dynamics = Dynamics::shuffle;
        s.record = LambdaRecord(kInfiniteLambda);
        const QByteArray json = session_to_json(s);
        QVERIFY2(json.contains("\"inf\""), json.constData());
        const Session back = session_from_json(json, "round trip");
        QVERIFY(back.record.infinite());
        QCOMPARE(back.dynamics, Dynamics::shuffle);
        // A hand-written session may say "lambda": "inf" without a record.
        const Session plain =
            session_from_json(R"({"graph": "aztec:4", "dynamics": "shuffle", "lambda": "inf"})", "plain");
        QVERIFY(plain.record.infinite());
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 session_from_json(R"({"graph": "aztec:4", "lambda": "big"})", "bad"));
    }

    void no_perfect_matching_is_infeasible_and_names_the_maximum() {
        const Graph path = make_graph("path:5");
        QCOMPARE(maximum_matching_size(path), 2u);
        try {
            require_perfect_matching(path);
            QFAIL("path:5 accepted");
        } catch (const InfeasibleError& e) {
            QVERIFY2(contains(e.what(), "maximum matching has 2 dimers"), e.what());
        }
        require_perfect_matching(make_graph("grid:4x4"));
        SamplerSpec spec;
        spec.graph = "path:5";
        spec.record = LambdaRecord(kInfiniteLambda);
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, make_sampler(path, spec, WhenUnavailable::refuse));
    }

    // Face rotations walk the perfect matchings at λ = ∞: accepted from a perfect matching, refused
    // from a start that is not one (rotations keep |M|, so it would never become one).
    void rotation_runs_at_infinity_from_a_perfect_matching_only() {
        const Graph g = make_graph("grid:4x4");
        SamplerSpec spec;
        spec.graph = "grid:4x4";
        spec.dynamics = Dynamics::rotation;
        spec.record = LambdaRecord(kInfiniteLambda);
        spec.start = StartKind::maximum;
        BuiltSampler built = make_sampler(g, spec, WhenUnavailable::refuse);
        built.sampler->advance(10 * g.num_edges());
        QCOMPARE(2 * std::size_t(count_dimers(built.sampler->mate())), std::size_t(g.num_vertices()));
        spec.start = StartKind::empty;
        QVERIFY_THROWS_EXCEPTION(InputError, make_sampler(g, spec, WhenUnavailable::refuse));
    }

    // Glauber, chromatic and Jerrum–Sinclair cannot move a perfect matching at λ = ∞ (a removed dimer
    // always comes back): refused, pointing at shuffle, on every path that builds a chain.
    void single_edge_dynamics_are_refused_at_infinity() {
        const Graph g = make_graph("grid:4x4");
        for (Dynamics d : {Dynamics::glauber, Dynamics::chromatic, Dynamics::jerrum_sinclair}) {
            SamplerSpec spec;
            spec.graph = "grid:4x4";
            spec.dynamics = d;
            spec.record = LambdaRecord(kInfiniteLambda);
            try {
                make_sampler(g, spec, WhenUnavailable::run_on_cpu);
                QFAIL("accepted");
            } catch (const InputError& e) {
                QVERIFY2(contains(e.what(), "--dynamics shuffle"), e.what());
            }
            QVERIFY_THROWS_EXCEPTION(InputError, make_cpu_sampler(g, d, 1, LambdaRecord(kInfiniteLambda),
                                                                  MateArray(g.num_vertices(), kNoMate)));
        }
        QVERIFY_THROWS_EXCEPTION(
            InputError, make_cpu_parallel_sampler(g, Dynamics::glauber, 1, LambdaRecord(kInfiniteLambda),
                                                  MateArray(g.num_vertices(), kNoMate)));
    }

    void shuffle_through_the_factory_gives_a_tiling() {
        const Graph g = make_graph("aztec:12");
        SamplerSpec spec;
        spec.graph = "aztec:12";
        spec.dynamics = Dynamics::shuffle;
        spec.backend = Backend::automatic;
        spec.record = LambdaRecord(kInfiniteLambda);
        BuiltSampler built = make_sampler(g, spec, WhenUnavailable::refuse);
        built.sampler->advance(1);
        QCOMPARE(built.sampler->dimers(), g.num_vertices() / 2);
        spec.backend = Backend::cpu_parallel;
        QVERIFY_THROWS_EXCEPTION(InputError, make_sampler(g, spec, WhenUnavailable::refuse));
    }
};

QTEST_GUILESS_MAIN(TestLambdaInfinity)
#include "test_lambda_infinity.moc"
