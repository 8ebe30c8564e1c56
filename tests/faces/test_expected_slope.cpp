// The slope of the expected height (faces/expected_slope.hpp), the expected-slope colour mode's
// field. First the identity it rests on, against an independent computation: averaging Thurston's
// height over every perfect matching of small weighted regions (by enumeration, each matching's
// heights from HeightFunction) gives, across every shared edge, exactly the expected step from the
// placement probabilities of a different method (urban renewal, Kasteleyn ratios), and the face
// slopes equal a least-squares fit to those averages. Then the phases it is drawn to show, on exact
// fields with stated thresholds: the two-periodic diamond's centre is flat (the gas) where the uniform
// diamond's is not, flatter at order 100 than at 50, and both are steepest in the frozen corners.
#include <QTest>
#include <cmath>
#include <functional>
#include <vector>

#include "faces/expected_slope.hpp"
#include "faces/height_function.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching_constants.hpp"
#include "tilings/placement_probabilities.hpp"

using namespace dimerlab;

namespace {

// E[h] per face under the weighted law of perfect matchings, by enumerating them.
std::vector<double> enumerated_mean_heights(const Graph& g, const HeightFunction& h) {
    std::vector<VertexId> mate(g.num_vertices(), kNoMate);
    std::vector<double> sum(h.faces().num_faces(), 0.0);
    double z = 0;
    std::function<void(VertexId, double)> go = [&](VertexId from, double weight) {
        while (from < g.num_vertices() && mate[from] != kNoMate) ++from;
        if (from == g.num_vertices()) {
            const FaceHeights heights = h.heights(mate);
            for (std::size_t f = 0; f < sum.size(); ++f) sum[f] += weight * heights.height[f];
            z += weight;
            return;
        }
        const auto nb = g.neighbors(from);
        const auto ie = g.incident_edges(from);
        for (std::size_t k = 0; k < nb.size(); ++k) {
            if (mate[nb[k]] != kNoMate) continue;
            mate[from] = nb[k];
            mate[nb[k]] = from;
            go(from + 1, weight * g.weights().value(ie[k]));
            mate[from] = mate[nb[k]] = kNoMate;
        }
    };
    go(0, 1.0);
    for (double& s : sum) s /= z;
    return sum;
}

std::vector<float> probabilities_of(const Graph& g) {
    const PlacementProbabilities p = placement_probabilities(g);
    return {p.edge.begin(), p.edge.end()};
}

// The share of the steepest slope at the face whose centre is nearest to (x, y).
double share_near(const Graph& g, const HeightFunction& h, const FaceSlopes& s, double x, double y) {
    double best = 1e300;
    std::uint32_t face = 0;
    for (std::uint32_t f = 0; f < h.faces().num_faces(); ++f) {
        double cx = 0, cy = 0;
        for (VertexId v : h.faces().face(f)) {
            cx += g.layout()[v].x / h.faces().face_size;
            cy += g.layout()[v].y / h.faces().face_size;
        }
        const double d = std::hypot(cx - x, cy - y);
        if (d < best) {
            best = d;
            face = f;
        }
    }
    return s.magnitude[face] / s.max;
}

// The drawing's half-width along x and its centre.
struct Extent {
    double half_width, x, y;
};
Extent extent_of(const Graph& g) {
    double x_lo = 1e300, x_hi = -1e300, y_lo = 1e300, y_hi = -1e300;
    for (const Point2& p : g.layout()) {
        x_lo = std::min(x_lo, p.x);
        x_hi = std::max(x_hi, p.x);
        y_lo = std::min(y_lo, p.y);
        y_hi = std::max(y_hi, p.y);
    }
    return {(x_hi - x_lo) / 2, (x_hi + x_lo) / 2, (y_hi + y_lo) / 2};
}

}  // namespace

class TestExpectedSlope : public QObject {
    Q_OBJECT
  private slots:
    void expected_steps_are_differences_of_the_mean_height_data() {
        QTest::addColumn<QString>("spec");
        QTest::addRow("uniform aztec:4") << "aztec:4";
        QTest::addRow("two-periodic aztec:3") << "aztec:3,a=1/3,b=2";
        QTest::addRow("hexagon:2,3,2") << "hexagon:2,3,2";
        QTest::addRow("q-hexagon:2,2,3") << "hexagon:2,2,3,q=3/5";
    }
    void expected_steps_are_differences_of_the_mean_height() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString());
        const HeightFunction h(g);
        const std::vector<double> mean = enumerated_mean_heights(g, h);
        const std::vector<float> p = probabilities_of(g);
        // Least squares from the enumerated means, solved here on its own.
        std::vector<double> xx(mean.size()), xy(mean.size()), yy(mean.size()), xh(mean.size()),
            yh(mean.size());
        std::vector<double> cx(mean.size(), 0), cy(mean.size(), 0);
        for (std::uint32_t f = 0; f < mean.size(); ++f)
            for (VertexId v : h.faces().face(f)) {
                cx[f] += g.layout()[v].x / h.faces().face_size;
                cy[f] += g.layout()[v].y / h.faces().face_size;
            }
        int crossings = 0;
        for (const HeightFunction::Crossing& c : h.crossings()) {
            const double step = h.expected_step(p[*g.find_edge(c.a, c.b)], c.b);
            const double difference = mean[c.to] - mean[c.from];
            // p is single precision: about 6e-8 per probability, times the lattice degree.
            QVERIFY2(std::abs(step - difference) < 1e-6,
                     qPrintable(QString("crossing %1 -> %2: step %3, mean difference %4")
                                    .arg(c.from)
                                    .arg(c.to)
                                    .arg(step)
                                    .arg(difference)));
            for (auto [f, sign] : {std::pair{c.from, 1.0}, std::pair{c.to, -1.0}}) {
                const double dx = sign * (cx[c.to] - cx[c.from]), dy = sign * (cy[c.to] - cy[c.from]);
                xx[f] += dx * dx;
                xy[f] += dx * dy;
                yy[f] += dy * dy;
                xh[f] += dx * sign * difference;
                yh[f] += dy * sign * difference;
            }
            ++crossings;
        }
        QVERIFY(crossings >= 4);
        const FaceSlopes s = expected_slopes(g, h, p);
        int fitted = 0;
        for (std::uint32_t f = 0; f < mean.size(); ++f) {
            const double det = xx[f] * yy[f] - xy[f] * xy[f];
            if (det < 1e-9) continue;  // a face with neighbours along one line: no plane to fit
            const double gx = (yy[f] * xh[f] - xy[f] * yh[f]) / det,
                         gy = (xx[f] * yh[f] - xy[f] * xh[f]) / det;
            QVERIFY2(
                std::abs(std::hypot(gx, gy) - s.magnitude[f]) < 1e-5,
                qPrintable(QString("face %1: %2 vs %3").arg(f).arg(std::hypot(gx, gy)).arg(s.magnitude[f])));
            ++fitted;
        }
        QVERIFY(fitted >= 1);
        QVERIFY(s.max > 0);
    }

    // Positions along the diamond's horizontal axis as shares d of its half-width, measured once:
    // two-periodic aztec:100 (a = 1/2, b = 1) has share 2.6e-5 at d = 0.1, uniform aztec:100 0.063;
    // at d = 0.9 both are 1 (frozen).
    void the_gas_is_flat_and_the_frozen_corners_steepest() {
        const Graph two = make_graph("aztec:100,a=1/2,b=1"), uniform = make_graph("aztec:100"),
                    smaller = make_graph("aztec:50,a=1/2,b=1");
        const HeightFunction h_two(two), h_uniform(uniform), h_smaller(smaller);
        const FaceSlopes s_two = expected_slopes(two, h_two, probabilities_of(two));
        const FaceSlopes s_uniform = expected_slopes(uniform, h_uniform, probabilities_of(uniform));
        const FaceSlopes s_smaller = expected_slopes(smaller, h_smaller, probabilities_of(smaller));
        const auto at = [](const Graph& g, const HeightFunction& h, const FaceSlopes& s, double d) {
            const Extent e = extent_of(g);
            return share_near(g, h, s, e.x + d * e.half_width, e.y);
        };
        const double gas = at(two, h_two, s_two, 0.1), rough = at(uniform, h_uniform, s_uniform, 0.1);
        QVERIFY2(gas < 1e-3, qPrintable(QString::number(gas)));
        QVERIFY2(rough > 0.03, qPrintable(QString::number(rough)));
        // Flatter as the diamond grows: the gas's slope is a finite-size correction.
        const double gas_smaller = at(smaller, h_smaller, s_smaller, 0.1);
        QVERIFY2(gas < gas_smaller / 10, qPrintable(QString("%1 vs %2").arg(gas).arg(gas_smaller)));
        for (const auto& [g, h, s] :
             {std::tuple{&two, &h_two, &s_two}, std::tuple{&uniform, &h_uniform, &s_uniform}}) {
            QVERIFY(at(*g, *h, *s, 0.9) > 0.999);
            const double middle = at(*g, *h, *s, 0.5);
            QVERIFY2(middle > 0.2 && middle < 0.8, qPrintable(QString::number(middle)));
        }
        // Per edge: shares in [0, 1], the steepest at 1.
        const std::vector<float> shares = edge_slope_shares(two, h_two, s_two);
        QCOMPARE(shares.size(), std::size_t(two.num_edges()));
        float top = 0;
        for (float v : shares) {
            QVERIFY(v >= 0 && v <= 1);
            top = std::max(top, v);
        }
        QVERIFY(top > 0.999f);
    }
};

QTEST_APPLESS_MAIN(TestExpectedSlope)
#include "test_expected_slope.moc"
