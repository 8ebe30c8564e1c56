// run_chain_ensemble advances its Glauber chains together as one SamplerEnsemble (docs/algorithms.md §2.4).
// The recorded series, and so split-R̂, must equal those of the per-sampler loop it replaced, which is kept
// below as the reference: chain k is the sequential sampler of seed + k from dispersed start k. Exact
// equality (no tolerance): the ensemble only reschedules the same tape.
#include <QtTest>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "diagnostics/chain_ensemble.hpp"
#include "diagnostics/dispersed_starts.hpp"
#include "diagnostics/split_rhat.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/observables.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

// The pre-ensemble run_chain_ensemble: K samplers, one after another.
EnsembleRun reference_run(const Graph& graph, const EnsembleOptions& options) {
    EnsembleRun run;
    const bool lattice = !graph.edge_axes().empty();
    run.observables = {"dimers", "monomers"};
    if (lattice) run.observables.push_back("imbalance");
    const std::size_t edge_slot = run.observables.size();
    if (options.edge) run.observables.push_back("edge");
    run.series.assign(run.observables.size(), ChainSet(options.chains));
    std::vector<NamedStart> starts = dispersed_starts(graph, options.chains, options.seed);
    for (std::size_t k = 0; k < options.chains; ++k) {
        run.start_names.push_back(starts[k].name);
        auto sampler = make_cpu_sampler(graph, options.dynamics, options.seed + k,
                                        LambdaRecord(options.lambda), std::move(starts[k].mate));
        for (std::uint64_t s = 0; s < options.burn_in + options.sweeps; ++s) {
            sampler->advance(graph.num_edges());
            if (s < options.burn_in) continue;
            const StateObservables o = measure_state(graph, sampler->mate());
            run.series[0][k].push_back(o.dimers);
            run.series[1][k].push_back(o.monomers);
            if (lattice) run.series[2][k].push_back(static_cast<double>(o.axis_imbalance.value_or(0)));
            if (options.edge) {
                const Edge e = graph.edge(*options.edge);
                run.series[edge_slot][k].push_back(sampler->mate()[e.u] == e.v ? 1.0 : 0.0);
            }
        }
    }
    return run;
}

bool same_bits(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Series equal element for element, and split-R̂ of every observable equal bit for bit.
void verify_same_run(const EnsembleRun& got, const EnsembleRun& want) {
    QCOMPARE(got.start_names, want.start_names);
    QCOMPARE(got.observables, want.observables);
    QCOMPARE(got.series.size(), want.series.size());
    for (std::size_t o = 0; o < want.series.size(); ++o) {
        QCOMPARE(got.series[o].size(), want.series[o].size());
        for (std::size_t k = 0; k < want.series[o].size(); ++k)
            QVERIFY2(got.series[o][k] == want.series[o][k],
                     qPrintable(QString("observable %1 chain %2 differs")
                                    .arg(QString::fromStdString(want.observables[o]))
                                    .arg(k)));
        const RhatResult a = split_rhat(got.series[o]), b = split_rhat(want.series[o]);
        QVERIFY(same_bits(a.bulk, b.bulk));
        QVERIFY(same_bits(a.folded, b.folded));
    }
}

EnsembleOptions options_for(double lambda, std::size_t chains, std::uint64_t sweeps, std::uint64_t burn_in,
                            std::uint64_t seed) {
    EnsembleOptions o;
    o.lambda = lambda;
    o.chains = chains;
    o.sweeps = sweeps;
    o.burn_in = burn_in;
    o.seed = seed;
    return o;
}

}  // namespace

class TestChainEnsemble : public QObject {
    Q_OBJECT
  private slots:
    void glauber_series_equal_the_per_sampler_path_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<int>("chains");
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("edge");  // -1: none
        QTest::addColumn<int>("threads");
        QTest::newRow("grid 8x6, edge, 2 threads") << "grid:8x6" << 1.0 << 4 << 1 << 17 << 2;
        QTest::newRow("torus 6x6 λ=0.5") << "torus:6x6" << 0.5 << 5 << 7 << -1 << 0;
        QTest::newRow("hex 4x3 λ=3") << "hex:4x3" << 3.0 << 6 << 11 << 3 << 1;
        QTest::newRow("complete 9 λ=2") << "complete:9" << 2.0 << 3 << 3 << -1 << 2;
        QTest::newRow("gnp λ=0.7") << "gnp:40,0.1,seed=2" << 0.7 << 4 << 29 << 0 << 3;
        QTest::newRow("path 13, 2 chains") << "path:13" << 1.3 << 2 << 1000 << -1 << 0;
    }
    void glauber_series_equal_the_per_sampler_path() {
        QFETCH(QString, spec);
        QFETCH(double, lambda);
        QFETCH(int, chains);
        QFETCH(int, seed);
        QFETCH(int, edge);
        QFETCH(int, threads);
        const Graph g = make_graph(spec.toStdString());
        EnsembleOptions o = options_for(lambda, chains, 40, 7, seed);
        if (edge >= 0) o.edge = EdgeId(edge);
        o.threads = unsigned(threads);
        std::uint64_t last_done = 0, calls = 0;
        const EnsembleRun got = run_chain_ensemble(g, o, [&](std::uint64_t done, std::uint64_t total) {
            QVERIFY(done > last_done && done <= total);
            QCOMPARE(total, std::uint64_t(chains) * 47);
            last_done = done;
            ++calls;
        });
        QCOMPARE(last_done, std::uint64_t(chains) * 47);
        QCOMPARE(calls, std::uint64_t(47));  // one call per sweep of the ensemble
        QCOMPARE(got.backend, std::string("cpu"));
        QVERIFY(got.notice.empty());
        QCOMPARE(got.series[0][0].size(), std::size_t(40));
        verify_same_run(got, reference_run(g, o));
    }

    // The factory the CLI and the app hand in is what runs the chains, with the dispersed starts.
    void the_given_factory_runs_the_chains() {
        const Graph g = make_graph("grid:6x6");
        EnsembleOptions o = options_for(0.8, 4, 30, 5, 21);
        int made = 0;
        o.ensemble = [&](const Graph& graph, std::uint64_t seed, LambdaRecord record,
                         std::vector<MateArray> starts) -> std::unique_ptr<SamplerEnsemble> {
            ++made;
            [&] {
                QCOMPARE(seed, std::uint64_t(21));
                QCOMPARE(starts.size(), std::size_t(4));
                const auto expected = dispersed_starts(graph, 4, 21);
                for (std::size_t k = 0; k < 4; ++k) QVERIFY(starts[k] == expected[k].mate);
            }();
            return std::make_unique<CpuSamplerEnsemble>(graph, seed, std::move(record), std::move(starts), 1);
        };
        const EnsembleRun got = run_chain_ensemble(g, o);
        QCOMPARE(made, 1);
        verify_same_run(got, reference_run(g, o));
    }

    // A backend that cannot run here (cuda without a device) leaves the same chains to the CPU
    // and says so in one line; any other failure is not hidden.
    void an_infeasible_backend_falls_back_to_the_cpu_with_a_notice() {
        const Graph g = make_graph("torus:4x6");
        EnsembleOptions o = options_for(1.5, 4, 25, 3, 5);
        o.ensemble = [](const Graph&, std::uint64_t, LambdaRecord,
                        std::vector<MateArray>) -> std::unique_ptr<SamplerEnsemble> {
            throw InfeasibleError("no CUDA device (test)");
        };
        const EnsembleRun got = run_chain_ensemble(g, o);
        QCOMPARE(got.backend, std::string("cpu"));
        QVERIFY2(got.notice.find("no CUDA device (test)") != std::string::npos, got.notice.c_str());
        QVERIFY(got.notice.find('\n') == std::string::npos);
        verify_same_run(got, reference_run(g, o));

        o.ensemble = [](const Graph&, std::uint64_t, LambdaRecord,
                        std::vector<MateArray>) -> std::unique_ptr<SamplerEnsemble> {
            throw std::runtime_error("internal");
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, run_chain_ensemble(g, o));
    }

    // Jerrum–Sinclair has no ensemble: still one sampler per chain, unchanged.
    void jerrum_sinclair_keeps_the_per_sampler_path() {
        const Graph g = make_graph("grid:5x4");
        EnsembleOptions o = options_for(1.2, 4, 30, 4, 9);
        o.dynamics = Dynamics::jerrum_sinclair;
        o.edge = 2;
        bool factory_called = false;
        o.ensemble = [&](const Graph&, std::uint64_t, LambdaRecord,
                         std::vector<MateArray>) -> std::unique_ptr<SamplerEnsemble> {
            factory_called = true;
            return nullptr;
        };
        const EnsembleRun got = run_chain_ensemble(g, o);
        QVERIFY(!factory_called);
        verify_same_run(got, reference_run(g, o));
    }

    void a_bad_edge_is_input_error() {
        const Graph g = make_graph("cycle:6");
        EnsembleOptions o = options_for(1, 4, 10, 0, 1);
        o.edge = 6;
        QVERIFY_THROWS_EXCEPTION(InputError, run_chain_ensemble(g, o));
    }
};

QTEST_APPLESS_MAIN(TestChainEnsemble)
#include "test_chain_ensemble.moc"
