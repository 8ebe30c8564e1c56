#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "export/measurement_export.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// The graph and one matching of it as GraphML, for Gephi, NetworkX, igraph and yEd: nodes
// n0, n1, ... in vertex order, edges in edge-id order, each edge with a boolean "dimer" (is it in
// the matching), each node with "x" and "y" when the graph has a layout, and the run's spec, seed
// and λ record as graph data. read_graphml gives back the same graph.
std::string state_graphml(const Graph& g, std::span<const std::uint32_t> mate, const ExportMetadata& meta);

}  // namespace dimerlab
