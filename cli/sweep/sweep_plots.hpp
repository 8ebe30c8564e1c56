#pragma once
// --plot-svg PREFIX: PREFIXdensity.svg (the covered fraction 2|M|/n against λ, the mean over
// seeds of each graph, with the exact curve where the graph is small enough), PREFIXtau.svg
// (τ_int of |M| against λ) and PREFIXlogz.svg (ln Z / n against λ with the ends of its interval
// and the exact value where known), each when measured. The density and ln Z/n plots carry the
// thermodynamic limit, dashed, of each lattice the graphs' families tend to (square lattice for
// grids and tori, the chain for paths and cycles).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sweep/sweep_plan.hpp"

namespace dimerlab::cli {

void write_sweep_plots(const std::string& prefix, const SweepPlan& plan,
                       const std::vector<nlohmann::ordered_json>& rows);

}  // namespace dimerlab::cli
