#pragma once
// The thermodynamic limit a graph family tends to as it grows, for overlays on plots against λ:
// grids and tori (both sides ≥ 2) tend to the square lattice, paths, cycles and one-row grids to
// the infinite chain. Other families have none here.
#include <optional>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

enum class LimitLattice { square, chain };

struct LimitValue {
    double free_energy = 0;       // lim ln Z/n
    double covered_fraction = 0;  // lim 2E|M|/n
};

// From the graph's spec (its family and sizes), not its structure.
std::optional<LimitLattice> limit_lattice_of(const Graph& g);

// Plot accuracy: the square lattice to 1e-5 (strip widths up to 14, a few tenths of a second per
// new λ, cached), the chain exactly.
LimitValue limit_value(LimitLattice lattice, double lambda);

// "square lattice limit" or "chain limit".
std::string limit_name(LimitLattice lattice);

}  // namespace dimerlab
