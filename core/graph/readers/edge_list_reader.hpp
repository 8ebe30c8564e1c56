#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// How an edge list's ids become vertices. By default ids are 0-based and n is the largest id
// plus one, so that vertex i of the file is vertex i of the graph.
struct EdgeListIds {
    bool one_based = false;  // ids start at 1: id i is vertex i-1, n is the largest id
    bool relabel = false;    // ids (any 64-bit values) numbered 0,1,... in order of first appearance
};

// Edge list: one edge per line as two vertex ids, optionally followed by numeric columns; blank
// lines and lines starting with '#' or '%' are skipped. With `weighted`, the third column is the
// edge's weight (an exact positive rational, graph/exact_weight.hpp) and must be on every line;
// without it the columns are ignored, with a notice when they look like weights. `name`
// prefixes every error ("g.txt:7: ..."), and a graph that would need more than max_bytes (0:
// physical memory) is refused. Ids that leave most vertices isolated (a 1-based file read as
// 0-based, sparse ids) give a notice on the graph, and are refused when the isolated vertices
// number in the millions.
Graph read_edge_list(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0,
                     EdgeListIds ids = {}, bool weighted = false);

}  // namespace dimerlab
