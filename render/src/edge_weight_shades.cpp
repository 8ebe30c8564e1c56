#include "dimerlab_render/edge_weight_shades.hpp"

#include <cmath>

namespace dimerlab::render {

std::vector<float> edge_weight_shades(const Graph& graph) {
    std::vector<float> shade(graph.num_edges(), 0.5f);
    const EdgeWeights& w = graph.weights();
    if (w.unit() || !(w.max_value() > w.min_value())) return shade;
    const double low = std::log(w.min_value()), span = std::log(w.max_value()) - low;
    for (EdgeId e = 0; e < graph.num_edges(); ++e)
        shade[e] = static_cast<float>((std::log(w.value(e)) - low) / span);
    return shade;
}

WeightRange weight_range(const Graph& graph) {
    const EdgeWeights& w = graph.weights();
    if (w.unit()) return {"1", "1"};
    const ExactWeight* lightest = &w.classes().front();
    const ExactWeight* heaviest = lightest;
    for (const ExactWeight& c : w.classes()) {
        if (c.value < lightest->value) lightest = &c;
        if (c.value > heaviest->value) heaviest = &c;
    }
    return {QString::fromStdString(lightest->exact), QString::fromStdString(heaviest->exact)};
}

}  // namespace dimerlab::render
