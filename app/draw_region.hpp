#pragma once
// The drawn region as a set of cells and as `.region` text (docs/regions.md). A cell is a (row,
// column) pair; ordered by row, then column, the set lists the cells in reading order, which is
// the order of the region graph's vertex ids.
#include <QString>
#include <compare>
#include <set>
#include <vector>

#include "graph/graph.hpp"
#include "graph/readers/region_reader.hpp"

namespace dimerlab::app {

struct DrawCell {
    int row = 0;
    int column = 0;
    auto operator<=>(const DrawCell&) const = default;
};

struct DrawRegion {
    RegionLattice lattice = RegionLattice::square;
    std::set<DrawCell> cells;
    bool operator==(const DrawRegion&) const = default;
};

// On the triangular lattice: whether the triangle points up (row + column even).
bool points_up(DrawCell cell);

// The region's `.region` text, with its `%lattice` line, shifted so the top row and the leftmost
// column with a cell come first; on triangles by an even total shift, so every triangle keeps its
// orientation. An empty region gives the lattice line alone.
QString region_text(const DrawRegion& region);

// The region a `.region` text describes, its cells at the text's rows and columns. Throws
// InputError (read_region's, naming `name`, line and column) for text it refuses.
DrawRegion region_from_text(const QString& text, const QString& name);

// The region's graph (vertex i is the i-th cell in reading order), read from region_text. Throws
// InputError for an empty region.
Graph region_graph(const DrawRegion& region);

// The cells of vertex ids of region_graph(region).
std::vector<DrawCell> cells_of(const DrawRegion& region, const std::vector<VertexId>& ids);

// The region moved by (rows, columns); on triangles rows + columns must be even.
DrawRegion shifted(const DrawRegion& region, int rows, int columns);

}  // namespace dimerlab::app
