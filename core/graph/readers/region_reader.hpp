#pragma once
// Regions of the square lattice (domino tilings) and of the triangular lattice (lozenge tilings)
// typed as text, one row of cells per line (docs/regions.md). The graph has a vertex per cell and
// an edge per pair of cells sharing a side, so its perfect matchings are the region's tilings.
#include <cstdint>
#include <istream>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

enum class RegionLattice { square, triangular };

// `.region` text: '#' a cell in the region, '.' or a space one outside; a line starting with '%'
// is a comment, except "%lattice square" and "%lattice triangular" (before the first row; square
// when absent). On the triangular lattice the character in row r, column c (from 0) is a
// triangle pointing up when r + c is even and down otherwise, so each row alternates ▲▼ and
// starts with the other orientation than the row above. Cells are numbered in reading order; the
// drawing puts square cells at unit spacing and triangles at their centroids (the honeycomb).
// Errors are InputError "name:line:column: ...". An empty region is an error; one with no tiling
// is not (the monomer–dimer model still lives on it).
Graph read_region(std::istream& in, const std::string& name, std::uint64_t max_bytes = 0);

// The same from a file, with the errors of read_graph_file for a missing or unreadable one.
Graph read_region_file(const std::string& path, std::uint64_t max_bytes = 0);

// Which lattice a region graph was read on, from its drawing (the honeycomb's neighbours are
// 1/√3 apart, the square lattice's 1).
RegionLattice region_lattice(const Graph& region);

// Where a cell of a region graph sits: its row among the rows of cells and its column (the
// character's position in the line), both from 0, recovered from the drawing.
struct RegionCell {
    std::uint32_t row = 0;
    std::uint32_t column = 0;
};
RegionCell region_cell(const Graph& region, VertexId cell);

}  // namespace dimerlab
