// The Python module `dimerlab`: graphs, chains and exact counts for notebooks, through the same
// C++ functions the CLI calls (make_graph, make_sampler, exact_matching_polynomial), so one seed
// gives the CLI's state hash bit for bit. Nothing is reimplemented here: this file converts
// arguments and results (NumPy arrays, NetworkX graphs, Python ints) and maps the core's errors
// to ValueError. Long calls release the GIL and stop on Ctrl-C (KeyboardInterrupt).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "counting/exact/matching_polynomial.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_lab/sampler_spec.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "sampling/start_kind.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace py = pybind11;
using namespace dimerlab;

namespace {

using GraphPtr = std::shared_ptr<const Graph>;

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
    if (!!g.layout().empty()) return py::none();
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
    return g;
}

double lambda_from(const py::object& lam) {
    if (py::isinstance<py::str>(lam)) return parse_lambda(lam.cast<std::string>(), "lam");
    if (!py::isinstance<py::float_>(lam) && !py::isinstance<py::int_>(lam) && !py::hasattr(lam, "__float__"))
        throw InputError("lam must be a positive number or \"inf\"");
    const double l = lam.cast<double>();
    if (std::isinf(l) && l > 0) return parse_lambda("inf", "lam");
    if (!(l > 0) || !std::isfinite(l))
        throw InputError("lam must be a positive number or \"inf\", got " + std::to_string(l));
    return l;
}

// A chain on a graph, as `dimerlab-cli sample` runs it: the same spec, the same sampler factory.
class Chain {
  public:
    Chain(GraphPtr graph, const py::object& lam, std::uint64_t seed, const std::string& dynamics,
          const std::string& backend, const std::string& start)
        : graph_(std::move(graph)) {
        if (graph_->num_edges() == 0)
            throw InputError("graph '" + graph_->spec() + "' has no edges: nothing to sample");
        SamplerSpec spec;
        spec.graph = graph_->spec();
        spec.seed = seed;
        spec.dynamics = parse_dynamics(dynamics);
        spec.backend = parse_backend(backend);
        spec.start = parse_start_kind(start);
        spec.record = LambdaRecord(lambda_from(lam));
        BuiltSampler built = make_sampler(*graph_, spec, WhenUnavailable::refuse);
        sampler_ = std::move(built.sampler);
        notice_ = built.notice;
        exact_samples_ = spec.dynamics == Dynamics::shuffle || spec.dynamics == Dynamics::shuffle_steps;
    }

    // sweeps × m updates (shuffle: sweeps exact samples), the GIL released; Ctrl-C between sweeps.
    void run(double sweeps) {
        if (!(sweeps >= 0) || !std::isfinite(sweeps))
            throw InputError("sweeps must be a non-negative number");
        const std::uint64_t per_sweep = exact_samples_ ? 1 : graph_->num_edges();
        std::uint64_t left = std::uint64_t(std::llround(sweeps * double(per_sweep)));
        py::gil_scoped_release released;
        while (left > 0) {
            const std::uint64_t step = std::min(left, per_sweep);
            sampler_->advance(step);
            left -= step;
            py::gil_scoped_acquire held;
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        }
    }

    // Per-sweep observables over `sweeps` sweeps: NumPy arrays of the dimer count and the update index.
    py::dict series(std::uint64_t sweeps) {
        const std::uint64_t per_sweep = exact_samples_ ? 1 : graph_->num_edges();
        const auto length = static_cast<py::ssize_t>(sweeps);
        py::array_t<std::int64_t> dimers{length}, updates{length};
        py::array_t<double> lambdas{length};
        auto d = dimers.mutable_unchecked<1>();
        auto u = updates.mutable_unchecked<1>();
        auto l = lambdas.mutable_unchecked<1>();
        {
            py::gil_scoped_release released;
            for (std::uint64_t s = 0; s < sweeps; ++s) {
                sampler_->advance(per_sweep);
                d(py::ssize_t(s)) = sampler_->dimers();
                u(py::ssize_t(s)) = std::int64_t(sampler_->time());
                l(py::ssize_t(s)) = sampler_->lambda();
                py::gil_scoped_acquire held;
                if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            }
        }
        py::dict out;
        out["updates"] = updates;
        out["dimers"] = dimers;
        out["lambda"] = lambdas;
        return out;
    }

    py::array_t<std::int64_t> mate() const {
        const auto m = sampler_->mate();
        py::array_t<std::int64_t> out(py::ssize_t(m.size()));
        auto a = out.mutable_unchecked<1>();
        for (std::size_t v = 0; v < m.size(); ++v)
            a(py::ssize_t(v)) = m[v] == kNoMate ? -1 : std::int64_t(m[v]);
        return out;
    }

    py::array_t<std::int64_t> matching() const {
        const auto m = sampler_->mate();
        std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
        for (std::size_t v = 0; v < m.size(); ++v)
            if (m[v] != kNoMate && v < m[v]) pairs.emplace_back(std::int64_t(v), std::int64_t(m[v]));
        py::array_t<std::int64_t> out({py::ssize_t(pairs.size()), py::ssize_t(2)});
        auto a = out.mutable_unchecked<2>();
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            a(py::ssize_t(i), 0) = pairs[i].first;
            a(py::ssize_t(i), 1) = pairs[i].second;
        }
        return out;
    }

    std::string state_hash_hex() const { return hex16(state_hash(sampler_->mate())); }
    double lam() const { return sampler_->lambda(); }
    void set_lam(const py::object& lam) { sampler_->set_lambda(lambda_from(lam)); }
    const Sampler& sampler() const { return *sampler_; }
    const GraphPtr& graph() const { return graph_; }
    const std::string& notice() const { return notice_; }

  private:
    GraphPtr graph_;
    std::unique_ptr<Sampler> sampler_;
    std::string notice_;
    bool exact_samples_ = false;
};

py::list count_exact(const Graph& g) {
    const MatchingPolynomial p = [&] {
        py::gil_scoped_release released;
        return exact_matching_polynomial(g);
    }();
    py::list out;
    const py::object to_int = py::module_::import("builtins").attr("int");
    for (const mpz_class& c : p.coefficients) out.append(to_int(py::str(c.get_str())));
    return out;
}

}  // namespace

PYBIND11_MODULE(dimerlab, m) {
    m.doc() = "dimerlab: random matchings of graphs (the monomer-dimer model) for notebooks.";
    // The core's refusals are the CLI's `error:` messages; here they are ValueError with the same text.
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const InputError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const InfeasibleError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });

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

    py::class_<Chain>(m, "Chain",
                      "A Markov chain (or exact sampler) on a graph, as dimerlab-cli sample runs it.")
        .def(py::init<GraphPtr, py::object, std::uint64_t, std::string, std::string, std::string>(),
             py::arg("graph"), py::arg("lam") = 1.0, py::kw_only(), py::arg("seed") = 1,
             py::arg("dynamics") = "glauber", py::arg("backend") = "cpu", py::arg("start") = "empty",
             py::keep_alive<1, 2>(),
             "Chain(graph, lam=1.0, *, seed=1, dynamics='glauber', backend='cpu', start='empty').")
        .def("run", &Chain::run, py::arg("sweeps"), "Advance by sweeps × m updates (a sweep is m updates).")
        .def("series", &Chain::series, py::arg("sweeps"),
             "Advance sweep by sweep; a dict of NumPy arrays: updates, dimers and lambda after each sweep.")
        .def_property_readonly("mate", &Chain::mate, "Each vertex's partner, -1 for a monomer (int64 array).")
        .def_property_readonly("matching", &Chain::matching, "The dimers as a (k, 2) int64 array, u < v.")
        .def_property_readonly("state_hash", &Chain::state_hash_hex,
                               "The CLI's final.state_hash (16 hex digits).")
        .def_property_readonly(
            "time", [](const Chain& c) { return c.sampler().time(); }, "Updates done so far.")
        .def_property_readonly("dimers", [](const Chain& c) { return c.sampler().dimers(); })
        .def_property_readonly("backend",
                               [](const Chain& c) { return std::string(c.sampler().backend_name()); })
        .def_property_readonly(
            "dynamics", [](const Chain& c) { return std::string(dynamics_name(c.sampler().dynamics())); })
        .def_property_readonly("graph", &Chain::graph)
        .def_property_readonly("notice", &Chain::notice,
                               "Why the backend asked for is not the one running, or ''.")
        .def_property("lam", &Chain::lam, &Chain::set_lam,
                      "The activity; setting it records a change at the current update, as the app does.")
        .def("__repr__", [](const Chain& c) {
            std::ostringstream s;
            s << "Chain(" << c.graph()->spec() << ", lam=" << c.lam()
              << ", dynamics=" << dynamics_name(c.sampler().dynamics())
              << ", backend=" << c.sampler().backend_name() << ", time=" << c.sampler().time() << ")";
            return s.str();
        });

    m.def("count_exact", &count_exact, py::arg("graph"),
          "The matching polynomial's coefficients m_0, m_1, ... as Python ints (constant term first), "
          "by the CLI's exact method.");
}
