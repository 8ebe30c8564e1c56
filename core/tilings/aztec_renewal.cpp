#include "tilings/aztec_renewal.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "graph/families/aztec_numbering.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2;

// Weights of order k, by cell u * k + v.
struct RenewalLevel {
    std::uint32_t k = 0;
    std::vector<double> n, s, e, w;
};

void check_weights(const AztecCellWeights& weights) {
    if (weights.order == 0) throw InputError("urban renewal: the Aztec diamond order must be at least 1");
    const std::size_t cells = std::size_t(weights.order) * weights.order;
    for (const auto* side : {&weights.north, &weights.south, &weights.east, &weights.west}) {
        if (side->size() != cells)
            throw InputError("urban renewal: " + std::to_string(side->size()) +
                             " weights on a side of aztec:" + std::to_string(weights.order) + ", expected " +
                             std::to_string(cells));
        for (const double x : *side)
            if (!(x >= 1e-100 && x <= 1e100))  // Δ within the product's 2^690
                throw InputError("urban renewal: every weight must be a number in [1e-100, 1e100], got " +
                                 std::to_string(x));
    }
}

// Π Δ as mantissa · 2^exponent: one rounding per factor and a single logarithm at the end (a
// logarithm per cell took 7 s at order 1000). Four lanes keep the multiplier busy; a lane is
// renormalised when it leaves [2^-300, 2^300], so a factor within [2^-690, 2^690] cannot overflow
// it or fall below the normal range.
class LogProduct {
  public:
    void multiply(const double* x, std::size_t count) {
        std::size_t i = 0;
        for (; i + 4 <= count; i += 4) {
            for (int l = 0; l < 4; ++l) lane_[l] *= x[i + std::size_t(l)];
            for (int l = 0; l < 4; ++l)
                if (lane_[l] > 0x1p300 || lane_[l] < 0x1p-300) renormalise(l);
        }
        for (; i < count; ++i) {
            lane_[0] *= x[i];
            renormalise(0);
        }
    }
    // Multiplies the product by 2^e exactly.
    void scale_by_power_of_two(std::int64_t e) { exponent_ += e; }
    double log() const {
        double sum = double(exponent_) * std::numbers::ln2;
        for (const double m : lane_) sum += std::log(m);
        return sum;
    }

  private:
    void renormalise(int l) {
        int e = 0;
        lane_[l] = std::frexp(lane_[l], &e);
        exponent_ += e;
    }
    double lane_[4] = {1, 1, 1, 1};
    std::int64_t exponent_ = 0;
};

// The levels and these scratch vectors are reused from order to order: fresh pages for every
// order cost more than the arithmetic (10 GB of first touches at order 1000).
struct RenewalScratch {
    std::vector<double> delta, inverse;
};

[[noreturn]] void throw_out_of_range(std::uint32_t k) {
    throw InfeasibleError(
        "urban renewal: the weights span too many orders of magnitude for double precision "
        "(at order " +
        std::to_string(k) +
        ", n s + e w of the reweighted cells spread over more than 2^1380); weights closer together are "
        "needed");
}

// Δ = n s + e w of every cell, with their least and greatest.
void compute_deltas(const RenewalLevel& a, std::vector<double>& delta, double& lowest, double& highest) {
    const std::size_t count = std::size_t(a.k) * a.k;
    delta.resize(count);
    for (std::size_t c = 0; c < count; ++c) delta[c] = a.n[c] * a.s[c] + a.e[c] * a.w[c];
    lowest = highest = delta[0];
    for (std::size_t c = 0; c < count; ++c) {
        lowest = std::min(lowest, delta[c]);
        highest = std::max(highest, delta[c]);
    }
}

// Order k to order k - 1. Cell c of order k, Δ = n s + e w, becomes a face of order k - 1 carrying
// its opposite weights over Δ (north gets s/Δ, east gets w/Δ, ...); the cells of order k - 1 are
// the other faces, so each takes its four edges from four renewed neighbours:
//   north(u, v) = n(u+1, v+1)/Δ, south(u, v) = s(u, v)/Δ, east(u, v) = e(u+1, v)/Δ, west(u, v) = w(u, v+1)/Δ.
// Multiplies `product` by every Δ and, when `share` is not null, writes n s / Δ of cell c to share[c].
//
// The weights' overall scale drifts from order to order (on the two-periodic diamond by a constant
// factor each time), which ln Z absorbs: every tiling of order k has k(k + 1) dimers, so multiplying
// every weight by 2^s multiplies Z by 2^(s k (k + 1)), exactly, and leaves every share as it is.
// When the Δs leave [2^-200, 2^200], the weights are moved back by such a power of two. Δs spread
// too widely to fit in [2^-690, 2^690] (the product's lanes) are refused: weights drawn at random
// from a wide range spread further with every order.
void renew(RenewalLevel& a, RenewalLevel& b, RenewalScratch& scratch, LogProduct& product, double* share) {
    const std::uint32_t k = a.k;
    const std::size_t count = std::size_t(k) * k;
    std::vector<double>& delta = scratch.delta;
    std::vector<double>& inverse = scratch.inverse;
    double lowest = 0, highest = 0;
    compute_deltas(a, delta, lowest, highest);
    if (!(lowest >= 0x1p-200 && highest <= 0x1p200) && lowest > 0 && highest < HUGE_VAL) {
        int low_exponent = 0, high_exponent = 0;
        std::frexp(lowest, &low_exponent);
        std::frexp(highest, &high_exponent);
        const int shift = -(low_exponent + high_exponent) / 4;  // Δ is quadratic in the weights
        for (auto* side : {&a.n, &a.s, &a.e, &a.w})
            for (double& x : *side) x = std::ldexp(x, shift);
        product.scale_by_power_of_two(-std::int64_t(shift) * std::int64_t(k) * (std::int64_t(k) + 1));
        compute_deltas(a, delta, lowest, highest);
    }
    if (!(lowest >= 0x1p-690 && highest <= 0x1p690)) throw_out_of_range(k);
    inverse.resize(count);
    for (std::size_t c = 0; c < count; ++c) inverse[c] = 1.0 / delta[c];
    if (share)
        for (std::size_t c = 0; c < count; ++c) share[c] = a.n[c] * a.s[c] * inverse[c];
    product.multiply(delta.data(), count);
    b.k = k - 1;
    const std::size_t cells = std::size_t(b.k) * b.k;
    b.n.resize(cells);
    b.s.resize(cells);
    b.e.resize(cells);
    b.w.resize(cells);
    for (std::size_t u = 0; u < b.k; ++u) {
        const std::size_t out = u * b.k, here = u * k, up = here + k;
        for (std::size_t v = 0; v < b.k; ++v) {
            b.n[out + v] = a.n[up + v + 1] * inverse[up + v + 1];
            b.s[out + v] = a.s[here + v] * inverse[here + v];
            b.e[out + v] = a.e[up + v] * inverse[up + v];
            b.w[out + v] = a.w[here + v + 1] * inverse[here + v + 1];
        }
    }
}

// ln Z by reductions down to order 0; `share_of(k)` gives where order k's shares go (or null).
template <class ShareOf>
AztecLogZ reduce_all(const AztecCellWeights& weights, ShareOf&& share_of) {
    check_weights(weights);
    RenewalLevel level{weights.order, weights.north, weights.south, weights.east, weights.west}, next;
    RenewalScratch scratch;
    LogProduct product;
    double bound = 0;
    while (level.k > 0) {
        const std::uint32_t k = level.k;
        renew(level, next, scratch, product, share_of(k));
        std::swap(level, next);
        // Δ: two products and a sum (2u), its factor in the product (u); the new weights of
        // order k - 1 are each within 3u (Δ, its inverse, the product), worth at most (the number
        // of dimers of order k - 1) · 3u.
        bound += kUnitRoundoff * (3.0 * double(k) * double(k) + 3.0 * double(k - 1) * double(k));
    }
    const double log_z = product.log();
    bound += kUnitRoundoff * (4 + std::abs(log_z));
    return {log_z, bound * 1.01};
}

}  // namespace

AztecCellWeights uniform_aztec_weights(std::uint32_t order) {
    const std::size_t cells = std::size_t(order) * order;
    return {order, std::vector<double>(cells, 1.0), std::vector<double>(cells, 1.0),
            std::vector<double>(cells, 1.0), std::vector<double>(cells, 1.0)};
}

AztecCellWeights two_periodic_aztec_weights(std::uint32_t order, double a, double b) {
    AztecCellWeights w = uniform_aztec_weights(order);
    for (std::uint32_t u = 0; u < order; ++u)
        for (std::uint32_t v = 0; v < order; ++v) {
            const std::size_t c = std::size_t(u) * order + v;
            w.north[c] = w.south[c] = w.east[c] = w.west[c] = two_periodic_cell_takes_b(u, v) ? b : a;
        }
    return w;
}

AztecCellWeights aztec_weights_of(std::uint32_t order, const Graph& graph) {
    const std::vector<EdgeId> ids = aztec_cell_edge_ids(order, graph);
    AztecCellWeights w = uniform_aztec_weights(order);
    std::vector<double>* sides[4] = {&w.north, &w.south, &w.east, &w.west};
    for (std::size_t c = 0; c < std::size_t(order) * order; ++c)
        for (std::size_t side = 0; side < 4; ++side) (*sides[side])[c] = graph.weight(ids[c * 4 + side]);
    return w;
}

std::vector<double> aztec_edge_weights(const AztecCellWeights& weights, const Graph& graph) {
    const std::vector<EdgeId> ids = aztec_cell_edge_ids(weights.order, graph);
    const std::vector<double>* sides[4] = {&weights.north, &weights.south, &weights.east, &weights.west};
    std::vector<double> out(graph.num_edges(), 0.0);
    for (std::size_t c = 0; c < std::size_t(weights.order) * weights.order; ++c)
        for (std::size_t side = 0; side < 4; ++side) out[ids[c * 4 + side]] = (*sides[side])[c];
    return out;
}

AztecLogZ aztec_log_partition(const AztecCellWeights& weights) {
    return reduce_all(weights, [](std::uint32_t) -> double* { return nullptr; });
}

AztecShares aztec_shares(const AztecCellWeights& weights) {
    check_weights(weights);
    const std::uint32_t order = weights.order;
    if (order > kMaxAztecPlacementOrder)
        throw InfeasibleError("aztec:" + std::to_string(order) + " would keep about " +
                              std::to_string(std::uint64_t(double(order) * order * order / 3 * 8 / 1e6)) +
                              " MB of reweightings for its placement probabilities or weighted shuffling; "
                              "orders up to " +
                              std::to_string(kMaxAztecPlacementOrder) +
                              " are offered (ln Z alone has no such limit)");
    AztecShares out;
    out.order = order;
    out.offset.assign(order + 2, 0);
    for (std::uint32_t k = 1; k <= order + 1; ++k)
        out.offset[k] = out.offset[k - 1] + std::size_t(k - 1) * (k - 1);
    out.share.resize(out.offset[order + 1]);
    out.log_z = reduce_all(weights, [&](std::uint32_t k) { return out.share.data() + out.offset[k]; });
    return out;
}

double max_vertex_sum_error(const Graph& graph, const std::vector<double>& edge_probability) {
    double worst = 0;
    for (VertexId x = 0; x < graph.num_vertices(); ++x) {
        double sum = 0;
        for (const EdgeId e : graph.incident_edges(x)) sum += edge_probability[e];
        worst = std::max(worst, std::abs(1.0 - sum));
    }
    return worst;
}

AztecPlacement aztec_placement_probabilities(const AztecCellWeights& weights, const Graph& graph) {
    const AztecShares shares = aztec_shares(weights);
    const std::uint32_t order = weights.order;
    const std::vector<EdgeId> ids = aztec_cell_edge_ids(order, graph);
    AztecPlacement result;
    result.log_z = shares.log_z;

    // Back up from order 0 (no edges). The renewed face at cell (u, v) of order k has, in order
    // k - 1: north = south slot of cell (u, v), south = north slot of (u-1, v-1), east = west slot
    // of (u, v-1), west = east slot of (u-1, v); a slot outside order k - 1 has probability 0.
    std::vector<double> pn, ps, pe, pw;
    for (std::uint32_t k = 1; k <= order; ++k) {
        const std::uint32_t kp = k - 1;
        const auto prev = [&](const std::vector<double>& p, std::int64_t u, std::int64_t v) {
            if (u < 0 || v < 0 || u >= std::int64_t(kp) || v >= std::int64_t(kp)) return 0.0;
            return p[std::size_t(u) * kp + std::size_t(v)];
        };
        std::vector<double> qn(std::size_t(k) * k), qs(qn.size()), qe(qn.size()), qw(qn.size());
        for (std::int64_t u = 0; u < k; ++u)
            for (std::int64_t v = 0; v < k; ++v) {
                const double new_n = prev(ps, u, v), new_s = prev(pn, u - 1, v - 1);
                const double new_e = prev(pw, u, v - 1), new_w = prev(pe, u - 1, v);
                const double free_face = 1.0 - (new_n + new_s + new_e + new_w);
                const std::size_t c = std::size_t(u) * k + std::size_t(v);
                const double r = shares.share[shares.offset[k] + c];
                qn[c] = new_s + r * free_face;
                qs[c] = new_n + r * free_face;
                qe[c] = new_w + (1.0 - r) * free_face;
                qw[c] = new_e + (1.0 - r) * free_face;
            }
        pn.swap(qn);
        ps.swap(qs);
        pe.swap(qe);
        pw.swap(qw);
    }

    result.edge_probability.assign(graph.num_edges(), -1.0);
    const std::vector<double>* sides[4] = {&pn, &ps, &pe, &pw};
    for (std::size_t c = 0; c < std::size_t(order) * order; ++c)
        for (std::size_t side = 0; side < 4; ++side)
            result.edge_probability[ids[c * 4 + side]] = (*sides[side])[c];
    result.max_square_sum_error = max_vertex_sum_error(graph, result.edge_probability);
    return result;
}

}  // namespace dimerlab
