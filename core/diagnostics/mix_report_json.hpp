#pragma once
#include <nlohmann/json.hpp>

#include "diagnostics/mix_report.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// The `mix --json` object (docs/architecture.md §7.2: NaN and ∞ become null). The graph is needed only
// to name the indicator edge's endpoints.
nlohmann::ordered_json mix_report_json(const Graph& graph, const MixReport& report);

}  // namespace dimerlab
