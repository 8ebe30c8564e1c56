#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// DIMACS graph ("c" comment lines, one "p edge N M" or "p col N M" line before the edges, then
// "e u v" with 1-based ids). The number of edge lines must equal M.
Graph read_dimacs(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0);

}  // namespace dimerlab
