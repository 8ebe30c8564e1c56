#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// Matrix Market coordinate file (pattern, real or integer; general or symmetric) read as the
// pattern of the adjacency matrix of an undirected graph: 1-based indices, rows must equal
// columns, and every entry is an edge. Stored values are ignored (with a notice), unless
// `weighted` asks for them as edge weights: then the field must be real or integer, every value an
// exact positive rational, and (i,j) and (j,i) of a general matrix must agree. A general
// matrix is symmetrised: (i,j) and (j,i) are one edge, and an (i,j) without (j,i) is an edge too,
// counted in a notice. Diagonal entries are dropped, also with a notice. An exact repeat is an
// error.
Graph read_matrix_market(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0,
                         bool weighted = false);

}  // namespace dimerlab
