#pragma once
// Periodic edge weights on the lattices whose vertices sit at (x, y), id y·W + x: grid, torus and
// hex (the brick wall). Every edge leaves its anchor (x, y) to the right (a horizontal edge, to
// (x+1, y), on the torus also from (W−1, y) round to (0, y)) or upwards (a vertical edge or rung,
// to (x, y+1), on the torus also from (x, H−1) round to (x, 0)). A table of R rows and C columns
// gives the edge anchored at (x, y) the weight in row y mod R, column x mod C, one table for each
// direction: k×ℓ periodic weights typed as `h=1:2;3:1,v=1/2`.
#include <cstdint>
#include <string>
#include <vector>

#include "graph/exact_weight.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// A periodic table: rows[r][c]; empty means weight 1 everywhere. Every row has the same length.
struct PeriodicTable {
    std::vector<std::vector<ExactWeight>> rows;
    bool empty() const { return rows.empty(); }
    const ExactWeight& at(std::uint32_t x, std::uint32_t y) const;
    // "1:2;3:1" (rows joined by ';', entries by ':'), the spec's form.
    std::string text() const;
};

struct PeriodicWeights {
    PeriodicTable horizontal;  // `h=`: edges (x, y)-(x+1, y)
    PeriodicTable vertical;    // `v=`: edges (x, y)-(x, y+1)
};

// Reads "1:2;3:1": rows split at ';', entries at ':', each an exact weight (graph/exact_weight.hpp).
// Returns false with the reason in *why for an empty entry, a bad weight, rows of unequal length,
// or more than kMaxPeriodicEntries entries.
bool parse_periodic_table(std::string_view text, PeriodicTable* out, std::string* why);
inline constexpr std::size_t kMaxPeriodicEntries = 4096;

// Sets the weights of a grid, torus or hex graph of width w and height h built by
// graph/families/lattices.cpp. std::logic_error for an edge that is not a unit step on that
// lattice (a builder changed its numbering).
void set_periodic_weights(Graph& graph, std::uint32_t w, std::uint32_t h, const PeriodicWeights& weights);

}  // namespace dimerlab
