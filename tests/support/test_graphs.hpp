#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::testing {

// Small graphs built by hand, independent of the graph-spec parser. Vertex (x, y) of grids and
// tori is y W + x; grids and tori carry a layout and edge axes like the lattice families.
Graph grid_graph(std::uint32_t width, std::uint32_t height);
Graph torus_graph(std::uint32_t width, std::uint32_t height);  // width, height >= 3 (simple graph)
Graph path_graph(std::uint32_t n);
Graph cycle_graph(std::uint32_t n);  // n >= 3
Graph complete_graph(std::uint32_t n);
Graph complete_bipartite_graph(std::uint32_t a, std::uint32_t b);
Graph star_graph(std::uint32_t leaves);  // centre 0
// n vertices, m distinct random edges (no loops) from a fixed-seed splitmix64 stream.
Graph random_graph(std::uint32_t n, std::uint32_t m, std::uint64_t seed);

// A named graph for data-driven tests.
struct NamedGraph {
    std::string name;
    Graph graph;
};

}  // namespace dimerlab::testing
