#pragma once
// Internal to core/graph: the only place that talks to igraph.
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::families {

// Random graph generators. Each seeds igraph's global RNG with `seed` under a process-wide lock,
// so equal seeds give equal graphs whatever other threads do.
std::vector<Edge> igraph_k_regular(std::uint32_t n, std::uint32_t d, std::uint64_t seed);
std::vector<Edge> igraph_gnp(std::uint32_t n, double p, std::uint64_t seed);
std::vector<Edge> igraph_gnm(std::uint32_t n, std::uint32_t m, std::uint64_t seed);

// Force-directed drawing (Fruchterman-Reingold with a grid, DrL for large graphs), seeded so
// that the same graph always gets the same picture.
std::vector<Point2> igraph_force_layout(const Graph& g, std::uint64_t seed);

}  // namespace dimerlab::families
