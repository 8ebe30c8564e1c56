#pragma once
// The Jerrum–Sinclair chain's thresholds on a weighted graph (docs/algorithms.md §1.4, §2.2): each
// edge's addition and removal thresholds are those of the activity λw_e, one pair per weight class,
// and a slide that trades the dimer ab for uv passes the Metropolis filter min(1, w_uv/w_ab). An
// unweighted graph has one pair and slides that always pass, the unweighted chain bit for bit.
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"
#include "model/jerrum_sinclair_rule.hpp"

namespace dimerlab {

class JsEdgeThresholds {
  public:
    // `graph` must outlive this table.
    JsEdgeThresholds(const Graph& graph, double lambda);

    const JsThresholds& operator()(EdgeId e) const {
        return graph_.weighted() ? table_[graph_.weights().edge_classes()[e]] : table_[0];
    }
    bool uniform() const { return !graph_.weighted(); }

    // The slide threshold of update edge e (jerrum_sinclair_update's slide_threshold(a, b), ab the
    // dimer it would replace).
    struct Slide {
        const Graph* graph;
        double w_new;
        std::uint64_t operator()(VertexId a, VertexId b) const;
    };
    Slide slide(EdgeId e) const { return {&graph_, graph_.weight(e)}; }

  private:
    const Graph& graph_;
    std::vector<JsThresholds> table_;
};

}  // namespace dimerlab
