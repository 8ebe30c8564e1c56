#pragma once
// Vertex orders and slot assignment for the frontier (path-decomposition) DP (docs/algorithms.md §4.3).
// The frontier after a step holds the processed vertices that still have an unprocessed
// neighbour; each occupies one bit ("slot") of the DP state while it is there.
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct FrontierStep {
    VertexId vertex = 0;
    int slot = -1;                            // slot v takes; -1 when v has no later neighbour
    std::vector<std::uint8_t> earlier_slots;  // slots of v's earlier neighbours (all in the frontier)
    std::vector<VertexId> earlier_vertices;   // the same neighbours, in the same order
    std::uint64_t release_mask = 0;           // slots whose last neighbour is v, freed after the step
    std::uint32_t frontier_after = 0;         // occupied slots after the step
};

struct FrontierPlan {
    std::vector<FrontierStep> steps;
    std::vector<VertexId> order;
    std::string order_name;        // "natural" or "greedy"
    std::uint32_t width = 0;       // most occupied slots after any step: the DP holds ≤ 2^width states
    std::uint32_t slot_count = 0;  // most slots in use within a step (the mask width)
    double log2_work = 0;          // log2 Σ_t 2^{frontier_after_t}·(t/2+1): coefficient-updates bound
    bool usable() const { return slot_count <= 62; }
};

// The plan for a given order (a permutation of the vertices). When more than 62 slots would be
// needed the plan is returned without steps and usable() is false.
FrontierPlan make_frontier_plan(const Graph& g, const std::vector<VertexId>& order, std::string order_name);

// Greedy minimum frontier: repeatedly take the unprocessed vertex whose processing grows the
// frontier least (ties: most processed neighbours). Gives up, returning an empty order, once the
// frontier exceeds give_up_width.
std::vector<VertexId> greedy_frontier_order(const Graph& g, VertexId start, std::uint32_t give_up_width = 62);

// The cheaper (by log2_work) of the natural id order and greedy orders from a few starts.
FrontierPlan choose_frontier_plan(const Graph& g);

}  // namespace dimerlab
