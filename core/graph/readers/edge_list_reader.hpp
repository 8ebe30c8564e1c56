#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// Edge list: one edge per line as two 0-based vertex ids, optionally followed by numeric columns
// (weights) that are ignored; blank lines and lines starting with '#' or '%' are skipped; the
// vertex count is the largest id plus one. `name` prefixes every error ("g.txt:7: ..."), and a
// graph that would need more than max_bytes (0: physical memory) is refused.
Graph read_edge_list(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0);

}  // namespace dimerlab
