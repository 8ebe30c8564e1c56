// The colour-class rotation chain (cpu-parallel backend of `rotation`): proper face colourings,
// a trajectory that does not depend on the thread count or on how advance() splits the tape, and
// a sweep kernel that keeps the uniform law on each |M| level (exact, by pushing the whole
// distribution through face_rotation_update in class order).
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "faces/face_colouring.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/matching.hpp"
#include "sampling/face_class_sampler.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"

using namespace dimerlab;

class TestFaceClasses : public QObject {
    Q_OBJECT
  private slots:
    // The validator the device entry runs states the rotation body's preconditions: every face an
    // even cycle of at least four distinct vertices, in range, and no two faces of a class sharing
    // a vertex. Each broken face set below is refused with its reason.
    void validator_refuses_what_the_rotation_body_excludes() {
        const FaceColouring one_class{{0, 1}, {0, 2}};
        const auto reason = [&](const FaceSet& faces, const FaceColouring& col) -> std::string {
            try {
                validate_face_colouring(faces, col, 12);
            } catch (const std::logic_error& e) {
                return e.what();
            }
            return "accepted";
        };
        const FaceSet good{4, {0, 1, 2, 3, 4, 5, 6, 7}};
        QCOMPARE(reason(good, one_class), std::string("accepted"));
        QVERIFY(reason(FaceSet{4, {0, 1, 2, 1, 4, 5, 6, 7}}, one_class).find("face 0 repeats vertex 1") !=
                std::string::npos);
        QVERIFY(reason(FaceSet{4, {0, 1, 2, 3, 3, 5, 6, 7}}, one_class).find("class 0 share vertex 3") !=
                std::string::npos);
        QVERIFY(reason(FaceSet{4, {0, 1, 2, 3, 4, 5, 6, 12}}, one_class).find("out of range") !=
                std::string::npos);
        QVERIFY(reason(FaceSet{2, {0, 1, 2, 3}}, one_class).find("not an even number >= 4") !=
                std::string::npos);
        QVERIFY(
            reason(FaceSet{5, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}, one_class).find("not an even number >= 4") !=
            std::string::npos);
    }

    void colouring_is_proper_and_covers_every_face() {
        for (const char* spec : {"grid:9x7", "torus:5x7", "aztec:6", "hex:11x8"}) {
            const Graph g = make_graph(spec);
            const FaceSet faces = lattice_faces(g);
            const FaceColouring col = colour_faces(faces, g.num_vertices());
            std::vector<std::uint32_t> sorted = col.order;
            std::sort(sorted.begin(), sorted.end());
            for (std::uint32_t f = 0; f < faces.num_faces(); ++f) QCOMPARE(sorted[f], f);
            for (std::uint32_t c = 0; c < col.num_classes(); ++c) {
                std::vector<int> hits(g.num_vertices(), 0);
                for (std::uint32_t i = col.class_begin[c]; i < col.class_begin[c + 1]; ++i)
                    for (VertexId v : faces.face(col.order[i])) QVERIFY2(++hits[v] == 1, spec);
            }
            // Greedy needs at most 1 + (faces meeting a face): 9 on squares, 7 on hexagons.
            QVERIFY2(col.num_classes() <= (faces.face_size == 4 ? 9u : 7u),
                     qPrintable(QString("%1: %2 classes").arg(spec).arg(col.num_classes())));
        }
    }

    void trajectory_does_not_depend_on_threads_or_block_splits() {
        for (const char* spec : {"grid:12x10", "hex:13x8", "aztec:7"}) {
            const Graph g = make_graph(spec);
            const MateArray start = make_start_state(g, StartKind::maximum, 1);
            FaceClassSampler one(g, 5, LambdaRecord(1.0), start, 1, 0);
            FaceClassSampler four(g, 5, LambdaRecord(1.0), start, 4, 0);
            auto via_factory =
                make_cpu_parallel_sampler(g, Dynamics::rotation, 5, LambdaRecord(1.0), start, 1.0, 3);
            QCOMPARE(via_factory->backend_name(), std::string_view("cpu-parallel"));
            QCOMPARE(via_factory->dynamics(), Dynamics::rotation);
            one.advance(20'000);
            for (std::uint64_t b : {1u, 17u, 333u, 4096u, 15'553u}) four.advance(b);
            for (int i = 0; i < 20; ++i) via_factory->advance(1000);
            QVERIFY2(std::equal(one.mate().begin(), one.mate().end(), four.mate().begin()), spec);
            QVERIFY2(std::equal(one.mate().begin(), one.mate().end(), via_factory->mate().begin()), spec);
            QVERIFY(matching_error(g, one.mate()).empty());
            QCOMPARE(one.dimers(), count_dimers(start));
            QVERIFY2(!std::equal(one.mate().begin(), one.mate().end(), start.begin()), spec);
        }
    }

    // Each face kernel is symmetric, so a sweep (their product in class order) is doubly
    // stochastic on each |M| level: the uniform law on perfect matchings stays uniform, and on a
    // simply connected region it spreads from one tiling over all of them.
    void class_sweep_keeps_the_uniform_law_on_each_level() {
        for (const char* spec : {"grid:4x4", "hex:5x4", "grid:3x4"}) {
            const Graph g = make_graph(spec);
            const FaceSet faces = lattice_faces(g);
            const FaceColouring col = colour_faces(faces, g.num_vertices());
            const std::vector<MateArray> states = testing::enumerate_matchings(g);
            std::map<MateArray, std::size_t> index;
            for (std::size_t i = 0; i < states.size(); ++i) index.emplace(states[i], i);
            const auto sweep = [&](const std::vector<double>& p) {
                std::vector<double> cur = p;
                for (std::uint32_t f : col.order) {
                    std::vector<double> next(cur.size(), 0.0);
                    for (std::size_t i = 0; i < cur.size(); ++i) {
                        if (cur[i] == 0) continue;
                        for (bool phase_a : {true, false}) {
                            MateArray y = states[i];
                            face_rotation_update(y.data(),
                                                 faces.vertices.data() + std::size_t(f) * faces.face_size,
                                                 faces.face_size, phase_a);
                            next[index.at(y)] += 0.5 * cur[i];
                        }
                    }
                    cur = std::move(next);
                }
                return cur;
            };
            // Uniform on the top level (perfect or maximum matchings).
            std::uint32_t top = 0;
            for (const MateArray& s : states) top = std::max(top, count_dimers(s));
            std::vector<double> uniform(states.size(), 0.0);
            std::size_t level_size = 0;
            for (const MateArray& s : states) level_size += count_dimers(s) == top;
            for (std::size_t i = 0; i < states.size(); ++i)
                if (count_dimers(states[i]) == top) uniform[i] = 1.0 / double(level_size);
            const std::vector<double> after = sweep(uniform);
            for (std::size_t i = 0; i < states.size(); ++i)
                QVERIFY2(std::abs(after[i] - uniform[i]) < 1e-12, spec);
            // From one perfect matching of a simply connected grid, a few sweeps reach them all.
            // (Not so for the 27 maximum matchings of hex:5x4: rotations cannot move a monomer.)
            if (2 * top != g.num_vertices()) continue;
            std::vector<double> point(states.size(), 0.0);
            for (std::size_t i = 0; i < states.size(); ++i) {
                if (count_dimers(states[i]) == top) {
                    point[i] = 1;
                    break;
                }
            }
            for (int s = 0; s < 12; ++s) point = sweep(point);
            for (std::size_t i = 0; i < states.size(); ++i)
                if (count_dimers(states[i]) == top) QVERIFY2(point[i] > 0, spec);
        }
    }
};

QTEST_APPLESS_MAIN(TestFaceClasses)
#include "test_face_classes.moc"
