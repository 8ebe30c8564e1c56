#include "graph/edge_weights.hpp"

#include <algorithm>
#include <unordered_map>

namespace dimerlab {

EdgeWeights::EdgeWeights(std::span<const ExactWeight> per_edge) {
    if (std::all_of(per_edge.begin(), per_edge.end(), [](const ExactWeight& w) { return w.exact == "1"; }))
        return;
    std::unordered_map<std::string, std::uint32_t> index;
    edge_class_.reserve(per_edge.size());
    for (const ExactWeight& w : per_edge) {
        const auto [it, added] = index.try_emplace(w.exact, static_cast<std::uint32_t>(classes_.size()));
        if (added) classes_.push_back(w);
        edge_class_.push_back(it->second);
    }
}

EdgeWeights::EdgeWeights(std::vector<ExactWeight> classes, std::vector<std::uint32_t> edge_class) {
    if (std::all_of(classes.begin(), classes.end(), [](const ExactWeight& w) { return w.exact == "1"; }))
        return;
    classes_ = std::move(classes);
    edge_class_ = std::move(edge_class);
}

const std::string& EdgeWeights::exact(std::uint32_t edge) const {
    static const std::string one = "1";
    return unit() ? one : classes_[edge_class_[edge]].exact;
}

double EdgeWeights::min_value() const {
    double m = 1;
    for (std::size_t i = 0; i < classes_.size(); ++i)
        m = i == 0 ? classes_[i].value : std::min(m, classes_[i].value);
    return m;
}

double EdgeWeights::max_value() const {
    double m = 1;
    for (std::size_t i = 0; i < classes_.size(); ++i)
        m = i == 0 ? classes_[i].value : std::max(m, classes_[i].value);
    return m;
}

}  // namespace dimerlab
