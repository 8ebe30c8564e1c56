// The per-update rules keep a valid matching and report the dimer change exactly, on graphs of
// several shapes, over millions of tape-driven updates.
#include <QtTest>
#include <vector>

#include "model/heat_bath_rule.hpp"
#include "model/jerrum_sinclair_rule.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;
using testing::NamedGraph;

namespace {

std::vector<NamedGraph> shapes() {
    std::vector<NamedGraph> out;
    out.push_back({"grid 5x4", testing::grid_graph(5, 4)});
    out.push_back({"torus 4x3", testing::torus_graph(4, 3)});
    out.push_back({"complete K6", testing::complete_graph(6)});
    out.push_back({"cycle C7", testing::cycle_graph(7)});
    out.push_back({"path P6", testing::path_graph(6)});
    out.push_back({"random n=12 m=20", testing::random_graph(12, 20, 3)});
    out.push_back({"star 5 leaves", testing::star_graph(5)});
    out.push_back({"K3,4", testing::complete_bipartite_graph(3, 4)});
    return out;
}

enum class Rule { heat_bath, jerrum_sinclair };

// Applies `updates` tape updates with the production rule, checking after every update that the
// touched entries are consistent and, every 64 updates, the whole matching.
void run_and_check(const NamedGraph& ng, Rule rule, std::uint64_t updates) {
    const Graph& g = ng.graph;
    MateArray mate(g.num_vertices(), kNoMate);
    std::int64_t dimers = 0;
    // Vary λ so that both the λ < 1 and λ > 1 branches of the thresholds are exercised.
    const std::uint64_t hb[] = {heat_bath_threshold(0.3), heat_bath_threshold(1.0), heat_bath_threshold(4.0)};
    const JsThresholds js[] = {jerrum_sinclair_thresholds(0.3), jerrum_sinclair_thresholds(1.0),
                               jerrum_sinclair_thresholds(4.0)};
    for (std::uint64_t t = 0; t < updates; ++t) {
        const std::size_t phase = (t / 100'000) % 3;
        const TapeWords w = tape_words(17, t);
        const Edge e = g.edge(tape_edge(w, g.num_edges()));
        if (rule == Rule::heat_bath) {
            dimers += heat_bath_update(mate.data(), e.u, e.v, tape_coin_occupied(w, hb[phase]));
        } else {
            dimers += jerrum_sinclair_update(mate.data(), e.u, e.v, w, js[phase]);
        }
        for (VertexId x : {e.u, e.v}) {
            if (mate[x] != kNoMate && mate[mate[x]] != x) {
                QFAIL(qPrintable(QString("%1: asymmetric mate at vertex %2 after update %3")
                                     .arg(QString::fromStdString(ng.name))
                                     .arg(x)
                                     .arg(t)));
            }
        }
        if (t % 64 == 0 || t + 1 == updates) {
            const std::string err = matching_error(g, mate);
            if (!err.empty()) {
                QFAIL(qPrintable(QString("%1, update %2: %3")
                                     .arg(QString::fromStdString(ng.name))
                                     .arg(t)
                                     .arg(QString::fromStdString(err))));
            }
            QCOMPARE(static_cast<std::int64_t>(count_dimers(mate)), dimers);
        }
    }
}

}  // namespace

class TestRuleValidity : public QObject {
    Q_OBJECT
  private slots:
    void heat_bath_rule_keeps_a_valid_matching_on_every_shape() {
        for (const NamedGraph& ng : shapes()) run_and_check(ng, Rule::heat_bath, 1'000'000);
    }

    void jerrum_sinclair_rule_keeps_a_valid_matching_on_every_shape() {
        for (const NamedGraph& ng : shapes()) run_and_check(ng, Rule::jerrum_sinclair, 1'000'000);
    }

    void jerrum_sinclair_slide_moves_the_monomer() {
        // Path 0-1-2 with dimer 0-1; picking edge 1-2 (1 matched, 2 free) slides to dimer 1-2.
        MateArray mate = {1, 0, kNoMate};
        const JsThresholds thr = jerrum_sinclair_thresholds(1.0);
        QCOMPARE(jerrum_sinclair_update(mate.data(), 1, 2, {0, 0, 0xffffffffu, 0}, thr), 0);
        QCOMPARE(mate, (MateArray{kNoMate, 2, 1}));
        // With the other endpoint matched: edge 0-1 with dimer 1-2 slides back to 0-1.
        QCOMPARE(jerrum_sinclair_update(mate.data(), 0, 1, {0, 0, 0xffffffffu, 0}, thr), 0);
        QCOMPARE(mate, (MateArray{1, 0, kNoMate}));
    }

    void jerrum_sinclair_lazy_half_never_moves() {
        MateArray mate = {kNoMate, kNoMate, kNoMate};
        const JsThresholds thr = jerrum_sinclair_thresholds(1.0);
        QVERIFY(jerrum_sinclair_lazy(0x80000000u));
        QVERIFY(!jerrum_sinclair_lazy(0x7fffffffu));
        QCOMPARE(jerrum_sinclair_update(mate.data(), 0, 1, {0, 0, 0, 0x80000000u}, thr), 0);
        QCOMPARE(mate, (MateArray{kNoMate, kNoMate, kNoMate}));
        QCOMPARE(jerrum_sinclair_update(mate.data(), 0, 1, {0, 0, 0, 0}, thr), 1);
        QCOMPARE(mate, (MateArray{1, 0, kNoMate}));
    }
};

QTEST_APPLESS_MAIN(TestRuleValidity)
#include "test_rule_validity.moc"
