#pragma once
// The typical distance between neighbouring points of a drawing: the unit for dimer widths,
// monomer discs and picking. On lattices it is the edge length; on drawings with long chords
// (complete graphs on a circle, random regular graphs) it is the gap between nearby vertices, so
// a dimer on a long edge stays a thin line instead of a slab wider than the gaps it crosses.
#include <span>

#include "graph/graph.hpp"

namespace dimerlab::render {

// Median, over up to `max_probes` evenly spread points, of each probe's distance to its nearest
// other point; 0 when fewer than two distinct positions exist. Coincident points are skipped as
// neighbours (distance 0 says nothing about the drawing's scale).
double median_nearest_neighbour_distance(std::span<const Point2> points, std::size_t max_probes = 4096);

}  // namespace dimerlab::render
