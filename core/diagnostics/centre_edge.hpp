#pragma once
#include "graph/graph.hpp"

namespace dimerlab {

// The default edge for the edge-indicator observable: an edge at the graph-distance centre, where
// boundary effects are weakest. Eccentricity is estimated from four farthest-point BFS sources
// (on a grid: the four corners), so it costs O(n + m) however large the graph; the edge is the
// one from the most central vertex to its most central neighbour (ties: smaller total distance
// to the sources, then lowest id). Works without a layout. Requires at least one edge.
EdgeId centre_edge(const Graph& graph);

}  // namespace dimerlab
