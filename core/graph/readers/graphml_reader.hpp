#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// GraphML (.graphml), as NetworkX, igraph and Gephi write it, parsed by libxml2's streaming
// reader: the first <graph> of the file, its <node id> in order of appearance as vertices 0, 1, ...
// and its <edge source target> as undirected edges. Elements are matched in the GraphML namespace
// (http://graphml.graphdrawing.org/xmlns) or in none, as older writers leave it out. Data
// (<key>, <data>), ports and descriptions are skipped, except with `weighted`: then the edge key
// whose attr.name is "weight_exact" (dimerlab's exact rationals) or else "weight" (NetworkX's and
// igraph's name) gives each edge's weight, from its
// <data> or the key's <default>, and an edge with neither is an error. Without `weighted`, such a
// key gives a notice. Nested graphs and hyperedges are refused.
// A directed graph is read as undirected, u->v and v->u as one edge, with a notice; a second
// graph in the file gives a notice too. Every error starts with "name:line:" and names the
// element: malformed XML (libxml2's message), an edge to an undeclared node, a node declared
// twice, a self-loop or a repeated edge (naming both lines).
Graph read_graphml(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0,
                   bool weighted = false);

}  // namespace dimerlab
