#pragma once
// Kasteleyn's signed bipartite adjacency matrix of a drawn planar bipartite graph
// (docs/algorithms.md §4.8): |det K| is the number of perfect matchings.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

// K restricted to what is left after the forced choices: rows are black vertices, columns white
// ones, each in an order that keeps the matrix banded (breadth-first levels), entries ±1.
struct KasteleynMatrix {
    std::uint32_t size = 0;                // rows = columns
    std::vector<std::uint32_t> row_begin;  // CSR over rows
    std::vector<std::uint32_t> column;     // ascending within a row
    std::vector<std::int8_t> sign;         // +1 or -1
    std::vector<EdgeId> edge;              // per entry, the graph's edge (its weight, when weighted)
    std::uint32_t forced_dimers = 0;       // edges every perfect matching uses, removed first
    std::vector<EdgeId> forced_edges;      // which they are
    bool no_perfect_matching = false;      // decided while reducing (odd part, isolated vertex)
    std::string reason_none;               // why, when no_perfect_matching
    std::uint32_t faces = 0;               // bounded faces whose signs were set
};

// Why Kasteleyn's method does not apply to `graph` (no layout, not bipartite, edges crossing in
// the drawing, a bounded face whose boundary is not a simple cycle), or nothing when it does.
// Builds the matrix into `out` when it applies.
std::optional<std::string> build_kasteleyn_matrix(const Graph& graph, KasteleynMatrix& out);

}  // namespace dimerlab
