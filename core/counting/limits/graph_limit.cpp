#include "counting/limits/graph_limit.hpp"

#include <algorithm>

#include "counting/limits/chain_limit.hpp"
#include "counting/limits/square_lattice_limit.hpp"
#include "graph/graph_spec.hpp"

namespace dimerlab {

std::optional<LimitLattice> limit_lattice_of(const Graph& g) {
    GraphSpec spec;
    try {
        spec = parse_graph_spec(g.spec());
    } catch (const std::exception&) {
        return std::nullopt;  // a graph built from parts, without a family
    }
    if (spec.family == "path" || spec.family == "cycle") return LimitLattice::chain;
    if ((spec.family == "grid" || spec.family == "torus") && spec.dims.size() == 2) {
        const auto shorter = std::min(spec.dims[0], spec.dims[1]);
        if (shorter >= 2) return LimitLattice::square;
        if (spec.family == "grid") return LimitLattice::chain;
    }
    return std::nullopt;
}

LimitValue limit_value(LimitLattice lattice, double lambda) {
    if (lattice == LimitLattice::chain) {
        const ChainLimit c = chain_limit(lambda);
        return {c.free_energy, c.covered_fraction};
    }
    const ConvergedLatticeLimit s = square_lattice_limit(lambda, 1e-5, 8, 14);
    return {s.value.free_energy, s.value.covered_fraction};
}

std::string limit_name(LimitLattice lattice) {
    return lattice == LimitLattice::square ? "square lattice limit" : "chain limit";
}

}  // namespace dimerlab
