#include "matching_enumeration.hpp"

#include <cmath>

namespace dimerlab::testing {
namespace {

bool recurse(const Graph& g, EdgeId next, MateArray& mate, std::vector<MateArray>& out, std::size_t limit) {
    if (next == g.num_edges()) {
        if (out.size() >= limit) return false;
        out.push_back(mate);
        return true;
    }
    if (!recurse(g, next + 1, mate, out, limit)) return false;
    const Edge e = g.edge(next);
    if (mate[e.u] == kNoMate && mate[e.v] == kNoMate) {
        mate[e.u] = e.v;
        mate[e.v] = e.u;
        const bool ok = recurse(g, next + 1, mate, out, limit);
        mate[e.u] = kNoMate;
        mate[e.v] = kNoMate;
        if (!ok) return false;
    }
    return true;
}

}  // namespace

std::vector<MateArray> enumerate_matchings(const Graph& g, std::size_t limit) {
    std::vector<MateArray> out;
    MateArray mate(g.num_vertices(), kNoMate);
    if (!recurse(g, 0, mate, out, limit)) out.clear();
    return out;
}

GibbsLaw exact_gibbs_law(const Graph& g, double lambda) {
    GibbsLaw law;
    law.states = enumerate_matchings(g);
    law.probability.resize(law.states.size());
    double z = 0;
    for (std::size_t i = 0; i < law.states.size(); ++i) {
        law.index[law.states[i]] = i;
        z += law.probability[i] = std::pow(lambda, count_dimers(law.states[i]));
    }
    for (double& p : law.probability) p /= z;
    return law;
}

}  // namespace dimerlab::testing
