// The face-rotation chains as exact transition matrices built from the production update
// (face_chain_update, through build_exact_chain): glauber+rotation is stochastic, reversible
// w.r.t. λ^|M| and leaves it stationary; rotation alone keeps |M|, is symmetric (so uniform on
// each |M| level) and connects all perfect matchings of simply connected regions, but not of a
// torus. The CPU sampler is checked against the same update applied one tape word at a time.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <queue>
#include <set>
#include <string>
#include <vector>

#include "diagnostics/exact_chain.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/matching.hpp"
#include "sampling/face_rotation_sampler.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

constexpr std::size_t kMaxStates = 200'000;

double max_stationarity_error(const ExactChain& c) {
    std::vector<double> next(c.size(), 0.0);
    for (std::size_t i = 0; i < c.size(); ++i)
        for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k)
            next[c.col[k]] += c.pi[i] * c.prob[k];
    double worst = 0;
    for (std::size_t j = 0; j < c.size(); ++j) worst = std::max(worst, std::abs(next[j] - c.pi[j]) / c.pi[j]);
    return worst;
}

bool is_perfect(const MateArray& m) {
    return std::none_of(m.begin(), m.end(), [](std::uint32_t x) { return x == kNoMate; });
}

// Perfect matchings reachable from the first one through positive entries of P.
std::size_t reachable_perfect_matchings(const ExactChain& c, std::size_t* total) {
    std::vector<char> seen(c.size(), 0);
    std::queue<std::size_t> todo;
    *total = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (!is_perfect(c.states[i])) continue;
        ++*total;
        if (todo.empty() && !seen[i]) {
            seen[i] = 1;
            todo.push(i);
        }
    }
    std::size_t reached = 0;
    while (!todo.empty()) {
        const std::size_t i = todo.front();
        todo.pop();
        ++reached;
        for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k) {
            if (c.prob[k] > 0 && !seen[c.col[k]]) {
                seen[c.col[k]] = 1;
                todo.push(c.col[k]);
            }
        }
    }
    return reached;
}

}  // namespace

class TestRotationChain : public QObject {
    Q_OBJECT
  private slots:
    void glauber_rotation_is_reversible_with_stationary_law_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("lambda");
        for (const char* spec : {"grid:3x4", "hex:5x4", "torus:3x4", "aztec:2"}) {
            for (double l : {0.3, 1.0, 20.0}) QTest::addRow("%s lambda=%g", spec, l) << spec << l;
        }
    }
    void glauber_rotation_is_reversible_with_stationary_law() {
        QFETCH(QString, spec);
        QFETCH(double, lambda);
        const Graph g = make_graph(spec.toStdString());
        const ExactChain c = build_exact_chain(g, Dynamics::glauber_rotation, lambda, kMaxStates);
        // The state space is every matching, as the independent edge recursion counts them.
        QCOMPARE(c.size(), testing::enumerate_matchings(g).size());
        QVERIFY2(max_row_sum_error(c) < 1e-12, qPrintable(QString::number(max_row_sum_error(c))));
        QVERIFY2(max_detailed_balance_error(c) < 1e-10,
                 qPrintable(QString::number(max_detailed_balance_error(c))));
        QVERIFY2(max_stationarity_error(c) < 1e-10, qPrintable(QString::number(max_stationarity_error(c))));
        // The rotation half really acts: some move joins two different states with the same |M|.
        bool rotation_seen = false;
        for (std::size_t i = 0; i < c.size() && !rotation_seen; ++i)
            for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k)
                rotation_seen |=
                    c.col[k] != i && count_dimers(c.states[c.col[k]]) == count_dimers(c.states[i]);
        QVERIFY(rotation_seen);
    }

    void rotation_keeps_dimer_count_and_is_symmetric_data() {
        QTest::addColumn<QString>("spec");
        for (const char* spec : {"grid:3x4", "hex:5x4", "torus:4x3", "aztec:2"})
            QTest::addRow("%s", spec) << spec;
    }
    void rotation_keeps_dimer_count_and_is_symmetric() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString());
        const ExactChain c = build_exact_chain(g, Dynamics::rotation, 2.5, kMaxStates);
        QVERIFY(max_row_sum_error(c) < 1e-12);
        // Reversible w.r.t. λ^|M| for any λ and |M|-preserving means P symmetric: the uniform law
        // on each |M| level is stationary.
        for (std::size_t i = 0; i < c.size(); ++i) {
            for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k) {
                const std::size_t j = c.col[k];
                QCOMPARE(count_dimers(c.states[j]), count_dimers(c.states[i]));
                QVERIFY(std::abs(c.prob[k] - c.at(j, i)) < 1e-15);
            }
        }
        QVERIFY(max_detailed_balance_error(c) < 1e-12);
    }

    // Thurston: on a simply connected region, face rotations connect all domino (lozenge) tilings.
    void rotation_connects_perfect_matchings_of_simply_connected_regions_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("perfect_matchings");  // independent count, or 0 for "any"
        QTest::addRow("grid:4x4") << "grid:4x4" << 36;
        QTest::addRow("aztec:2") << "aztec:2" << 8;  // 2^(N(N+1)/2)
        QTest::addRow("grid:3x6") << "grid:3x6" << 41;
    }
    void rotation_connects_perfect_matchings_of_simply_connected_regions() {
        QFETCH(QString, spec);
        QFETCH(int, perfect_matchings);
        const Graph g = make_graph(spec.toStdString());
        const ExactChain c = build_exact_chain(g, Dynamics::rotation, 1.0, kMaxStates);
        std::size_t total = 0;
        const std::size_t reached = reachable_perfect_matchings(c, &total);
        if (perfect_matchings > 0) QCOMPARE(int(total), perfect_matchings);
        QVERIFY(total > 1);
        QCOMPARE(reached, total);
    }

    // Larger Aztec diamonds, where all matchings are too many for a matrix: the closure of one
    // tiling under every (face, coin) of face_chain_update must hold all 2^(N(N+1)/2) tilings.
    void rotation_connects_aztec_tilings() {
        for (std::uint32_t order : {3u, 4u}) {
            const Graph g = make_graph("aztec:" + std::to_string(order));
            const FaceSet faces = lattice_faces(g);
            const FaceChainView view{g.edges().data(),  g.num_edges(),   faces.vertices.data(),
                                     faces.num_faces(), faces.face_size, false};
            const MateArray start = make_start_state(g, StartKind::maximum, 1);
            QCOMPARE(count_dimers(start) * 2, g.num_vertices());
            std::set<MateArray> seen{start};
            std::vector<MateArray> todo{start};
            while (!todo.empty()) {
                const MateArray x = todo.back();
                todo.pop_back();
                for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
                    for (std::uint32_t w2 : {0u, 0x80000000u}) {
                        // Words that make tape_edge pick face f: r = ceil(f 2^64 / F).
                        const unsigned __int128 r =
                            ((static_cast<unsigned __int128>(f) << 64) + faces.num_faces() - 1) /
                            faces.num_faces();
                        const TapeWords w{std::uint32_t(r), std::uint32_t(r >> 32), w2, 0};
                        QCOMPARE(tape_edge(w, faces.num_faces()), f);
                        MateArray y = x;
                        face_chain_update(y.data(), view, w, 0);
                        if (seen.insert(y).second) todo.push_back(y);
                    }
                }
            }
            QCOMPARE(seen.size(), std::size_t{1} << (order * (order + 1) / 2));
        }
    }

    // On a torus the height change around each cycle is conserved: rotations cannot join sectors.
    void rotation_does_not_connect_torus_perfect_matchings() {
        const Graph g = make_graph("torus:4x4");
        const ExactChain c = build_exact_chain(g, Dynamics::rotation, 1.0, kMaxStates);
        std::size_t total = 0;
        const std::size_t reached = reachable_perfect_matchings(c, &total);
        QCOMPARE(int(total), 272);  // perfect matchings of the 4x4 torus (Kasteleyn)
        QVERIFY2(reached < total, qPrintable(QString("%1 of %2").arg(reached).arg(total)));
    }

    void sampler_replays_the_update_function_along_the_tape_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("dynamics");
        for (const char* spec : {"grid:6x5", "hex:9x6", "aztec:4", "torus:6x4"}) {
            QTest::addRow("%s rotation", spec) << spec << int(Dynamics::rotation);
            QTest::addRow("%s glauber+rotation", spec) << spec << int(Dynamics::glauber_rotation);
        }
    }
    void sampler_replays_the_update_function_along_the_tape() {
        QFETCH(QString, spec);
        QFETCH(int, dynamics);
        const Graph g = make_graph(spec.toStdString());
        const auto d = static_cast<Dynamics>(dynamics);
        const MateArray start = make_start_state(g, StartKind::maximum, 1);
        auto sampler = make_cpu_sampler(g, d, 77, LambdaRecord(3.0), start);
        QCOMPARE(sampler->dynamics(), d);
        const FaceSet faces = lattice_faces(g);
        const FaceChainView view{g.edges().data(),  g.num_edges(),   faces.vertices.data(),
                                 faces.num_faces(), faces.face_size, d == Dynamics::glauber_rotation};
        MateArray ref = start;
        const std::uint64_t thr = heat_bath_threshold(3.0);
        // Odd block lengths, so that blocks end inside the tape batches.
        std::uint64_t t = 0;
        for (std::uint64_t block : {1u, 63u, 65u, 1000u, 7u}) {
            sampler->advance(block);
            for (std::uint64_t i = 0; i < block; ++i, ++t)
                face_chain_update(ref.data(), view, tape_words(77, t), thr);
            QVERIFY(std::equal(ref.begin(), ref.end(), sampler->mate().begin(), sampler->mate().end()));
            QCOMPARE(sampler->dimers(), count_dimers(ref));
            QVERIFY(matching_error(g, ref).empty());
        }
        if (d == Dynamics::rotation) QCOMPARE(count_dimers(ref), count_dimers(start));
        QVERIFY(ref != start);  // something moved
    }

    void rotation_is_refused_on_graphs_without_faces() {
        const Graph g = make_graph("complete:4");
        try {
            (void)make_cpu_sampler(g, Dynamics::rotation, 1, LambdaRecord(1.0), MateArray(4, kNoMate));
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("no faces") != std::string::npos, e.what());
        }
        QCOMPARE(parse_dynamics("glauber+rotation"), Dynamics::glauber_rotation);
        QCOMPARE(dynamics_name(Dynamics::rotation), std::string_view("rotation"));
    }
};

QTEST_APPLESS_MAIN(TestRotationChain)
#include "test_rotation_chain.moc"
