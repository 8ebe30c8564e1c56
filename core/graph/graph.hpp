#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graph/edge_weights.hpp"

namespace dimerlab {

using VertexId = std::uint32_t;
using EdgeId = std::uint32_t;

// An undirected edge, always stored with u < v.
struct Edge {
    VertexId u;
    VertexId v;
    friend bool operator==(const Edge&, const Edge&) = default;
};

struct Point2 {
    double x = 0;
    double y = 0;
};

// Direction class of an edge in a lattice drawing; drives the horizontal-minus-vertical
// imbalance observable (the slow mode on lattices, docs/algorithms.md §6.5).
enum class EdgeAxis : std::int8_t { other = 0, horizontal = 1, vertical = -1 };

// A simple undirected graph: edge list with stable ids (u < v) plus CSR adjacency. Immutable
// after construction. Ids are 32-bit: families and readers refuse anything larger.
class Graph {
  public:
    Graph() = default;
    // Throws InputError on an endpoint out of range, a self-loop or a repeated edge. Edges may
    // come with either endpoint first; they are stored with u < v in the given order.
    Graph(std::uint32_t num_vertices, std::vector<Edge> edges);

    std::uint32_t num_vertices() const { return n_; }
    std::uint32_t num_edges() const { return static_cast<std::uint32_t>(edges_.size()); }
    const std::vector<Edge>& edges() const { return edges_; }
    const Edge& edge(EdgeId e) const { return edges_[e]; }

    std::uint32_t degree(VertexId v) const { return offsets_[v + 1] - offsets_[v]; }
    std::uint32_t max_degree() const { return max_degree_; }
    // Neighbours of v and, at the same positions, the ids of the edges that lead to them.
    std::span<const VertexId> neighbors(VertexId v) const {
        return {adj_vertex_.data() + offsets_[v], degree(v)};
    }
    std::span<const EdgeId> incident_edges(VertexId v) const {
        return {adj_edge_.data() + offsets_[v], degree(v)};
    }
    const std::vector<std::uint32_t>& csr_offsets() const { return offsets_; }
    const std::vector<VertexId>& csr_neighbors() const { return adj_vertex_; }
    const std::vector<EdgeId>& csr_edges() const { return adj_edge_; }

    // Edge id joining u and v, if any. O(min degree).
    std::optional<EdgeId> find_edge(VertexId u, VertexId v) const;

    bool is_bipartite() const { return bipartite_; }
    // FNV-1a over (n, m, u_0, v_0, u_1, v_1, ...) and, for weighted graphs only, each edge's exact
    // weight text: equal graphs with equal edge order and weights hash equal, and a graph whose
    // weights are all 1 hashes as the unweighted graph.
    std::uint64_t content_hash() const { return hash_; }

    // Edge weights (docs/algorithms.md §1.4); unit() when every weight is 1.
    const EdgeWeights& weights() const { return weights_; }
    bool weighted() const { return !weights_.unit(); }
    double weight(EdgeId e) const { return weights_.value(e); }
    // Throws std::invalid_argument on a size mismatch; updates the content hash.
    void set_weights(EdgeWeights weights);

    // The spec this graph was built from, in canonical form (empty for hand-built graphs).
    const std::string& spec() const { return spec_; }
    void set_spec(std::string spec) { spec_ = std::move(spec); }

    // What a file reader changed or suspects about the file (repeats dropped, a diagonal dropped,
    // ids that look 1-based), one line each, "PATH: ..."; empty for every other graph. The
    // caller decides where they go: core code never prints.
    const std::vector<std::string>& notices() const { return notices_; }
    void set_notices(std::vector<std::string> notices) { notices_ = std::move(notices); }

    // 2-D drawing coordinates, one per vertex; empty when no layout was computed.
    const std::vector<Point2>& layout() const { return layout_; }
    void set_layout(std::vector<Point2> layout);  // throws std::invalid_argument on size mismatch
    // Per-edge axis for lattice families; empty for graphs without a meaningful orientation.
    const std::vector<EdgeAxis>& edge_axes() const { return axes_; }
    void set_edge_axes(std::vector<EdgeAxis> axes);  // throws std::invalid_argument on size mismatch

  private:
    void compute_hash();

    std::uint32_t n_ = 0;
    std::vector<Edge> edges_;
    std::vector<std::uint32_t> offsets_{0};
    std::vector<VertexId> adj_vertex_;
    std::vector<EdgeId> adj_edge_;
    std::uint32_t max_degree_ = 0;
    bool bipartite_ = true;
    std::uint64_t hash_ = 0;
    EdgeWeights weights_;
    std::string spec_;
    std::vector<std::string> notices_;
    std::vector<Point2> layout_;
    std::vector<EdgeAxis> axes_;
};

// Throws InputError, "<what> does not take edge weights; <graph> is weighted", for a weighted graph:
// the guard of every method that would otherwise compute the unweighted model's answer.
void require_unit_weights(const Graph& g, std::string_view what);

// Axis of every edge from a layout: horizontal when |dx| > |dy|, vertical when |dy| > |dx|.
std::vector<EdgeAxis> axes_from_layout(const Graph& g);

}  // namespace dimerlab
