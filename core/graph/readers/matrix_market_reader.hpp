#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// Matrix Market coordinate file (pattern, real or integer; general or symmetric) read as the
// adjacency matrix of an undirected graph: 1-based indices, rows must equal columns. In a general
// matrix the mirrored entries (i,j) and (j,i) are one edge; an exact repeat is an error.
Graph read_matrix_market(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0);

}  // namespace dimerlab
