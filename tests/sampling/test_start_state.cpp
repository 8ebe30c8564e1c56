// Start states: parsing, validity, maximality of greedy, optimality of maximum.
#include <QtTest>
#include <algorithm>
#include <vector>

#include "matching_enumeration.hpp"
#include "model/matching.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using testing::NamedGraph;

namespace {

std::vector<NamedGraph> small_graphs() {
    std::vector<NamedGraph> out;
    out.push_back({"grid 3x3", testing::grid_graph(3, 3)});
    out.push_back({"grid 4x4", testing::grid_graph(4, 4)});
    out.push_back({"grid 3x5", testing::grid_graph(3, 5)});
    out.push_back({"torus 3x4", testing::torus_graph(3, 4)});
    out.push_back({"path P4", testing::path_graph(4)});
    out.push_back({"path P7", testing::path_graph(7)});
    out.push_back({"cycle C5", testing::cycle_graph(5)});
    out.push_back({"complete K5", testing::complete_graph(5)});
    out.push_back({"complete K6", testing::complete_graph(6)});
    out.push_back({"star 6", testing::star_graph(6)});
    out.push_back({"K3,5", testing::complete_bipartite_graph(3, 5)});
    out.push_back({"random n=12 m=18", testing::random_graph(12, 18, 5)});
    out.push_back({"random n=14 m=16", testing::random_graph(14, 16, 9)});
    return out;
}

bool is_maximal(const Graph& g, const MateArray& mate) {
    return std::none_of(g.edges().begin(), g.edges().end(),
                        [&](const Edge& e) { return mate[e.u] == kNoMate && mate[e.v] == kNoMate; });
}

std::uint32_t brute_force_maximum(const Graph& g) {
    std::uint32_t best = 0;
    for (const MateArray& m : testing::enumerate_matchings(g)) best = std::max(best, count_dimers(m));
    return best;
}

}  // namespace

class TestStartState : public QObject {
    Q_OBJECT
  private slots:
    void parse_start_kind_accepts_the_three_names_and_rejects_others() {
        QCOMPARE(parse_start_kind("empty"), StartKind::empty);
        QCOMPARE(parse_start_kind("greedy"), StartKind::greedy);
        QCOMPARE(parse_start_kind("maximum"), StartKind::maximum);
        for (const char* bad : {"", "Empty", "random", "max", "greedy "}) {
            QVERIFY_THROWS_EXCEPTION(InputError, parse_start_kind(bad));
        }
        for (StartKind k : {StartKind::empty, StartKind::greedy, StartKind::maximum}) {
            QCOMPARE(parse_start_kind(start_kind_name(k)), k);
        }
    }

    void every_start_is_a_valid_matching() {
        for (const NamedGraph& ng : small_graphs()) {
            for (StartKind k : {StartKind::empty, StartKind::greedy, StartKind::maximum}) {
                for (std::uint64_t seed : {1ull, 2ull, 99ull}) {
                    const MateArray m = make_start_state(ng.graph, k, seed);
                    QVERIFY2(matching_error(ng.graph, m).empty(), ng.name.c_str());
                    // The sampler accepts it.
                    auto s = make_cpu_sampler(ng.graph, Dynamics::glauber, seed, LambdaRecord(1.0), m);
                    QCOMPARE(s->dimers(), count_dimers(m));
                }
            }
            QCOMPARE(count_dimers(make_start_state(ng.graph, StartKind::empty, 1)), 0u);
        }
    }

    void greedy_start_is_a_maximal_matching() {
        for (const NamedGraph& ng : small_graphs()) {
            for (std::uint64_t seed = 0; seed < 50; ++seed) {
                QVERIFY2(is_maximal(ng.graph, make_start_state(ng.graph, StartKind::greedy, seed)),
                         ng.name.c_str());
            }
        }
        const Graph big = testing::torus_graph(40, 30);
        QVERIFY(is_maximal(big, make_start_state(big, StartKind::greedy, 3)));
    }

    void greedy_start_depends_on_seed_only() {
        const Graph g = testing::grid_graph(20, 20);
        QCOMPARE(make_start_state(g, StartKind::greedy, 5), make_start_state(g, StartKind::greedy, 5));
        QVERIFY(make_start_state(g, StartKind::greedy, 5) != make_start_state(g, StartKind::greedy, 6));
        // On P4 a random order sometimes picks only the middle edge: greedy is not maximum.
        const Graph p4 = testing::path_graph(4);
        std::vector<std::uint32_t> sizes;
        for (std::uint64_t seed = 0; seed < 64; ++seed)
            sizes.push_back(count_dimers(make_start_state(p4, StartKind::greedy, seed)));
        QVERIFY(std::count(sizes.begin(), sizes.end(), 1u) > 0);
        QVERIFY(std::count(sizes.begin(), sizes.end(), 2u) > 0);
    }

    void maximum_start_has_brute_force_maximum_size() {
        for (const NamedGraph& ng : small_graphs()) {
            const MateArray m = make_start_state(ng.graph, StartKind::maximum, 0);
            QVERIFY2(matching_error(ng.graph, m).empty(), ng.name.c_str());
            QVERIFY2(count_dimers(m) == brute_force_maximum(ng.graph), ng.name.c_str());
        }
        // Perfect matchings where they exist, including a non-bipartite odd-cycle case (Edmonds).
        const Graph torus = testing::torus_graph(5, 6);
        QCOMPARE(count_dimers(make_start_state(torus, StartKind::maximum, 0)), 15u);
    }

    void sampler_rejects_invalid_start_states() {
        const Graph g = testing::path_graph(4);
        QVERIFY_THROWS_EXCEPTION(InputError, make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1.0),
                                                              MateArray{1, kNoMate, kNoMate, kNoMate}));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 make_cpu_sampler(g, Dynamics::jerrum_sinclair, 1, LambdaRecord(1.0),
                                                  MateArray{3, kNoMate, kNoMate, 0}));
        QVERIFY_THROWS_EXCEPTION(
            InputError, make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1.0), MateArray(3, kNoMate)));
        const Graph no_edges(3, {});
        QVERIFY_THROWS_EXCEPTION(InputError, make_cpu_sampler(no_edges, Dynamics::glauber, 1,
                                                              LambdaRecord(1.0), MateArray(3, kNoMate)));
    }
};

QTEST_APPLESS_MAIN(TestStartState)
#include "test_start_state.moc"
