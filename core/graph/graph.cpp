#include "graph/graph.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab {

Graph::Graph(std::uint32_t num_vertices, std::vector<Edge> edges)
    : n_(num_vertices), edges_(std::move(edges)) {
    // CSR offsets are 32-bit and count both directions of every edge.
    if (edges_.size() >= (1ull << 31))
        throw InputError("graph has 2^31 edges or more, beyond what dimerlab supports");
    for (std::size_t i = 0; i < edges_.size(); ++i) {
        Edge& e = edges_[i];
        if (e.u >= n_ || e.v >= n_) {
            throw InputError("edge " + std::to_string(i) + " (" + std::to_string(e.u) + "," +
                             std::to_string(e.v) + ") has an endpoint outside 0.." +
                             std::to_string(n_ == 0 ? 0 : n_ - 1));
        }
        if (e.u == e.v)
            throw InputError("edge " + std::to_string(i) + " is a self-loop at vertex " +
                             std::to_string(e.u));
        if (e.u > e.v) std::swap(e.u, e.v);
    }
    // CSR by counting sort; neighbour lists are then sorted so repeats are adjacent.
    offsets_.assign(std::size_t(n_) + 1, 0);
    for (const Edge& e : edges_) {
        ++offsets_[e.u + 1];
        ++offsets_[e.v + 1];
    }
    for (std::uint32_t v = 0; v < n_; ++v) offsets_[v + 1] += offsets_[v];
    adj_vertex_.resize(2 * edges_.size());
    adj_edge_.resize(2 * edges_.size());
    std::vector<std::uint32_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (EdgeId id = 0; id < edges_.size(); ++id) {
        const Edge& e = edges_[id];
        adj_vertex_[fill[e.u]] = e.v;
        adj_edge_[fill[e.u]++] = id;
        adj_vertex_[fill[e.v]] = e.u;
        adj_edge_[fill[e.v]++] = id;
    }
    std::vector<std::pair<VertexId, EdgeId>> scratch;
    for (VertexId v = 0; v < n_; ++v) {
        const std::uint32_t b = offsets_[v], d = offsets_[v + 1] - b;
        max_degree_ = std::max(max_degree_, d);
        scratch.clear();
        for (std::uint32_t k = 0; k < d; ++k) scratch.emplace_back(adj_vertex_[b + k], adj_edge_[b + k]);
        std::sort(scratch.begin(), scratch.end());
        for (std::uint32_t k = 0; k < d; ++k) {
            if (k > 0 && scratch[k].first == scratch[k - 1].first) {
                throw InputError("edges " + std::to_string(scratch[k - 1].second) + " and " +
                                 std::to_string(scratch[k].second) + " repeat (" + std::to_string(v) + "," +
                                 std::to_string(scratch[k].first) + ")");
            }
            adj_vertex_[b + k] = scratch[k].first;
            adj_edge_[b + k] = scratch[k].second;
        }
    }
    // Bipartiteness by BFS 2-colouring over every component.
    std::vector<std::int8_t> side(n_, -1);
    std::vector<VertexId> queue;
    for (VertexId s = 0; s < n_ && bipartite_; ++s) {
        if (side[s] >= 0) continue;
        side[s] = 0;
        queue.assign(1, s);
        for (std::size_t qi = 0; qi < queue.size() && bipartite_; ++qi) {
            VertexId x = queue[qi];
            for (VertexId y : neighbors(x)) {
                if (side[y] < 0) {
                    side[y] = static_cast<std::int8_t>(1 - side[x]);
                    queue.push_back(y);
                } else if (side[y] == side[x]) {
                    bipartite_ = false;
                    break;
                }
            }
        }
    }
    compute_hash();
}

void Graph::compute_hash() {
    Fnv1a64 h;
    h.add_u32(n_);
    h.add_u32(num_edges());
    for (const Edge& e : edges_) {
        h.add_u32(e.u);
        h.add_u32(e.v);
    }
    if (weighted()) {
        // Each weight's text, its length first so that "1" "23" and "12" "3" differ.
        for (EdgeId e = 0; e < num_edges(); ++e) {
            const std::string& text = weights_.exact(e);
            h.add_u32(static_cast<std::uint32_t>(text.size()));
            for (const char c : text) h.add_u32(static_cast<unsigned char>(c));
        }
    }
    hash_ = h.value();
}

void Graph::set_weights(EdgeWeights weights) {
    if (!weights.unit() && weights.num_edges() != edges_.size())
        throw std::invalid_argument("weight count differs from edge count");
    weights_ = std::move(weights);
    compute_hash();
}

std::optional<EdgeId> Graph::find_edge(VertexId u, VertexId v) const {
    if (u >= n_ || v >= n_) return std::nullopt;
    if (degree(u) > degree(v)) std::swap(u, v);
    auto nb = neighbors(u);
    auto it = std::lower_bound(nb.begin(), nb.end(), v);
    if (it == nb.end() || *it != v) return std::nullopt;
    return incident_edges(u)[static_cast<std::size_t>(it - nb.begin())];
}

void Graph::set_layout(std::vector<Point2> layout) {
    if (!layout.empty() && layout.size() != n_)
        throw std::invalid_argument("layout size differs from vertex count");
    layout_ = std::move(layout);
}

void Graph::set_edge_axes(std::vector<EdgeAxis> axes) {
    if (!axes.empty() && axes.size() != edges_.size())
        throw std::invalid_argument("axis count differs from edge count");
    axes_ = std::move(axes);
}

void require_unit_weights(const Graph& g, std::string_view what) {
    if (!g.weighted()) return;
    throw InputError(std::string(what) + " does not take edge weights; " +
                     (g.spec().empty() ? std::string("this graph") : "'" + g.spec() + "'") +
                     " is weighted (" +
                     (g.spec().starts_with("file:") ? std::string("read it without ,weighted")
                                                    : std::string("leave out its weight options")) +
                     " for the unweighted model)");
}

std::vector<EdgeAxis> axes_from_layout(const Graph& g) {
    std::vector<EdgeAxis> axes(g.num_edges(), EdgeAxis::other);
    const auto& pos = g.layout();
    if (pos.empty()) return axes;
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Point2 a = pos[g.edge(e).u], b = pos[g.edge(e).v];
        const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
        if (dx > dy * (1 + 1e-9))
            axes[e] = EdgeAxis::horizontal;
        else if (dy > dx * (1 + 1e-9))
            axes[e] = EdgeAxis::vertical;
    }
    return axes;
}

}  // namespace dimerlab
