#pragma once
// Internal to core/graph: one builder per family, called by build_graph after the size check.
#include "graph/exact_weight.hpp"
#include "graph/graph.hpp"
#include "graph/graph_spec.hpp"

namespace dimerlab::families {

// Vertex and edge counts a spec will produce (expected edges for gnp), in long double so that
// absurd sizes are compared rather than wrapped (graph_limits.hpp).
struct FamilySize {
    long double n = 0;
    long double m = 0;
    long double extra_bytes = 0;  // scratch beyond the Graph itself (igraph's copy)
};
FamilySize family_size(const GraphSpec& spec);

// Square, triangular and honeycomb lattices (lattices.cpp).
Graph build_grid(std::uint32_t w, std::uint32_t h);
Graph build_torus(std::uint32_t w, std::uint32_t h);
Graph build_hex(std::uint32_t w, std::uint32_t h);
Graph build_tri(std::uint32_t w, std::uint32_t h);
// aztec.cpp
Graph build_aztec(std::uint32_t order);
// hexagon.cpp: the honeycomb whose perfect matchings are the lozenge tilings of the A,B,C hexagon.
// With q, the weights of q^volume (docs/algorithms.md §1.4): the lozenge of up and down triangle
// (x, y), a top face of the plane partition in the A x B x C box, weighs q^y, every other edge 1,
// so that a tiling weighs q^(volume + hexagon_q_offset(A, B)).
Graph build_hexagon(std::uint32_t a, std::uint32_t b, std::uint32_t c, const ExactWeight* q = nullptr);
// The exponent of q in the empty box's weight under those weights: A B (B - 1) / 2, the sum of the
// rows y of its A B top faces (x, y), 0 <= x < A, 0 <= y < B.
std::uint64_t hexagon_q_offset(std::uint64_t a, std::uint64_t b);
// Small named and complete families (classic.cpp).
Graph build_complete(std::uint32_t n);
Graph build_bipartite(std::uint32_t a, std::uint32_t b);
Graph build_path(std::uint32_t n);
Graph build_cycle(std::uint32_t n);
Graph build_hypercube(std::uint32_t dim);
Graph build_petersen();
// igraph generators (random.cpp).
Graph build_regular(std::uint32_t n, std::uint32_t d, std::uint64_t seed, bool with_layout);
Graph build_gnp(std::uint32_t n, double p, std::uint64_t seed, bool with_layout, std::uint64_t max_bytes);
Graph build_gnm(std::uint32_t n, std::uint32_t m, std::uint64_t seed, bool with_layout);

}  // namespace dimerlab::families
