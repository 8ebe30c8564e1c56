// Every preset loads, has a title and a description, and builds its sampler, which then runs one
// frame; the lecture presets are what their titles say: `aztec` shows the arctic circle in its
// first frame (the thresholds of tests/tilings' arctic-circle test on aztec:200, δ = 0.1), and
// `lozenge`, `aztec-melt` and `cftp` start from (or draw) perfect matchings.
#include <QtTest>
#include <cmath>

#include "aztec_arctic.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"

using namespace dimerlab;

class TestPresets : public QObject {
    Q_OBJECT
  private slots:
    void every_preset_loads_and_runs_a_frame() {
        const QStringList names = preset_names();
        for (const char* want :
             {"aztec", "aztec-melt", "lozenge", "cftp", "aztec-shuffle", "complete", "hypercube", "regular"})
            QVERIFY2(names.contains(want), want);
        for (const QString& name : names) {
            const Session s = load_preset(name);
            QVERIFY2(!s.title.isEmpty() && !s.description.isEmpty(), qPrintable(name));
            const Graph g = make_graph(s.graph);
            BuiltSampler built = make_sampler(g, s, WhenUnavailable::run_on_cpu);
            QVERIFY2(built.sampler, qPrintable(name));
            built.sampler->advance(g.num_edges());
            QVERIFY2(matching_error(g, MateArray(built.sampler->mate().begin(), built.sampler->mate().end()))
                         .empty(),
                     qPrintable(name));
            if (s.record.infinite() && s.dynamics != Dynamics::shuffle_steps)
                QVERIFY2(2 * std::size_t(built.sampler->dimers()) == g.num_vertices(), qPrintable(name));
        }
    }

    void the_aztec_preset_shows_the_arctic_circle_in_its_first_frame() {
        const Session s = load_preset("aztec");
        QCOMPARE(s.graph, std::string("aztec:200"));
        const Graph g = make_graph(s.graph);
        BuiltSampler built = make_sampler(g, s, WhenUnavailable::run_on_cpu);
        const MateArray first(built.sampler->mate().begin(), built.sampler->mate().end());
        const testing::ArcticStats a = testing::arctic_stats(200, first, 0.1);
        qInfo("outside %zu dominoes, %.5f frozen; inside %zu, %.4f of the corner type", a.outside,
              a.outside_fraction(), a.inside, a.inside_fraction());
        QVERIFY(a.outside_fraction() >= 0.999);
        QVERIFY(a.inside_fraction() <= 0.70);
        for (int t = 0; t < 4; ++t) QVERIFY(std::abs(a.centre_fraction(t) - 0.25) <= 0.05);
    }
};

QTEST_GUILESS_MAIN(TestPresets)
#include "test_presets.moc"
