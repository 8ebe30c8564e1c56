#pragma once
// The height function of a perfect matching as a 2-D array on the lattice where the tiles meet:
// the faces of the graph inside the region and the points just beyond its boundary (and, on the
// square lattice, the region's outer corners, which touch one tile only). This is the array
// notebook users plot, in the layout Dimers.jl gives a domino tiling: rows along the drawing's y,
// columns along x, 0 at the first point of the first row and +1 at the next (Thurston's steps: ±1
// along a tile's side, ∓3 across a dimer on squares; +1 / −2 on the honeycomb).
#include <cstdint>
#include <span>
#include <vector>

#include "faces/height_function.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct HeightGrid {
    std::uint32_t rows = 0, cols = 0;
    std::vector<std::int32_t> height;  // rows × cols, row-major; 0 outside the region
    std::vector<std::uint8_t> inside;  // 1 where the point belongs to the region or its boundary
    std::int32_t at(std::uint32_t r, std::uint32_t c) const { return height[std::size_t(r) * cols + c]; }
};

// Rows follow the lattice direction with the larger y in the drawing, columns the one with the
// larger x (on the honeycomb, a sheared pair of the triangular lattice's directions). InputError
// when the graph has no layout or `mate` has a monomer: there the height depends on a seam, not on
// the matching alone.
HeightGrid height_grid(const Graph& graph, const HeightFunction& heights, std::span<const VertexId> mate);

}  // namespace dimerlab
