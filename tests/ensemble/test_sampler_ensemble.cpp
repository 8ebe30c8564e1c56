// Ensemble mode: K chains advanced together (CpuSamplerEnsemble on a thread pool) equal K
// separate GlauberSequentialSamplers bit for bit, including λ changes; chains are independent;
// the per-chain loop the CUDA kernel runs (ensemble_chain_run) equals the sequential sampler too.
#include <QtTest>
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "ensemble/ensemble_steps.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "sampling/glauber_sequential.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using testing::NamedGraph;

namespace {

std::vector<NamedGraph> families() {
    std::vector<NamedGraph> out;
    out.push_back({"grid 12x9", testing::grid_graph(12, 9)});
    out.push_back({"cycle 31", testing::cycle_graph(31)});
    out.push_back({"complete K12", testing::complete_graph(12)});
    out.push_back({"random n=80 m=200", testing::random_graph(80, 200, 5)});
    out.push_back({"torus 16x16", testing::torus_graph(16, 16)});
    return out;
}

MateArray to_array(std::span<const std::uint32_t> s) {
    return MateArray(s.begin(), s.end());
}

}  // namespace

class TestSamplerEnsemble : public QObject {
    Q_OBJECT
  private slots:
    void ensemble_equals_separate_samplers_with_lambda_changes() {
        for (const NamedGraph& ng : families()) {
            const Graph& g = ng.graph;
            const std::uint64_t m = g.num_edges();
            for (std::size_t chains : {1u, 3u, 8u}) {
                for (unsigned threads : {1u, 2u, 3u}) {
                    const std::uint64_t seed = 40 + chains;
                    const std::vector<MateArray> starts = ensemble_dispersed_starts(g, chains, seed);
                    LambdaRecord record(1.0);
                    record.change_at(3 * m + 5, 4.0);  // recorded in advance, inside an advance() call
                    CpuSamplerEnsemble ens(g, seed, record, starts, threads);
                    std::vector<std::unique_ptr<GlauberSequentialSampler>> refs;
                    for (std::size_t k = 0; k < chains; ++k) {
                        refs.push_back(
                            std::make_unique<GlauberSequentialSampler>(g, seed + k, record, starts[k]));
                    }
                    const std::uint64_t steps[] = {m, 2 * m + 17, 1, m / 3 + 2, 5 * m};
                    for (int i = 0; i < 5; ++i) {
                        if (i == 3) {  // a change at the current time, set through the ensemble
                            ens.set_lambda(0.25);
                            for (auto& r : refs) r->set_lambda(0.25);
                        }
                        ens.advance(steps[i]);
                        for (auto& r : refs) r->advance(steps[i]);
                        for (std::size_t k = 0; k < chains; ++k) {
                            const QString label = QString("%1 K=%2 threads=%3 chain %4 step %5")
                                                      .arg(ng.name.c_str())
                                                      .arg(chains)
                                                      .arg(threads)
                                                      .arg(k)
                                                      .arg(i);
                            QVERIFY2(to_array(ens.mate(k)) == to_array(refs[k]->mate()), qPrintable(label));
                            QVERIFY2(ens.dimers(k) == refs[k]->dimers(), qPrintable(label));
                            QVERIFY2(ens.dimers(k) == count_dimers(ens.mate(k)), qPrintable(label));
                            QCOMPARE(ens.seed(k), seed + k);
                        }
                        QCOMPARE(ens.time(), refs[0]->time());
                        QCOMPARE(ens.lambda(), refs[0]->lambda());
                    }
                }
            }
        }
    }

    void chains_are_independent() {
        const Graph g = testing::torus_graph(16, 16);
        // Same start for every chain: only the seeds differ, so different states show that each
        // chain follows its own tape.
        const MateArray empty(g.num_vertices(), kNoMate);
        CpuSamplerEnsemble ens(g, 9, LambdaRecord(1.0), std::vector<MateArray>(8, empty), 2);
        ens.advance(20 * g.num_edges());
        std::set<std::uint64_t> hashes;
        for (std::size_t k = 0; k < ens.size(); ++k) {
            QVERIFY(matching_error(g, ens.mate(k)).empty());
            hashes.insert(state_hash(ens.mate(k)));
        }
        QCOMPARE(hashes.size(), ens.size());
        // And the dispersed starts are spread out: valid, and distinct except that on an even
        // torus the maximum matching may coincide with one lattice orientation (both perfect).
        const std::vector<MateArray> starts = ensemble_dispersed_starts(g, 6, 1);
        QCOMPARE(starts.size(), std::size_t{6});
        std::set<std::uint64_t> start_hashes;
        for (const MateArray& s : starts) {
            QVERIFY(matching_error(g, s).empty());
            start_hashes.insert(state_hash(s));
        }
        QVERIFY(start_hashes.size() >= 5);
    }

    void device_chain_loop_equals_sequential_sampler() {
        // ensemble_chain_run is what each CUDA ensemble thread runs; check it here, on the CPU.
        for (const NamedGraph& ng : families()) {
            const Graph& g = ng.graph;
            for (double lambda : {0.25, 1.0, 16.0}) {
                const std::uint64_t seed = ensemble_chain_seed(77, 3);
                GlauberSequentialSampler ref(g, seed, LambdaRecord(lambda),
                                             MateArray(g.num_vertices(), kNoMate));
                // Chain 1 of three: its block runs the tape, the blocks around it keep a marker
                // value that no update writes.
                const std::uint32_t n = g.num_vertices(), marker = 0x5eed5eedu;
                std::vector<std::uint32_t> mates(3 * std::size_t{n}, marker);
                std::fill(mates.begin() + n, mates.begin() + 2 * n, kNoMate);
                std::uint32_t dimers[3] = {7, 0, 7};
                std::uint64_t t = 0;
                for (std::uint64_t count : {std::uint64_t{1}, std::uint64_t{g.num_edges()} * 4 + 3}) {
                    ensemble_add_dimers(dimers, 1,
                                        ensemble_chain_run(g.edges().data(), g.num_edges(), mates.data(), n,
                                                           1, seed, t, count, heat_bath_threshold(lambda)));
                    t += count;
                    ref.advance(count);
                    QVERIFY2(MateArray(mates.begin() + n, mates.begin() + 2 * n) == to_array(ref.mate()),
                             ng.name.c_str());
                    QCOMPARE(std::uint64_t{dimers[1]}, std::uint64_t{ref.dimers()});
                    QVERIFY(
                        std::all_of(mates.begin(), mates.begin() + n, [&](auto x) { return x == marker; }));
                    QVERIFY(
                        std::all_of(mates.begin() + 2 * n, mates.end(), [&](auto x) { return x == marker; }));
                    QVERIFY(dimers[0] == 7 && dimers[2] == 7);
                }
            }
        }
    }

    void factory_and_bad_input() {
        const Graph g = testing::grid_graph(6, 6);
        auto ens = make_cpu_ensemble(g, 5, 3, LambdaRecord(2.0), 2);
        QCOMPARE(ens->size(), std::size_t{5});
        QCOMPARE(ens->backend_name(), std::string_view("cpu"));
        ens->advance(100);
        QCOMPARE(ens->time(), std::uint64_t{100});
        QCOMPARE(ens->all_dimers().size(), std::size_t{5});
        QVERIFY_THROWS_EXCEPTION(InputError, CpuSamplerEnsemble(g, 1, LambdaRecord(1.0), {}));
        MateArray bad(g.num_vertices(), kNoMate);
        bad[0] = 35;  // not an edge, not symmetric
        QVERIFY_THROWS_EXCEPTION(InputError, CpuSamplerEnsemble(g, 1, LambdaRecord(1.0), {bad}));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, ens->mate(5));
    }
};

QTEST_GUILESS_MAIN(TestSamplerEnsemble)
#include "test_sampler_ensemble.moc"
