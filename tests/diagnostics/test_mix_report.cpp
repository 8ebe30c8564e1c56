// The C++ API behind `mix` (compute_mix_report): what the app calls on a worker thread. Cancel
// stops a run, the edge-indicator observable is the chosen (or centre) edge, a bad edge is an
// InputError, and the parallel-depth section matches its oracle.
#include <QtTest>
#include <atomic>
#include <cmath>
#include <thread>

#include "diagnostics/cancelled.hpp"
#include "diagnostics/centre_edge.hpp"
#include "diagnostics/mix_report.hpp"
#include "diagnostics/mix_report_json.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

const ObservableReport* find(const MixReport& r, const std::string& name) {
    for (const NamedObservable& o : r.observables)
        if (o.name == name) return &o.report;
    return nullptr;
}

}  // namespace

class TestMixReport : public QObject {
    Q_OBJECT
  private slots:
    void centre_edge_is_central() {
        // grid 5x5: the unique centre vertex (2, 2) has eccentricity 4; every other vertex more.
        const Graph g = testing::grid_graph(5, 5);
        const Edge e = g.edge(centre_edge(g));
        const auto ecc = [&](VertexId v) {
            const int x = static_cast<int>(v % 5), y = static_cast<int>(v / 5);
            return std::max(x, 4 - x) + std::max(y, 4 - y);
        };
        QVERIFY(ecc(e.u) == 4 || ecc(e.v) == 4);
        QCOMPARE(std::min(ecc(e.u), ecc(e.v)) + 1, std::max(ecc(e.u), ecc(e.v)));
        // A path: its middle edge.
        const Graph p = testing::path_graph(9);
        const Edge pe = p.edge(centre_edge(p));
        QVERIFY((pe.u == 4 || pe.v == 4));
    }

    void report_has_every_section() {
        const Graph g = testing::grid_graph(3, 3);
        MixRequest q;
        q.lambda = 1.5;
        q.sweeps = 200;
        q.exact = true;
        q.empirical_chains = 500;
        q.coalescence_runs = 4;
        q.depth_blocks = 4;
        q.threads = 1;
        std::uint64_t progress_calls = 0;
        const MixReport r = compute_mix_report(g, q, [&](const MixProgress&) { ++progress_calls; });
        QVERIFY(progress_calls > 0);
        QCOMPARE(*r.request.burn_in, std::uint64_t{20});
        QCOMPARE(*r.request.edge, centre_edge(g));
        const ObservableReport* edge = find(r, "edge");
        QVERIFY(edge != nullptr);
        QVERIFY(edge->tau.tau > 0.3 && edge->ess > 0);
        QVERIFY(r.exact.has_value());
        QCOMPARE(r.exact->states, std::size_t{131});
        QVERIFY(r.exact->empirical.has_value());
        QVERIFY(r.exact->empirical->within_tolerance());
        QVERIFY(r.parallel_depth.has_value());
        QCOMPARE(r.parallel_depth->oracle_mismatches, std::uint64_t{0});
        QVERIFY(r.coalescence.has_value());
        const nlohmann::ordered_json j = mix_report_json(g, r);
        QCOMPARE(j["edge"]["id"].get<std::uint32_t>(), *r.request.edge);
        QVERIFY(j["tau_int"].contains("edge") && j["ess"].contains("edge"));
        QCOMPARE(j["tv_curve_method"].get<std::string>(), std::string("all-starts-dense"));
        QCOMPARE(j["tv_empirical"].size(), r.exact->empirical->points.size());
    }

    // Above dense_exact_states the Lanczos / per-start path runs and reports so.
    void sparse_exact_path_is_labelled_and_agrees() {
        const Graph g = testing::grid_graph(3, 3);
        MixRequest q;
        q.sweeps = 50;
        q.exact = true;
        q.coalescence_runs = 0;
        q.depth_blocks = 0;
        const ExactMixSection dense = compute_exact_mix_section(g, q);
        q.dense_exact_states = 10;
        const ExactMixSection sparse = compute_exact_mix_section(g, q);
        QCOMPARE(sparse.spectral_method, std::string("lanczos"));
        QCOMPARE(sparse.tv_curve_method, std::string("per-start-sparse"));
        QVERIFY(std::abs(sparse.spectrum.gap - dense.spectrum.gap) < 1e-9);
        QCOMPARE(sparse.tv.tmix_quarter, dense.tv.tmix_quarter);
    }

    void bad_edge_is_input_error() {
        MixRequest q;
        q.sweeps = 20;
        q.edge = 12;  // grid 3x3 has 12 edges: ids 0..11
        QVERIFY_THROWS_EXCEPTION(InputError, compute_mix_report(testing::grid_graph(3, 3), q));
        q.edge.reset();
        q.empirical_chains = 10;  // without exact
        QVERIFY_THROWS_EXCEPTION(InputError, compute_mix_report(testing::grid_graph(3, 3), q));
    }

    void cancel_before_start_and_while_running() {
        const Graph g = testing::grid_graph(32, 32);
        MixRequest q;
        q.sweeps = 200'000;  // far longer than the test: only cancel can end it quickly
        std::atomic<bool> cancel{true};
        QVERIFY_THROWS_EXCEPTION(DiagnosticsCancelled, compute_mix_report(g, q, {}, &cancel));
        cancel = false;
        std::uint64_t seen = 0;
        bool thrown = false;
        try {
            compute_mix_report(
                g, q,
                [&](const MixProgress& p) {
                    if (p.stage == "chains" && ++seen == 50) cancel = true;
                },
                &cancel);
        } catch (const DiagnosticsCancelled&) {
            thrown = true;
        }
        QVERIFY(thrown);
        QCOMPARE(seen, std::uint64_t{50});  // stopped at the next sweep boundary
    }

    // The app's case: a worker thread computes, the GUI thread sets the flag.
    void cancel_from_another_thread() {
        const Graph g = testing::grid_graph(3, 4);  // 823 states
        MixRequest q;
        q.exact = true;
        q.dense_exact_states = 100;  // per-start path, which checks the flag every update
        q.sweeps = 100'000;
        std::atomic<bool> cancel{false}, cancelled{false}, started{false};
        std::thread worker([&] {
            try {
                compute_mix_report(
                    g, q, [&](const MixProgress&) { started = true; }, &cancel);
            } catch (const DiagnosticsCancelled&) {
                cancelled = true;
            }
        });
        while (!started) std::this_thread::yield();
        cancel = true;
        worker.join();
        QVERIFY(cancelled);
    }
};

QTEST_APPLESS_MAIN(TestMixReport)
#include "test_mix_report.moc"
