#pragma once
// What `count --epsilon` and the Python module share around estimate_log_z: the checks of a
// request, in the CLI's words, and the result as the `count --json` object.
#include <nlohmann/json.hpp>
#include <optional>

#include "counting/approx/approx_count.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct EstimateRequest {
    std::optional<double> epsilon;             // half-width on ln Z
    std::optional<double> epsilon_per_vertex;  // half-width on ln Z / n (one of the two is set)
    double confidence = 0.95;
    unsigned replicas = ApproxOptions{}.replicas;
};

// InputError naming the option (--epsilon, --epsilon-per-vertex, --confidence, --replicas).
void check_estimate_request(const EstimateRequest& request);

// The half-width on ln Z that the request asks for on this graph.
double requested_epsilon(const EstimateRequest& request, const Graph& graph);

// The `count --epsilon --json` object (NaN and ∞ become null); `ranks` processes computed it.
nlohmann::ordered_json approx_result_json(const Graph& graph, const ApproxOptions& options,
                                          const ApproxResult& result, int ranks);

}  // namespace dimerlab
