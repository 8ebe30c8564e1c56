#include "tilings/aztec_height_variance.hpp"

#include <cmath>
#include <limits>

#include "faces/height_function.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/domino_shuffle.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab {

AztecHeightVariance aztec_height_variance(const Graph& graph, const std::vector<Point2>& probes,
                                          std::uint32_t samples, std::uint64_t seed) {
    const std::uint32_t order = require_aztec_order(graph, "shuffle", "measures heights of");
    const HeightFunction heights(graph);
    const FaceSet& faces = heights.faces();
    AztecHeightVariance out;
    out.samples = samples;
    // The squares' centres sit at half-integers around the diamond's centre (0, 0).
    for (const Point2& p : probes) {
        if (std::abs(p.x) + std::abs(p.y) > 1)
            throw InputError("a height probe must lie in the diamond |x| + |y| <= 1");
        std::uint32_t best = 0;
        double best_d = std::numeric_limits<double>::infinity();
        for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
            double cx = 0, cy = 0;
            for (const VertexId v : faces.face(f)) {
                cx += graph.layout()[v].x;
                cy += graph.layout()[v].y;
            }
            cx /= faces.face_size;
            cy /= faces.face_size;
            const double d = std::hypot(cx - p.x * order, cy - p.y * order);
            if (d < best_d) {
                best_d = d;
                best = f;
            }
        }
        out.faces.push_back(best);
    }
    const AztecShares shares = aztec_shares(aztec_weights_of(order, graph));
    std::vector<double> sum(probes.size(), 0), sum_sq(probes.size(), 0);
    for (std::uint32_t s = 0; s < samples; ++s) {
        const MateArray mate = shuffle_weighted_aztec_tiling(shares, seed, s);
        const FaceHeights h = heights.heights(mate);
        for (std::size_t k = 0; k < probes.size(); ++k) {
            const double x = h.height[out.faces[k]];
            sum[k] += x;
            sum_sq[k] += x * x;
        }
    }
    for (std::size_t k = 0; k < probes.size(); ++k) {
        const double mean = sum[k] / samples;
        out.variance.push_back(samples > 1 ? (sum_sq[k] - samples * mean * mean) / (samples - 1) : 0.0);
    }
    return out;
}

}  // namespace dimerlab
