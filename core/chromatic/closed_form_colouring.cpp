// Closed-form edge colourings for families whose spec fixes the vertex numbering: the grid and
// the even torus (4 classes: axis × parity of the lower coordinate along that axis) and the
// complete graph (round robin). The spec is only a hint: every edge is re-derived from its
// endpoints, and any edge the formula does not explain sends the caller to a general colourer.
#include <exception>

#include "chromatic/edge_colouring.hpp"
#include "graph/graph_spec.hpp"

namespace dimerlab::colouring_detail {
namespace {

// Grid or torus with row-major ids y·W + x. Class = 2·axis + parity of the step's start
// coordinate: two edges of one class along the same line start two apart, so never meet. On
// the torus the wrap edge starts at W-1 (odd when W is even), which keeps the alternation.
std::vector<std::uint32_t> lattice_colours(const Graph& g, std::uint64_t w, std::uint64_t h, bool wraps) {
    if (w * h != g.num_vertices()) return {};
    if (wraps && (w % 2 != 0 || h % 2 != 0)) return {};
    std::vector<std::uint32_t> colour(g.num_edges());
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        const std::uint64_t xa = ed.u % w, ya = ed.u / w, xb = ed.v % w, yb = ed.v / w;
        std::uint64_t start = 0;
        std::uint32_t axis = 0;
        if (ya == yb && (xb == xa + 1 || (wraps && xa == 0 && xb == w - 1))) {
            start = (xb == xa + 1) ? xa : w - 1;
        } else if (xa == xb && (yb == ya + 1 || (wraps && ya == 0 && yb == h - 1))) {
            axis = 1;
            start = (yb == ya + 1) ? ya : h - 1;
        } else {
            return {};
        }
        colour[e] = 2 * axis + static_cast<std::uint32_t>(start % 2);
    }
    return colour;
}

// K_n, n odd: colour(i, j) = (i + j) mod n, n = Δ+1 colours. n even: K_{n-1} on 0..n-2 as
// before, and the edge {i, n-1} takes 2i mod (n-1), the one colour missing at i there.
std::vector<std::uint32_t> complete_colours(const Graph& g, std::uint64_t n) {
    if (n != g.num_vertices() || g.num_edges() != n * (n - 1) / 2) return {};
    const std::uint64_t k = (n % 2 == 1) ? n : n - 1;
    std::vector<std::uint32_t> colour(g.num_edges());
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        const std::uint64_t c =
            (n % 2 == 0 && ed.v == n - 1) ? (2 * std::uint64_t{ed.u}) % k : (ed.u + ed.v) % k;
        colour[e] = static_cast<std::uint32_t>(c);
    }
    return colour;
}

}  // namespace

std::vector<std::uint32_t> closed_form_colours(const Graph& g, ColouringMethod& method) {
    if (g.spec().empty()) return {};
    GraphSpec spec;
    try {
        spec = parse_graph_spec(g.spec());
    } catch (const std::exception&) {
        return {};
    }
    if ((spec.family == "grid" || spec.family == "torus") && spec.dims.size() == 2) {
        method = ColouringMethod::lattice;
        return lattice_colours(g, spec.dims[0], spec.dims[1], spec.family == "torus");
    }
    if (spec.family == "complete" && spec.dims.size() == 1 && spec.dims[0] >= 2) {
        method = ColouringMethod::complete;
        return complete_colours(g, spec.dims[0]);
    }
    return {};
}

}  // namespace dimerlab::colouring_detail
