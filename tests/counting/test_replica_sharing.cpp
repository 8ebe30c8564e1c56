// ReplicaSharing (core/counting/approx/approx_count.hpp) without MPI: three threads stand in for
// three processes, each running estimate_log_z on its share of every batch, with an all-gather
// built from a barrier. The estimate, the interval and every replica value must equal the
// one-process run bit for bit, for every method.
#include <QTest>
#include <barrier>
#include <thread>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "graph/graph_spec.hpp"

using namespace dimerlab;

namespace {

// Every part publishes its vector, copies the others' replicas into its own, and waits until all
// have copied before returning (after which a part may change or free its vector). A part writes
// only entries of other parts' replicas and reads only entries of the owner's: no two threads
// touch one entry, except for reading.
class ThreadAllGather {
  public:
    explicit ThreadAllGather(unsigned parts) : parts_(parts), slots_(parts), barrier_(parts) {}
    ReplicaSharing sharing(unsigned part) {
        return {part, parts_, [this, part](std::vector<ReplicaRun>& runs) {
                    slots_[part] = &runs;
                    barrier_.arrive_and_wait();
                    for (unsigned other = 0; other < parts_; ++other) {
                        if (other == part) continue;
                        for (std::size_t r = other; r < runs.size(); r += parts_)
                            runs[r] = (*slots_[other])[r];
                    }
                    barrier_.arrive_and_wait();
                }};
    }

  private:
    unsigned parts_;
    std::vector<std::vector<ReplicaRun>*> slots_;
    std::barrier<> barrier_;
};

}  // namespace

class TestReplicaSharing : public QObject {
    Q_OBJECT
  private slots:
    void shared_replicas_equal_the_one_process_run_data() {
        QTest::addColumn<int>("method");
        QTest::newRow("control variate") << int(ApproxMethod::ti_control_variate);
        QTest::newRow("paired product") << int(ApproxMethod::paired_product);
        QTest::newRow("vertex reduction") << int(ApproxMethod::vertex_reduction);
    }
    void shared_replicas_equal_the_one_process_run() {
        QFETCH(int, method);
        const Graph g = make_graph("grid:3x3", BuildOptions{.with_layout = false});
        ApproxOptions o;
        o.lambda = 1.5;
        o.epsilon = 0.3;
        o.seed = 9;
        o.threads = 1;
        o.method = ApproxMethod(method);
        const ApproxResult alone = estimate_log_z(g, o);

        constexpr unsigned parts = 3;
        ThreadAllGather gather(parts);
        std::vector<ApproxResult> results(parts);
        std::vector<std::thread> processes;
        for (unsigned p = 0; p < parts; ++p) {
            processes.emplace_back([&, p] {
                ApproxOptions mine = o;
                mine.sharing = gather.sharing(p);
                results[p] = estimate_log_z(g, mine);
            });
        }
        for (std::thread& t : processes) t.join();
        for (const ApproxResult& r : results) {
            QCOMPARE(r.log_z, alone.log_z);
            QCOMPARE(r.ci_lo, alone.ci_lo);
            QCOMPARE(r.ci_hi, alone.ci_hi);
            QCOMPARE(r.replicas, alone.replicas);
            QCOMPARE(r.replica_log_z, alone.replica_log_z);
            QCOMPARE(r.updates, alone.updates);
            QCOMPARE(r.node_mixing, alone.node_mixing);
            QCOMPARE(r.node_mean_dimers, alone.node_mean_dimers);
        }
    }
};

QTEST_APPLESS_MAIN(TestReplicaSharing)
#include "test_replica_sharing.moc"
