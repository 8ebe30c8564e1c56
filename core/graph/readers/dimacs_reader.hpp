#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// DIMACS graph ("c" comment lines, one "p edge N M" or "p col N M" line before the edges, then
// "e u v" with 1-based ids). "e u v" and "e v u" are one undirected edge; an "e u v" given again
// in the same direction is dropped, and the graph's notices() say how many were. M must equal
// either the number of "e" lines or the number of distinct undirected edges.
Graph read_dimacs(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0);

}  // namespace dimerlab
