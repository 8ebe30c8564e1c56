// Claim GJ-ORACLE: the executable oracle extracted from the Coq model (verification/proofs/Jacobi.v,
// verification/oracle/oracle_main.ml) and the C++ backends end every tape in the same matching,
// bit for bit: the sequential reference (GlauberSequentialSampler) and cpu-parallel
// (JacobiParallelSampler, Jacobi rounds). Random tapes on random graphs, and adversarial ones:
// long dependency chains (path, cycle, star at huge λ, one block), add/remove runs on one edge,
// removals from a maximum matching at tiny λ, and many block boundaries (7 updates per block).
// Also update by update: each update's outcome (add / remove / none) at the oracle's Jacobi fixed
// point equals the sequential backend's dimer change at that step. The oracle also checks, with extracted
// code only, that its Jacobi fixed point equals its own sequential fold within T+1 rounds (exit 1 otherwise).
#include <QtTest>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "model/lambda_record.hpp"
#include "model/matching_constants.hpp"
#include "model/update_tape.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "sampling/glauber_sequential.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

struct OracleResult {
    int exit_code = -1;
    long rounds = -1;
    std::vector<long> jacobi, sequential, outcomes;
    QByteArray err;
};

OracleResult run_oracle(const std::string& input) {
    const CliResult run =
        run_process(QStringLiteral(DIMERLAB_COQ_ORACLE), {}, 120000, QByteArray::fromStdString(input));
    OracleResult r;
    r.exit_code = run.exit_code;
    r.err = run.err;
    std::istringstream out(run.out.toStdString());
    std::string line;
    while (std::getline(out, line)) {
        std::istringstream ls(line);
        std::string key;
        ls >> key;
        std::vector<long> values;
        for (long x; ls >> x;) values.push_back(x);
        if (key == "rounds" && values.size() == 1) r.rounds = values[0];
        if (key == "jacobi") r.jacobi = values;
        if (key == "sequential") r.sequential = values;
        if (key == "outcomes") r.outcomes = values;
    }
    return r;
}

// The tape exactly as the backends read it (model/update_tape.hpp), in the oracle's format.
std::string tape_text(const Graph& g, std::uint64_t seed, std::uint64_t updates, double lambda,
                      const MateArray& start) {
    std::ostringstream s;
    s << g.num_vertices() << ' ' << updates << '\n';
    for (std::uint32_t m : start) s << (m == kNoMate ? -1L : static_cast<long>(m)) << ' ';
    s << '\n';
    const std::uint64_t threshold = heat_bath_threshold(lambda);
    for (std::uint64_t t = 0; t < updates; ++t) {
        const TapeWords w = tape_words(seed, t);
        const Edge& e = g.edge(tape_edge(w, g.num_edges()));
        s << e.u << ' ' << e.v << ' ' << (tape_coin_occupied(w, threshold) ? 1 : 0) << '\n';
    }
    return s.str();
}

std::vector<long> as_long(std::span<const std::uint32_t> mate) {
    std::vector<long> out;
    for (std::uint32_t m : mate) out.push_back(m == kNoMate ? -1L : static_cast<long>(m));
    return out;
}

struct Case {
    const char* name;
    Graph graph;
    double lambda;
    std::uint64_t seed;
    StartKind start;
    std::uint64_t updates;
    std::uint64_t block;  // updates per Jacobi block of the cpu-parallel backend
};

}  // namespace

class TestCoqOracle : public QObject {
    Q_OBJECT
  private slots:
    void agree_on_tape_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < static_cast<int>(all_cases().size()); ++i) {
            QTest::newRow(all_cases()[static_cast<std::size_t>(i)].name) << i;
        }
    }

    void agree_on_tape() {
        QFETCH(int, index);
        const Case& c = all_cases()[static_cast<std::size_t>(index)];
        const MateArray start = make_start_state(c.graph, c.start, c.seed);

        GlauberSequentialSampler seq(c.graph, c.seed, LambdaRecord(c.lambda), start);
        seq.advance(c.updates);
        JacobiOptions options;
        options.block_updates = c.block;
        options.threads = 2;
        JacobiParallelSampler par(c.graph, c.seed, LambdaRecord(c.lambda), start, options);
        par.advance(c.updates);

        const OracleResult oracle = run_oracle(tape_text(c.graph, c.seed, c.updates, c.lambda, start));
        QVERIFY2(oracle.exit_code == 0, oracle.err.constData());
        QVERIFY(oracle.rounds >= 1 && oracle.rounds <= static_cast<long>(c.updates) + 1);
        QCOMPARE(oracle.jacobi.size(), std::size_t{c.graph.num_vertices()});
        QCOMPARE(oracle.jacobi, oracle.sequential);
        QCOMPARE(as_long(seq.mate()), oracle.jacobi);
        QCOMPARE(as_long(par.mate()), oracle.jacobi);

        // Update by update: the sequential backend one step at a time, its dimer change per step
        // (heat_bath_update's return value) against the outcome the Jacobi fixed point assigns.
        GlauberSequentialSampler step(c.graph, c.seed, LambdaRecord(c.lambda), start);
        std::vector<long> outcomes;
        for (std::uint64_t t = 0; t < c.updates; ++t) {
            const long before = step.dimers();
            step.advance(1);
            outcomes.push_back(static_cast<long>(step.dimers()) - before);
        }
        QCOMPARE(outcomes, oracle.outcomes);
        qInfo("%s: T=%llu, oracle rounds %ld, %u dimers", c.name, static_cast<unsigned long long>(c.updates),
              oracle.rounds, seq.dimers());
    }

    void malformed_tape_exits_2() {
        QCOMPARE(run_oracle("2 1\n-1 -1\n0 5 1\n").exit_code, 2);  // endpoint out of range
        QCOMPARE(run_oracle("3 2\n-1 -1 -1\n0 1").exit_code, 2);   // truncated
    }

  private:
    static const std::vector<Case>& all_cases() {
        static const std::vector<Case> all = [] {
            std::vector<Case> v;
            const char* names[] = {"random n=40 m=100 lambda=1 #1", "random n=40 m=100 lambda=1 #2",
                                   "random n=40 m=100 lambda=1 #3", "random n=40 m=100 lambda=1 #4"};
            for (std::uint64_t s = 1; s <= 4; ++s) {
                v.push_back(
                    {names[s - 1], testing::random_graph(40, 100, s), 1.0, s, StartKind::greedy, 2000, 100});
            }
            v.push_back({"random n=30 m=60 lambda=3 empty", testing::random_graph(30, 60, 9), 3.0, 11,
                         StartKind::empty, 1500, 500});
            // Adversarial: one block, coins almost always "occupied": chains as long as the tape.
            v.push_back({"path 40 lambda=1e6 one block", testing::path_graph(40), 1e6, 5, StartKind::empty,
                         400, 400});
            v.push_back({"cycle 17 lambda=1e6 from maximum", testing::cycle_graph(17), 1e6, 6,
                         StartKind::maximum, 400, 400});
            v.push_back({"star 7 lambda=1e6", testing::star_graph(7), 1e6, 7, StartKind::empty, 600, 600});
            v.push_back(
                {"single edge add/remove runs", testing::path_graph(2), 1.0, 8, StartKind::empty, 500, 500});
            v.push_back({"K8 lambda=1e-3 from maximum", testing::complete_graph(8), 1e-3, 9,
                         StartKind::maximum, 600, 600});
            v.push_back({"grid 6x6 7 updates per block", testing::grid_graph(6, 6), 1.0, 10,
                         StartKind::greedy, 1000, 7});
            return v;
        }();
        return all;
    }
};

QTEST_GUILESS_MAIN(TestCoqOracle)
#include "test_coq_oracle.moc"
