#pragma once
// The volume of the plane partition that a lozenge tiling of hexagon:A,B,C is: the number of unit
// cubes in the A×B×C box, 0 for the empty box and ABC for the full one. It is the exponent that the
// q option weighs (graph/families/families.hpp: a tiling weighs q^(volume + hexagon_q_offset(A, B))),
// read from the tiling's top-face lozenges.
#include <cstdint>
#include <span>

#include "graph/graph.hpp"

namespace dimerlab {

// `graph` must be built from a hexagon:A,B,C spec (any q) and `mate` a perfect matching of it;
// InputError otherwise.
std::uint64_t hexagon_tiling_volume(const Graph& graph, std::span<const std::uint32_t> mate);

}  // namespace dimerlab
