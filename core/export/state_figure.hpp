#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

// TikZ pictures beyond this many edges take LaTeX minutes and overflow its main memory.
inline constexpr std::uint32_t kMaxTikzEdges = 5000;

// The state as SVG: edges grey (<g id="edges">), one <line class="dimer"> per dimer, one
// <circle class="monomer"> per monomer, positions from the graph layout (y up, as in TikZ).
// Throws InputError when the graph has no layout.
std::string state_svg(const Graph& g, std::span<const std::uint32_t> mate);
// The state as a standalone tikzpicture; InputError above kMaxTikzEdges edges, saying why.
std::string state_tikz(const Graph& g, std::span<const std::uint32_t> mate);

// Atomic writes; InputError naming the path for a wrong extension (.svg; .tex or .tikz) or an
// unwritable folder, leaving nothing behind.
void write_state_svg(const std::string& path, const Graph& g, std::span<const std::uint32_t> mate);
void write_state_tikz(const std::string& path, const Graph& g, std::span<const std::uint32_t> mate);

}  // namespace dimerlab
