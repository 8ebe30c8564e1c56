#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "diagnostics/matching_enumeration.hpp"
#include "graph/graph.hpp"
#include "model/matching.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// The exact transition matrix of one update of a production chain on a tiny graph. Built by
// applying the production rule functions (heat_bath_update, jerrum_sinclair_update,
// face_chain_update) to every (state, edge or face, coin region, laziness or rotation bit) with
// the integer thresholds the samplers use, so it
// describes the code that runs, not a re-derivation of docs/algorithms.md §2.1–2.2.
struct ExactChain {
    Dynamics dynamics = Dynamics::glauber;
    double lambda = 1;
    // The activity the integer thresholds implement; π ∝ lambda_effective^|M| (on a weighted graph,
    // π ∝ Π_{e∈M} of each edge's effective activity λw_e, and this is the unit-weight one).
    double lambda_effective = 1;
    std::uint32_t num_edges = 0;  // updates per sweep
    std::vector<MateArray> states;
    std::vector<double> pi;  // normalised
    // Sparse rows: P(i, col[k]) = prob[k] for k in [row_begin[i], row_begin[i+1]), cols ascending.
    std::vector<std::size_t> row_begin;
    std::vector<std::uint32_t> col;
    std::vector<double> prob;

    std::size_t size() const { return states.size(); }
    double at(std::size_t i, std::size_t j) const;
};

// Throws InfeasibleError (with the state count) above max_states. For rotation and
// glauber+rotation the graph needs faces (faces/face_set.hpp); `rotation` keeps |M|, so its
// matrix is reversible w.r.t. λ^|M| for every λ but reducible across |M| levels.
ExactChain build_exact_chain(const Graph& graph, Dynamics dynamics, double lambda,
                             std::size_t max_states = kDefaultMaxExactStates);

// max_i |Σ_j P(i,j) − 1|.
double max_row_sum_error(const ExactChain& chain);
// max over i,j of |π_i P(i,j) − π_j P(j,i)| / max(π_i P(i,j), π_j P(j,i)): relative, so tiny
// flows at extreme λ are checked as strictly as large ones.
double max_detailed_balance_error(const ExactChain& chain);

}  // namespace dimerlab
