#pragma once
// Why a graph has no perfect matching (a region no tiling), in words a class can check, with the
// vertices (cells) that show it: a colour imbalance, or a Hall violator read off a maximum
// matching (docs/regions.md).
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct TilingObstruction {
    bool tileable = true;  // the graph has a perfect matching
    // "colour imbalance: 7 black and 5 white cells", "Hall violator: these 3 black cells touch
    // only 2 white cells", or for a non-bipartite graph the maximum matching's deficit; empty
    // when tileable.
    std::string reason;
    // The cells that show it, ascending: for an imbalance, those a maximum matching leaves
    // uncovered; for a violator, the set S (its own colour) whose neighbours are too few.
    std::vector<VertexId> cells;
    // For a violator, the neighbours N(S) of those cells (|N(S)| < |S|); otherwise empty.
    std::vector<VertexId> neighbours;
    std::uint32_t maximum_matching = 0;  // dimers in a maximum matching
};

// From a maximum matching (Edmonds, as the "maximum" start state). The violator is the set of
// vertices reached by alternating paths from one uncovered vertex, the smallest witness that
// search gives; it is reported on the colour class that has the uncovered vertex.
TilingObstruction tiling_obstruction(const Graph& graph);

}  // namespace dimerlab
