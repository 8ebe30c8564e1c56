#include "model/jerrum_sinclair_thresholds.hpp"

#include <stdexcept>

#include "model/lambda_record.hpp"

namespace dimerlab {

JsEdgeThresholds::JsEdgeThresholds(const Graph& graph, double lambda) : graph_(graph) {
    if (!graph.weighted()) {
        table_.push_back(jerrum_sinclair_thresholds(lambda));
        return;
    }
    check_lambda(lambda);
    for (const ExactWeight& w : graph.weights().classes())
        table_.push_back(jerrum_sinclair_thresholds_at(static_cast<long double>(lambda) * w.value));
}

std::uint64_t JsEdgeThresholds::Slide::operator()(VertexId a, VertexId b) const {
    const auto old_edge = graph->find_edge(a, b);
    if (!old_edge) throw std::logic_error("a dimer that is not an edge of the graph");
    return jerrum_sinclair_slide_threshold(w_new, graph->weight(*old_edge));
}

}  // namespace dimerlab
