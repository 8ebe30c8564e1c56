#pragma once
// Every perfect matching of a small graph by plain recursion (match the lowest free vertex with
// each free neighbour), summing weights: Z = Σ_M Π_{e in M} w_e and, per edge, the weight of the
// matchings that hold it. An independent method for the placement-probability tests.
#include <functional>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::testing {

struct WeightedPerfectMatchings {
    long double z = 0;
    std::vector<long double> edge_weight_sum;  // Σ over perfect matchings containing e of their weight
    std::size_t count = 0;

    double probability(EdgeId e) const { return static_cast<double>(edge_weight_sum[e] / z); }
};

inline WeightedPerfectMatchings enumerate_weighted_perfect_matchings(const Graph& g,
                                                                     const std::vector<double>& weight) {
    WeightedPerfectMatchings out;
    out.edge_weight_sum.assign(g.num_edges(), 0);
    std::vector<bool> used(g.num_vertices(), false);
    std::vector<EdgeId> chosen;
    std::function<void(VertexId, long double)> go = [&](VertexId from, long double product) {
        while (from < g.num_vertices() && used[from]) ++from;
        if (from == g.num_vertices()) {
            out.z += product;
            ++out.count;
            for (const EdgeId e : chosen) out.edge_weight_sum[e] += product;
            return;
        }
        used[from] = true;
        const auto nb = g.neighbors(from);
        const auto ie = g.incident_edges(from);
        for (std::size_t k = 0; k < nb.size(); ++k) {
            if (used[nb[k]]) continue;
            used[nb[k]] = true;
            chosen.push_back(ie[k]);
            go(from + 1, product * weight[ie[k]]);
            chosen.pop_back();
            used[nb[k]] = false;
        }
        used[from] = false;
    };
    go(0, 1.0L);
    return out;
}

}  // namespace dimerlab::testing
