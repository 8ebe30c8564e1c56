#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab {

using MateArray = std::vector<std::uint32_t>;

// Empty string when `mate` is a matching of g (symmetric, every pair an edge of g); otherwise a
// message naming the first offending vertex.
std::string matching_error(const Graph& g, std::span<const std::uint32_t> mate);

std::uint32_t count_dimers(std::span<const std::uint32_t> mate);

// FNV-1a of the mate array as little-endian 32-bit words; printed as 16 hex digits. The one
// number every exact backend must reproduce after every block (docs/architecture.md §3.4).
std::uint64_t state_hash(std::span<const std::uint32_t> mate);

}  // namespace dimerlab
