// Every preset loads, has a title and a description, and builds its sampler, which then runs one
// frame; the lecture presets are what their titles say: `aztec` shows the arctic circle in its
// first frame (the thresholds of tests/tilings' arctic-circle test on aztec:200, δ = 0.1), and
// `lozenge`, `aztec-melt` and `cftp` start from (or draw) perfect matchings; `lozenge-q`'s first
// tiling has the volume that MacMahon's q-product predicts for its q (within 5 standard deviations:
// a false alarm for a correct sampler about once in 1.7 million seeds), far from the uniform law's
// half-full box.
#include <QtTest>
#include <cmath>

#include "aztec_arctic.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "q_volume_moments.hpp"
#include "tilings/hexagon_volume.hpp"

using namespace dimerlab;

class TestPresets : public QObject {
    Q_OBJECT
  private slots:
    void every_preset_loads_and_runs_a_frame() {
        const QStringList names = preset_names();
        for (const char* want : {"aztec", "aztec-melt", "lozenge", "lozenge-q", "cftp", "aztec-shuffle",
                                 "complete", "hypercube", "regular"})
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

    void the_lozenge_q_preset_draws_a_sunken_pile() {
        const Session s = load_preset("lozenge-q");
        const Graph g = make_graph(s.graph);
        const GraphSpec spec = parse_graph_spec(s.graph);
        QVERIFY(spec.q && spec.q->value < 1);
        BuiltSampler built = make_sampler(g, s, WhenUnavailable::run_on_cpu);
        const double volume = double(hexagon_tiling_volume(g, built.sampler->mate()));
        const unsigned a = unsigned(spec.dims[0]), b = unsigned(spec.dims[1]), c = unsigned(spec.dims[2]);
        const testing::VolumeMoments exact = testing::q_volume_moments(a, b, c, spec.q->value);
        const double sd = std::sqrt(exact.variance);
        qInfo("first tiling's volume %.0f; q-MacMahon mean %.1f, sd %.1f; uniform mean %.1f", volume,
              exact.mean, sd, a * b * c / 2.0);
        QVERIFY(std::abs(volume - exact.mean) < 5 * sd);
        QVERIFY(a * b * c / 2.0 - exact.mean > 20 * sd);
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
