#pragma once
// Which chains take edge weights. A weighted graph given to any other chain is refused with the
// reason, rather than sampled as if every weight were 1. One list, read by every sampler factory.
#include <string_view>

#include "graph/graph.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

bool chain_takes_weights(std::string_view backend, Dynamics dynamics);

// Throws InputError naming the chain and what does take weights, when `graph` is weighted and the
// chain does not take weights.
void require_weight_support(const Graph& graph, std::string_view backend, Dynamics dynamics);

}  // namespace dimerlab
