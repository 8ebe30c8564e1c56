// Coupling from the past on height functions: the descent (ascent) from every perfect matching
// ends in one matching (the lattice order the coupling relies on), and exact samples match the
// uniform law on all perfect matchings (χ², α = 10^-3 per test, fixed seeds), with the cap refused.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <map>
#include <vector>

#include "chi_square.hpp"
#include "faces/height_cftp.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/matching.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

std::vector<MateArray> perfect_matchings(const Graph& g) {
    std::vector<MateArray> out;
    for (MateArray& m : testing::enumerate_matchings(g))
        if (2 * count_dimers(m) == g.num_vertices()) out.push_back(std::move(m));
    return out;
}

}  // namespace

class TestCftp : public QObject {
    Q_OBJECT
    QTemporaryDir regions_;

    // A typed region written into the test's directory, as a spec.
    QString region(const char* name, const char* text) {
        const QString path = regions_.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
        f.write(text);
        return "region:" + path;
    }

  private slots:
    void every_perfect_matching_descends_to_one_minimum() {
        for (const char* spec : {"grid:4x4", "aztec:2", "grid:3x6", "hexagon:2,2,2", "hexagon:3,2,1"}) {
            const Graph g = make_graph(spec);
            const FaceSet faces = lattice_faces(g);
            const std::vector<MateArray> all = perfect_matchings(g);
            QVERIFY2(all.size() > 1, spec);
            const MateArray low = extreme_perfect_matching(g, faces, all[0], false);
            const MateArray high = extreme_perfect_matching(g, faces, all[0], true);
            QVERIFY(low != high);
            for (const MateArray& m : all) {
                QVERIFY2(extreme_perfect_matching(g, faces, m, false) == low, spec);
                QVERIFY2(extreme_perfect_matching(g, faces, m, true) == high, spec);
            }
        }
    }

    void samples_are_uniform_over_perfect_matchings_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("expected_count");
        QTest::addColumn<int>("samples");
        QTest::addRow("grid:4x4") << "grid:4x4" << 36 << 3600;
        QTest::addRow("aztec:2") << "aztec:2" << 8 << 1600;
        QTest::addRow("grid:3x6") << "grid:3x6" << 41 << 4100;
        // Lozenge tilings (faces traced from the drawing): MacMahon's counts 20 and C(5,2) = 10.
        QTest::addRow("hexagon:2,2,2") << "hexagon:2,2,2" << 20 << 4000;
        QTest::addRow("hexagon:3,2,1") << "hexagon:3,2,1" << 10 << 2000;
        // Typed regions (faces traced from the reader's drawing): a non-convex square region and a
        // triangular one that is not a hexagon.
        QTest::addRow("square region") << region("notched.region", "##..\n####\n####\n..##\n") << 10 << 2000;
        QTest::addRow("triangular region")
            << region("strip.region", "%lattice triangular\n#####\n######\n.#####\n") << 6 << 1200;
    }
    void samples_are_uniform_over_perfect_matchings() {
        QFETCH(QString, spec);
        QFETCH(int, expected_count);
        QFETCH(int, samples);
        const Graph g = make_graph(spec.toStdString());
        const std::vector<MateArray> all = perfect_matchings(g);
        QCOMPARE(int(all.size()), expected_count);
        std::map<MateArray, std::size_t> index;
        for (std::size_t i = 0; i < all.size(); ++i) index.emplace(all[i], i);
        std::vector<std::uint64_t> counts(all.size(), 0);
        std::uint64_t max_t = 0;
        for (int s = 1; s <= samples; ++s) {
            const CftpResult r = sample_cftp(g, std::uint64_t(s), 1u << 20);
            QVERIFY(matching_error(g, r.matching).empty());
            ++counts[index.at(r.matching)];
            max_t = std::max(max_t, r.coalescence_updates);
        }
        const std::vector<double> expected(all.size(), 1.0 / double(all.size()));
        const auto chi = testing::chi_square_test(counts, expected, 1e-3);
        QVERIFY2(chi.passed, chi.describe().c_str());
        QVERIFY(max_t > 0);
    }

    void refusals_name_the_problem() {
        QVERIFY_THROWS_EXCEPTION(InputError, sample_cftp(make_graph("torus:4x4"), 1, 100));
        QVERIFY_THROWS_EXCEPTION(InputError, sample_cftp(make_graph("complete:4"), 1, 100));
        // A region with a hole has no single-valued height function: refused, pointing at rotations.
        const Graph ring = make_graph(
            region("ring.region", "######\n######\n##..##\n##..##\n######\n######\n").toStdString());
        QVERIFY(!cftp_supports(ring));
        try {
            sample_cftp(ring, 1, 100);
            QFAIL("a region with a hole was sampled by cftp");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("has a hole") != std::string::npos, e.what());
        }
        QVERIFY(cftp_supports(make_graph("hexagon:2,2,2")));
        QVERIFY(!cftp_supports(make_graph("torus:4x4")));
        try {
            (void)sample_cftp(make_graph("grid:3x3"), 1, 100);
            QFAIL("odd grid sampled");
        } catch (const InfeasibleError& e) {
            QVERIFY2(std::string(e.what()).find("maximum matching size 4") != std::string::npos, e.what());
        }
        try {
            (void)sample_cftp(make_graph("aztec:6"), 1, 1);
            QFAIL("cap ignored");
        } catch (const InfeasibleError& e) {
            QVERIFY2(std::string(e.what()).find("--max-sweeps 1") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestCftp)
#include "test_cftp.moc"
