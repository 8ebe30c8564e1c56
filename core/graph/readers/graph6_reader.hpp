#pragma once
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// graph6 (.g6) and sparse6 (.s6), the compact formats of nauty and NetworkX: one graph per line,
// printable bytes 63..126 holding six bits each. A graph6 line is N(n) then the upper triangle of
// the adjacency matrix, column by column; a sparse6 line starts with ':' and lists the edges as
// (b, x) pairs of 1 + k bits. An optional ">>graph6<<" or ">>sparse6<<" header is accepted. Which
// format a line is in is read from the line, not from the file name. A file holding several
// graphs gives the first, and the graph's notices() say how many were skipped. sparse6's loops and
// repeated edges are refused (graphs are simple), as are incremental sparse6 (';') and digraph6
// ('&'). Every error starts with "name:line:" and, inside a line, names the byte's column.
Graph read_graph6(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0);

// One graph6 line for g (no header, no newline): the inverse of read_graph6 on that line.
std::string write_graph6(const Graph& g);

}  // namespace dimerlab
