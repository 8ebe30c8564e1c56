// Tilings: exact samples of Aztec diamonds (domino shuffling) and of simply connected square and
// hexagonal regions (coupling from the past), as `dimerlab-cli sample --dynamics shuffle|cftp`, and
// the height function of a perfect matching as a 2-D array (faces/height_grid.hpp).
#include <algorithm>
#include <memory>
#include <string>

#include "bindings.hpp"
#include "faces/height_cftp.hpp"
#include "faces/height_grid.hpp"
#include "graph/graph_spec.hpp"
#include "tilings/placement_probabilities.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab::python {
namespace {

// A Chain (dimerlab.Chain, so the result has its mate, matching and state_hash) after its first
// exact sample: the CLI's `sample --lambda inf --dynamics shuffle|cftp --seed seed`.
py::object sample_tiling(const py::object& spec_or_graph, std::uint64_t seed) {
    const py::module_ dimerlab = py::module_::import("dimerlab");
    const py::object graph =
        py::isinstance<py::str>(spec_or_graph) ? dimerlab.attr("Graph")(spec_or_graph) : spec_or_graph;
    const Graph& g = graph.cast<const Graph&>();
    std::string dynamics;
    if (aztec_order(g) > 0)
        dynamics = "shuffle";
    else if (cftp_supports(g))
        dynamics = "cftp";
    else
        throw InputError(
            "sample_tiling draws exact tilings of aztec:N (domino shuffling) and of grid, hex and "
            "hexagon regions (coupling from the past); '" +
            g.spec() + "' is none of them");
    py::object chain =
        dimerlab.attr("Chain")(graph, "inf", py::arg("seed") = seed, py::arg("dynamics") = dynamics);
    chain.attr("run")(1);
    return chain;
}

// Rows × columns, masked outside the region (numpy.ma), int64.
py::object height_function(const Graph& g, const py::array& matching) {
    const MateArray mate = mate_from_python(g, matching);
    const HeightFunction hf(g);
    const HeightGrid grid = height_grid(g, hf, mate);
    py::array_t<std::int64_t> values({py::ssize_t(grid.rows), py::ssize_t(grid.cols)});
    py::array_t<bool> outside({py::ssize_t(grid.rows), py::ssize_t(grid.cols)});
    auto v = values.mutable_unchecked<2>();
    auto o = outside.mutable_unchecked<2>();
    for (std::uint32_t r = 0; r < grid.rows; ++r)
        for (std::uint32_t c = 0; c < grid.cols; ++c) {
            v(r, c) = grid.at(r, c);
            o(r, c) = grid.inside[std::size_t(r) * grid.cols + c] == 0;
        }
    return py::module_::import("numpy.ma").attr("masked_array")(values, py::arg("mask") = outside);
}

// P(e in M) by edge id, as `count --lambda inf --marginals-out`.
py::array_t<double> placement(const py::object& spec_or_graph) {
    const py::object graph = py::isinstance<py::str>(spec_or_graph)
                                 ? py::module_::import("dimerlab").attr("Graph")(spec_or_graph)
                                 : spec_or_graph;
    const PlacementProbabilities p = placement_probabilities(graph.cast<const Graph&>());
    py::array_t<double> out(py::ssize_t(p.edge.size()));
    std::copy(p.edge.begin(), p.edge.end(), out.mutable_data());
    return out;
}

}  // namespace

void bind_tilings(py::module_& m) {
    m.def(
        "placement_probabilities", &placement, py::arg("graph"),
        "placement_probabilities(graph): the exact probability that each edge holds a dimer of a\n"
        "uniformly random perfect matching, as a float64 array aligned with graph.edges; aztec:N (N <= 400)\n"
        "by urban renewal, small drawn planar bipartite regions by exact Kasteleyn ratios (as\n"
        "dimerlab-cli count --lambda inf --marginals-out).");
    m.def("sample_tiling", &sample_tiling, py::arg("spec"), py::arg("seed") = 1,
          "sample_tiling(spec, seed=1): one exact uniform tiling (perfect matching) of aztec:N by domino\n"
          "shuffling, or of a grid, hex or hexagon region by coupling from the past; a Chain holding it\n"
          "(its state_hash is dimerlab-cli sample --lambda inf --dynamics shuffle|cftp --seed seed's).");
    m.def("height_function", &height_function, py::arg("graph"), py::arg("matching"),
          "height_function(graph, matching): Thurston's height of a perfect matching on the points where\n"
          "tiles meet, as a 2-D int64 masked array (rows along y, columns along x; 0 at the first point of\n"
          "the first row and +1 at the next, as Dimers.jl; steps of 1 along tile sides and 3 across a\n"
          "domino). matching: a mate array (n,) or dimers (k, 2).");
}

}  // namespace dimerlab::python
