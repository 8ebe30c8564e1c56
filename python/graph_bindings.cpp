// dimerlab.Graph: graphs from specs (make_graph, as the CLI), from edge arrays and from NetworkX,
// with NumPy views of the edges and the drawing.
#include <pybind11/stl.h>

#include <sstream>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab::python {
namespace {

std::shared_ptr<Graph> graph_from_spec(const std::string& spec) {
    return std::make_shared<Graph>(make_graph(spec));
}

// (m, 2) integer array → edges; every check before the core's own (ids, self-loops, repeats).
std::shared_ptr<Graph> graph_from_edges(std::int64_t n, const py::array& edges_in) {
    if (n < 0 || n > std::int64_t(UINT32_MAX))
        throw InputError("n must be in 0..2^32-1, got " + std::to_string(n));
    if (!py::isinstance<py::array_t<std::int64_t>>(edges_in) && edges_in.size() > 0 &&
        !(edges_in.dtype().kind() == 'i' || edges_in.dtype().kind() == 'u'))
        throw InputError("edges must be an integer array, got dtype " +
                         std::string(py::str(edges_in.dtype())));
    const auto edges = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(edges_in);
    if (!edges) throw InputError("edges must be an integer array of shape (m, 2)");
    if (!(edges.ndim() == 2 && edges.shape(1) == 2) && !(edges.ndim() == 1 && edges.shape(0) == 0)) {
        std::ostringstream shape;
        for (py::ssize_t d = 0; d < edges.ndim(); ++d) shape << (d ? ", " : "") << edges.shape(d);
        throw InputError("edges must have shape (m, 2), got (" + shape.str() + ")");
    }
    const py::ssize_t m = edges.ndim() == 2 ? edges.shape(0) : 0;
    std::vector<Edge> list;
    list.reserve(std::size_t(m));
    const std::int64_t* e = edges.data();
    for (py::ssize_t i = 0; i < m; ++i) {
        const std::int64_t u = e[2 * i], v = e[2 * i + 1];
        if (u < 0 || v < 0)
            throw InputError("edge " + std::to_string(i) + " (" + std::to_string(u) + "," +
                             std::to_string(v) + ") has a negative vertex id");
        if (u >= n || v >= n)
            throw InputError("edge " + std::to_string(i) + " (" + std::to_string(u) + "," +
                             std::to_string(v) + ") has an endpoint outside 0.." +
                             std::to_string(n == 0 ? 0 : n - 1));
        list.push_back({VertexId(u), VertexId(v)});
    }
    auto g = std::make_shared<Graph>(std::uint32_t(n), std::move(list));
    g->set_spec("edges:n=" + std::to_string(n) + ",m=" + std::to_string(m));
    return g;
}

py::array_t<std::int64_t> edge_array(const Graph& g) {
    py::array_t<std::int64_t> out({py::ssize_t(g.num_edges()), py::ssize_t(2)});
    auto a = out.mutable_unchecked<2>();
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        a(e, 0) = g.edge(e).u;
        a(e, 1) = g.edge(e).v;
    }
    return out;
}

py::object layout_array(const Graph& g) {
    if (g.layout().empty()) return py::none();
    py::array_t<double> out({py::ssize_t(g.num_vertices()), py::ssize_t(2)});
    auto a = out.mutable_unchecked<2>();
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        a(v, 0) = g.layout()[v].x;
        a(v, 1) = g.layout()[v].y;
    }
    return out;
}

py::object to_networkx(const Graph& g) {
    const py::module_ nx = py::module_::import("networkx");
    py::object G = nx.attr("Graph")();
    G.attr("add_nodes_from")(py::module_::import("builtins").attr("range")(g.num_vertices()));
    py::list edges;
    for (const Edge& e : g.edges()) edges.append(py::make_tuple(e.u, e.v));
    G.attr("add_edges_from")(edges);
    if (!g.layout().empty()) {
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            G.attr("nodes")[py::int_(v)]["pos"] = py::make_tuple(g.layout()[v].x, g.layout()[v].y);
    }
    G.attr("graph")["spec"] = g.spec();
    return G;
}

// A NetworkX graph's nodes in their iteration order become ids 0..n-1; edges keep NetworkX's order.
std::shared_ptr<Graph> graph_from_networkx(const py::object& G, const py::object& weight) {
    if (!weight.is_none())
        throw InputError("edge weights are not supported yet: call from_networkx(G) without weight");
    if (py::bool_(G.attr("is_directed")()) || py::bool_(G.attr("is_multigraph")()))
        throw InputError("from_networkx needs a simple undirected graph (networkx.Graph)");
    py::dict ids;
    std::int64_t n = 0;
    for (const py::handle node : G.attr("nodes")) ids[node] = n++;
    py::list rows;
    for (const py::handle e : G.attr("edges")) {
        const py::tuple t = e.cast<py::tuple>();
        rows.append(py::make_tuple(ids[t[0]], ids[t[1]]));
    }
    py::array_t<std::int64_t> edges({py::ssize_t(rows.size()), py::ssize_t(2)});
    auto a = edges.mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < py::ssize_t(rows.size()); ++i) {
        const py::tuple t = rows[std::size_t(i)].cast<py::tuple>();
        a(i, 0) = t[0].cast<std::int64_t>();
        a(i, 1) = t[1].cast<std::int64_t>();
    }
    auto g = graph_from_edges(n, edges);
    g->set_spec("networkx:n=" + std::to_string(n) + ",m=" + std::to_string(g->num_edges()));
    // Positions as to_networkx writes them ('pos' on every node) become the drawing.
    std::vector<Point2> layout;
    for (const py::handle node : G.attr("nodes")) {
        const py::dict data = G.attr("nodes")[node];
        if (!data.contains("pos")) break;
        const py::sequence pos = data["pos"];
        if (py::len(pos) != 2) throw InputError("node 'pos' must be a pair (x, y)");
        layout.push_back({pos[0].cast<double>(), pos[1].cast<double>()});
    }
    if (n > 0 && layout.size() == std::size_t(n)) g->set_layout(std::move(layout));
    return g;
}

}  // namespace

void bind_graph(py::module_& m) {
    py::class_<Graph, std::shared_ptr<Graph>>(
        m, "Graph", "A simple undirected graph, built from a spec as in dimerlab-cli.")
        .def(
            py::init(&graph_from_spec), py::arg("spec"),
            "Graph(spec): a graph from a spec such as 'grid:8x8', 'torus:32x32', 'aztec:20' or 'file:g.mtx'.")
        .def_static("from_edges", &graph_from_edges, py::arg("n"), py::arg("edges"),
                    "A graph on vertices 0..n-1 from an (m, 2) integer array of edges.")
        .def_static("from_networkx", &graph_from_networkx, py::arg("G"), py::arg("weight") = py::none(),
                    "A graph from a networkx.Graph; its nodes become 0..n-1 in iteration order.")
        .def("to_networkx", &to_networkx, "A networkx.Graph with the same edges (and 'pos' when laid out).")
        .def_property_readonly("n", &Graph::num_vertices, "Number of vertices.")
        .def_property_readonly("m", &Graph::num_edges, "Number of edges.")
        .def_property_readonly("spec", &Graph::spec, "The spec it was built from.")
        .def_property_readonly("edges", &edge_array, "Edges as an (m, 2) int64 array, u < v.")
        .def_property_readonly("layout", &layout_array,
                               "Vertex positions as an (n, 2) float64 array, or None.")
        .def_property_readonly(
            "hash", [](const Graph& g) { return hex16(g.content_hash()); },
            "The CLI's graph hash (16 hex digits).")
        .def_property_readonly("notices", &Graph::notices, "Notices from building it (as the CLI prints).")
        .def_property_readonly("bipartite", &Graph::is_bipartite)
        .def("__repr__", [](const Graph& g) {
            return "Graph('" + g.spec() + "', n=" + std::to_string(g.num_vertices()) +
                   ", m=" + std::to_string(g.num_edges()) + ")";
        });
}

}  // namespace dimerlab::python
