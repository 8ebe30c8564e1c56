#pragma once
// Small graphs with non-trivial decimal weights, and the exact weighted law by brute force, for the
// weighted counting and sampling tests. The brute force shares nothing with the library's counters:
// every matching by plain recursion, its weight a product of exact rationals.
#include <gmpxx.h>

#include <string>
#include <vector>

#include "graph/exact_weight.hpp"
#include "graph/graph.hpp"
#include "matching_enumeration.hpp"

namespace dimerlab::testing {

// `g` with the weights of `texts`, taken in turn edge by edge (cycling through the list).
inline Graph with_weights(Graph g, const std::vector<std::string>& texts) {
    std::vector<ExactWeight> w;
    for (EdgeId e = 0; e < g.num_edges(); ++e)
        w.push_back(*parse_exact_weight(texts[e % texts.size()], nullptr));
    g.set_weights(EdgeWeights(w));
    return g;
}

inline mpq_class exact_weight_of(const Graph& g, EdgeId e) {
    mpq_class q(g.weights().exact(e), 10);
    q.canonicalize();
    return q;
}

// c_k = Σ_{|M| = k} Π_{e∈M} w_e over every matching.
inline std::vector<mpq_class> brute_force_weighted_coefficients(const Graph& g) {
    std::vector<mpq_class> c(1, mpq_class(0));
    for (const MateArray& m : enumerate_matchings(g)) {
        mpq_class product = 1;
        std::size_t k = 0;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            if (m[g.edge(e).u] != g.edge(e).v) continue;
            product *= exact_weight_of(g, e);
            ++k;
        }
        if (c.size() <= k) c.resize(k + 1, mpq_class(0));
        c[k] += product;
    }
    for (mpq_class& q : c) q.canonicalize();
    return c;
}

// π(M) ∝ Π_{e∈M} λ w_e over every matching, in double, with the states in enumeration order.
struct WeightedLaw {
    std::vector<MateArray> states;
    std::vector<double> probability;
};

inline WeightedLaw weighted_gibbs_law(const Graph& g, double lambda) {
    WeightedLaw law;
    law.states = enumerate_matchings(g);
    double z = 0;
    for (const MateArray& m : law.states) {
        double w = 1;
        for (EdgeId e = 0; e < g.num_edges(); ++e)
            if (m[g.edge(e).u] == g.edge(e).v) w *= lambda * g.weight(e);
        law.probability.push_back(w);
        z += w;
    }
    for (double& p : law.probability) p /= z;
    return law;
}

}  // namespace dimerlab::testing
