#include "counting/kasteleyn/kasteleyn_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>

#include "faces/drawn_faces.hpp"

namespace dimerlab {

namespace {

// The graph after the choices every perfect matching makes: a vertex of degree one takes its
// only edge; a bridge is taken iff the side it hangs on has an odd number of vertices (else
// never). Repeated until neither applies. Returns the surviving edges (ids into `graph`), or
// nothing with the reason when some part cannot be perfectly matched.
struct Reduction {
    std::vector<char> alive_vertex;
    std::vector<char> alive_edge;
    std::uint32_t forced = 0;
    std::vector<EdgeId> forced_edges;
    std::string none;  // non-empty: no perfect matching
};

class Reducer {
  public:
    explicit Reducer(const Graph& g) : g_(g) {
        r_.alive_vertex.assign(g.num_vertices(), 1);
        r_.alive_edge.assign(g.num_edges(), 1);
        degree_.resize(g.num_vertices());
        for (VertexId v = 0; v < g.num_vertices(); ++v) degree_[v] = g.degree(v);
    }

    Reduction run() {
        for (;;) {
            prune_low_degree();
            if (!r_.none.empty()) break;
            if (!resolve_bridges()) break;
            if (!r_.none.empty()) break;
        }
        return std::move(r_);
    }

  private:
    void kill_edge(EdgeId e) {
        if (!r_.alive_edge[e]) return;
        r_.alive_edge[e] = 0;
        --degree_[g_.edge(e).u];
        --degree_[g_.edge(e).v];
    }
    void take_edge(EdgeId e) {
        const Edge ed = g_.edge(e);
        if (!r_.alive_vertex[ed.u] || !r_.alive_vertex[ed.v]) {
            r_.none = "two forced dimers meet at one vertex";
            return;
        }
        ++r_.forced;
        r_.forced_edges.push_back(e);
        for (VertexId x : {ed.u, ed.v}) {
            for (EdgeId f : g_.incident_edges(x)) kill_edge(f);
            r_.alive_vertex[x] = 0;
        }
    }
    void prune_low_degree() {
        std::deque<VertexId> queue;
        for (VertexId v = 0; v < g_.num_vertices(); ++v)
            if (r_.alive_vertex[v] && degree_[v] <= 1) queue.push_back(v);
        while (!queue.empty() && r_.none.empty()) {
            const VertexId v = queue.front();
            queue.pop_front();
            if (!r_.alive_vertex[v]) continue;
            if (degree_[v] == 0) {
                r_.none = "vertex " + std::to_string(v) + " has no neighbour left to pair with";
                return;
            }
            EdgeId only = 0;
            for (EdgeId e : g_.incident_edges(v))
                if (r_.alive_edge[e]) only = e;
            const Edge ed = g_.edge(only);
            const VertexId w = ed.u == v ? ed.v : ed.u;
            std::vector<VertexId> touched;
            for (VertexId x : g_.neighbors(w)) touched.push_back(x);
            take_edge(only);
            for (VertexId x : touched)
                if (r_.alive_vertex[x] && degree_[x] <= 1) queue.push_back(x);
        }
    }
    // Tarjan's bridges with subtree sizes (iterative). Returns whether anything changed.
    bool resolve_bridges() {
        const std::uint32_t n = g_.num_vertices();
        std::vector<std::uint32_t> order(n, 0), low(n, 0), size(n, 0), root_size(n, 0);
        std::vector<EdgeId> parent_edge(n, UINT32_MAX);
        std::vector<VertexId> root_of(n, 0);
        struct Frame {
            VertexId v;
            std::uint32_t next;
        };
        std::uint32_t clock = 0;
        std::vector<std::pair<EdgeId, VertexId>> bridges;  // edge, child side's root
        for (VertexId s = 0; s < n; ++s) {
            if (!r_.alive_vertex[s] || order[s]) continue;
            std::vector<Frame> stack{{s, 0}};
            std::vector<VertexId> visited;
            order[s] = low[s] = ++clock;
            while (!stack.empty()) {
                Frame& f = stack.back();
                const auto nb = g_.neighbors(f.v);
                const auto inc = g_.incident_edges(f.v);
                if (f.next < nb.size()) {
                    const std::uint32_t i = f.next++;
                    if (!r_.alive_edge[inc[i]] || inc[i] == parent_edge[f.v]) continue;
                    const VertexId w = nb[i];
                    if (order[w]) {
                        low[f.v] = std::min(low[f.v], order[w]);
                    } else {
                        order[w] = low[w] = ++clock;
                        parent_edge[w] = inc[i];
                        stack.push_back({w, 0});
                    }
                    continue;
                }
                const VertexId v = f.v;
                visited.push_back(v);
                size[v] += 1;
                stack.pop_back();
                if (!stack.empty()) {
                    const VertexId p = stack.back().v;
                    low[p] = std::min(low[p], low[v]);
                    size[p] += size[v];
                    if (low[v] > order[p]) bridges.push_back({parent_edge[v], v});
                }
            }
            for (VertexId v : visited) root_of[v] = s;
            root_size[s] = size[s];
            if (size[s] % 2 == 1) {
                r_.none = "a connected part of " + std::to_string(size[s]) + " vertices (an odd number)";
                return false;
            }
        }
        if (bridges.empty()) return false;
        for (auto [e, child] : bridges) {
            if (!r_.none.empty()) break;
            if (!r_.alive_edge[e]) continue;
            if (size[child] % 2 == 1) {
                take_edge(e);
            } else {
                kill_edge(e);
            }
        }
        return true;
    }

    const Graph& g_;
    Reduction r_;
    std::vector<std::uint32_t> degree_;
};

}  // namespace

std::optional<std::string> build_kasteleyn_matrix(const Graph& graph, KasteleynMatrix& out) {
    out = KasteleynMatrix{};
    const std::uint32_t n = graph.num_vertices();
    if (graph.layout().size() != n)
        return "the graph has no drawing (Kasteleyn's method needs a planar layout)";
    if (!graph.is_bipartite()) return "the graph is not bipartite";
    Reduction red = Reducer(graph).run();
    out.forced_dimers = red.forced;
    out.forced_edges = red.forced_edges;
    if (!red.none.empty()) {
        out.no_perfect_matching = true;
        out.reason_none = red.none;
        return std::nullopt;
    }
    // The reduced graph, renumbered, with its drawing.
    std::vector<VertexId> id(n, UINT32_MAX), original;
    for (VertexId v = 0; v < n; ++v)
        if (red.alive_vertex[v]) {
            id[v] = static_cast<VertexId>(original.size());
            original.push_back(v);
        }
    std::vector<Edge> edges;
    std::vector<EdgeId> original_edge;  // h's edge i is the graph's original_edge[i]
    for (EdgeId e = 0; e < graph.num_edges(); ++e)
        if (red.alive_edge[e]) {
            edges.push_back({id[graph.edge(e).u], id[graph.edge(e).v]});
            original_edge.push_back(e);
        }
    const std::uint32_t h_n = static_cast<std::uint32_t>(original.size());
    if (h_n == 0) return std::nullopt;  // the forced dimers are the only perfect matching
    Graph h(h_n, edges);
    std::vector<Point2> xy(h_n);
    for (VertexId v = 0; v < h_n; ++v) xy[v] = graph.layout()[original[v]];
    h.set_layout(std::move(xy));

    // Two colours by breadth-first search, components, and a banded order (BFS levels).
    std::vector<std::int8_t> colour(h_n, -1);
    std::vector<std::uint32_t> component(h_n, 0), bfs_order;
    std::uint32_t components = 0;
    for (VertexId s = 0; s < h_n; ++s) {
        if (colour[s] >= 0) continue;
        colour[s] = 0;
        component[s] = components;
        std::size_t head = bfs_order.size();
        bfs_order.push_back(s);
        while (head < bfs_order.size()) {
            const VertexId v = bfs_order[head++];
            for (VertexId w : h.neighbors(v))
                if (colour[w] < 0) {
                    colour[w] = static_cast<std::int8_t>(1 - colour[v]);
                    component[w] = components;
                    bfs_order.push_back(w);
                }
        }
        ++components;
    }
    std::vector<std::int64_t> balance(components, 0);
    std::vector<std::uint32_t> comp_vertices(components, 0), comp_edges(components, 0),
        comp_faces(components, 0);
    for (VertexId v = 0; v < h_n; ++v) {
        balance[component[v]] += colour[v] == 0 ? 1 : -1;
        ++comp_vertices[component[v]];
    }
    for (std::uint32_t c = 0; c < components; ++c)
        if (balance[c] != 0) {
            out.no_perfect_matching = true;
            out.reason_none = "a connected part has " + std::to_string((comp_vertices[c] + balance[c]) / 2) +
                              " vertices of one colour and " +
                              std::to_string((comp_vertices[c] - balance[c]) / 2) + " of the other";
            return std::nullopt;
        }
    for (const Edge& e : h.edges()) ++comp_edges[component[e.u]];

    const std::vector<FaceWalk> faces = trace_drawing_faces(h);
    std::vector<std::uint32_t> outer(components, UINT32_MAX);
    for (std::uint32_t f = 0; f < faces.size(); ++f) {
        const std::uint32_t c = component[faces[f].vertices.front()];
        ++comp_faces[c];
        if (outer[c] == UINT32_MAX || std::abs(faces[f].signed_area) > std::abs(faces[outer[c]].signed_area))
            outer[c] = f;
    }
    for (std::uint32_t c = 0; c < components; ++c)
        if (comp_vertices[c] + comp_faces[c] != comp_edges[c] + 2)
            return "edges cross in the drawing (Euler's formula fails: V - E + F = " +
                   std::to_string(std::int64_t(comp_vertices[c]) - comp_edges[c] + comp_faces[c]) +
                   " on a connected part, not 2)";
    // Which two faces each edge separates.
    std::vector<std::uint32_t> face_a(h.num_edges(), UINT32_MAX), face_b(h.num_edges(), UINT32_MAX);
    std::vector<char> is_outer(faces.size(), 0);
    for (std::uint32_t c = 0; c < components; ++c) is_outer[outer[c]] = 1;
    for (std::uint32_t f = 0; f < faces.size(); ++f) {
        if (!is_outer[f]) {
            std::vector<VertexId> sorted = faces[f].vertices;
            std::sort(sorted.begin(), sorted.end());
            if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
                return "a face of the drawing is not bounded by a simple cycle";
        }
        for (EdgeId e : faces[f].edges) (face_a[e] == UINT32_MAX ? face_a[e] : face_b[e]) = f;
    }
    // Signs: +1 on a spanning forest (the BFS tree); the other edges form a spanning tree of each
    // component's dual, set leaf face first so that every bounded face of length 2l has sign
    // product (-1)^(l+1).
    std::vector<std::int8_t> sign(h.num_edges(), 0);
    {
        std::vector<char> seen(h_n, 0);
        for (VertexId s : bfs_order) {
            if (seen[s]) continue;
            seen[s] = 1;
            std::deque<VertexId> q{s};
            while (!q.empty()) {
                const VertexId v = q.front();
                q.pop_front();
                const auto nb = h.neighbors(v);
                const auto inc = h.incident_edges(v);
                for (std::size_t i = 0; i < nb.size(); ++i)
                    if (!seen[nb[i]]) {
                        seen[nb[i]] = 1;
                        sign[inc[i]] = 1;
                        q.push_back(nb[i]);
                    }
            }
        }
    }
    std::vector<std::uint32_t> unset(faces.size(), 0);
    for (std::uint32_t f = 0; f < faces.size(); ++f)
        for (EdgeId e : faces[f].edges) unset[f] += sign[e] == 0;
    std::deque<std::uint32_t> leaves;
    for (std::uint32_t f = 0; f < faces.size(); ++f)
        if (!is_outer[f] && unset[f] == 1) leaves.push_back(f);
    while (!leaves.empty()) {
        const std::uint32_t f = leaves.front();
        leaves.pop_front();
        if (unset[f] != 1) continue;
        EdgeId free_edge = 0;
        int product = 1;
        for (EdgeId e : faces[f].edges) {
            if (sign[e] == 0) {
                free_edge = e;
            } else {
                product *= sign[e];
            }
        }
        const std::size_t half = faces[f].edges.size() / 2;
        const int wanted = half % 2 == 1 ? 1 : -1;  // (-1)^(l+1)
        sign[free_edge] = static_cast<std::int8_t>(wanted * product);
        ++out.faces;
        const std::uint32_t other = face_a[free_edge] == f ? face_b[free_edge] : face_a[free_edge];
        --unset[f];
        if (other != UINT32_MAX && --unset[other] == 1 && !is_outer[other]) leaves.push_back(other);
    }
    for (EdgeId e = 0; e < h.num_edges(); ++e)
        if (sign[e] == 0) return "the faces of the drawing do not close up (a sign was left unset)";

    // Rows: black vertices in BFS order; columns: white ones likewise.
    std::vector<std::uint32_t> index(h_n, 0);
    std::uint32_t black = 0, white = 0;
    for (VertexId v : bfs_order) index[v] = colour[v] == 0 ? black++ : white++;
    out.size = black;
    struct Entry {
        std::uint32_t column;
        std::int8_t sign;
        EdgeId edge;
        bool operator<(const Entry& o) const { return column < o.column; }
    };
    std::vector<std::vector<Entry>> rows(black);
    for (EdgeId e = 0; e < h.num_edges(); ++e) {
        VertexId b = h.edge(e).u, w = h.edge(e).v;
        if (colour[b] != 0) std::swap(b, w);
        rows[index[b]].push_back({index[w], sign[e], original_edge[e]});
    }
    out.row_begin.assign(1, 0);
    for (auto& row : rows) {
        std::sort(row.begin(), row.end());
        for (const Entry& entry : row) {
            out.column.push_back(entry.column);
            out.sign.push_back(entry.sign);
            out.edge.push_back(entry.edge);
        }
        out.row_begin.push_back(static_cast<std::uint32_t>(out.column.size()));
    }
    return std::nullopt;
}

}  // namespace dimerlab
