#include "tilings/placement_probabilities.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "sampling/perfect_matching.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

// G - u - v with the remaining vertices renumbered in order and their drawing kept, so that
// Kasteleyn's signs come from the same embedding.
Graph without_pair(const Graph& g, VertexId a, VertexId b) {
    std::vector<VertexId> renumber(g.num_vertices(), 0);
    std::vector<Point2> layout;
    VertexId next = 0;
    for (VertexId x = 0; x < g.num_vertices(); ++x) {
        if (x == a || x == b) continue;
        renumber[x] = next++;
        layout.push_back(g.layout()[x]);
    }
    std::vector<Edge> edges;
    std::vector<ExactWeight> weights;
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        if (ed.u == a || ed.u == b || ed.v == a || ed.v == b) continue;
        edges.push_back({renumber[ed.u], renumber[ed.v]});
        if (g.weighted()) weights.push_back(g.weights().classes()[g.weights().edge_classes()[e]]);
    }
    Graph out(next, std::move(edges));
    out.set_layout(std::move(layout));
    if (g.weighted()) out.set_weights(EdgeWeights(weights));
    return out;
}

double ratio_operations(const Graph& g) {
    return kasteleyn_plan(g).operations * (double(g.num_edges()) + 1);
}

PlacementProbabilities kasteleyn_ratios(const Graph& g, double max_operations,
                                        const KasteleynProgress& primes_done, bool per_edge_ratios) {
    if (const auto why = kasteleyn_inapplicable(g))
        throw InputError("placement probabilities need aztec:N or a drawn planar bipartite graph: " + *why);
    require_perfect_matching(g);
    // Where the path reduction applies (lozenge and domino regions), K⁻¹ through it: one modular
    // pass per prime for every edge.
    const std::optional<KasteleynPlacement> inverse =
        per_edge_ratios ? std::nullopt
                        : kasteleyn_placement_by_paths(
                              g, std::max(max_operations, kMaxPlacementInverseOperations), primes_done);
    if (inverse) {
        PlacementProbabilities out;
        out.method = "kasteleyn-inverse-crt";
        out.edge = inverse->edge;
        out.log_perfect_matchings = inverse->log_count;
        return out;
    }
    const double total = ratio_operations(g);
    if (total > max_operations) {
        std::ostringstream why;
        why << "placement probabilities of " << g.spec() << " by exact Kasteleyn ratios would take about "
            << std::setprecision(2) << total << " multiply-adds (" << g.num_edges() + 1
            << " determinants); the limit is " << max_operations
            << ". Aztec diamonds up to aztec:" << kMaxAztecPlacementOrder << " use urban renewal instead";
        if (const std::optional<double> paths = kasteleyn_placement_operations(g))
            why << ", and K⁻¹ through non-intersecting paths would take about " << *paths << " (limit "
                << kMaxPlacementInverseOperations << ")";
        throw InfeasibleError(why.str());
    }
    const KasteleynCount whole = kasteleyn_count_exact(g, max_operations);
    PlacementProbabilities out;
    out.method = "kasteleyn-ratios";
    out.log_perfect_matchings = whole.log_count;
    out.edge.resize(g.num_edges());
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const KasteleynCount rest =
            kasteleyn_count_exact(without_pair(g, g.edge(e).u, g.edge(e).v), max_operations);
        if (g.weighted()) {
            mpq_class w(g.weights().exact(e), 10);
            w.canonicalize();
            // G − u − v may have only weights 1 left, and then its count is an integer.
            const auto sum = [](const KasteleynCount& k) {
                return k.weighted ? k.weight_sum : mpq_class(k.count);
            };
            out.edge[e] = mpq_class(w * sum(rest) / sum(whole)).get_d();
        } else {
            out.edge[e] = mpq_class(rest.count, whole.count).get_d();
        }
    }
    return out;
}

}  // namespace

double placement_operations(const Graph& graph) {
    if (aztec_order(graph) != 0 || kasteleyn_inapplicable(graph)) return 0;
    const std::optional<double> paths = kasteleyn_placement_operations(graph);
    return paths ? *paths : ratio_operations(graph);
}

PlacementProbabilities placement_probabilities(
    const Graph& graph, double max_operations,
    const std::function<void(std::size_t, std::size_t)>& primes_done, bool per_edge_ratios) {
    PlacementProbabilities out;
    if (const std::uint32_t order = aztec_order(graph)) {
        AztecPlacement a = aztec_placement_probabilities(aztec_weights_of(order, graph), graph);
        out.method = "urban-renewal";
        out.edge = std::move(a.edge_probability);
        out.log_perfect_matchings = a.log_z.log_z;
        out.max_square_sum_error = a.max_square_sum_error;
    } else {
        out = kasteleyn_ratios(graph, max_operations, primes_done, per_edge_ratios);
        out.max_square_sum_error = max_vertex_sum_error(graph, out.edge);
    }
    return out;
}

void write_placement_probabilities(const std::string& path, const Graph& graph,
                                   const PlacementProbabilities& p) {
    std::ostringstream text;
    text << "# placement probabilities P(e in M) of a " << (graph.weighted() ? "weighted" : "uniform")
         << " perfect matching of " << graph.spec() << "\n"
         << "# method " << p.method << (graph.weighted() ? ", ln of the weighted sum " : ", ln #PM ")
         << std::setprecision(17) << p.log_perfect_matchings << ", max |1 - sum at a vertex| "
         << std::setprecision(3) << p.max_square_sum_error << "\n"
         << "# u v p\n"
         << std::setprecision(17);
    for (EdgeId e = 0; e < graph.num_edges(); ++e)
        text << graph.edge(e).u << ' ' << graph.edge(e).v << ' ' << p.edge[e] << '\n';
    write_file_atomically(path, text.str());
}

}  // namespace dimerlab
