#pragma once
// Per-element steps of Algorithm A in its gather form (docs/algorithms.md §3.3, the pull variant): each
// vertex walks its time-ordered events and keeps, for each incident edge, the Y of that edge's
// last update so far. What an event's update t needs from a vertex is whether some *other* edge's
// last update before t is certainly 1 (an occupation interval certainly contains t) or possibly
// 1. That is exactly what the segmented prefix maxima of jacobi_steps.hpp answer (A > t and B > t:
// the last update s of a neighbouring edge is the one with nxt(s) > t), but the walk needs
// neither nxt nor a scan, and two counters make each event O(1) whatever the degree.
// Device-compilable like jacobi_steps.hpp: a kernel can run one walk per vertex.
#include <cstdint>

#include "parallel/jacobi_steps.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// An event's summary: what one endpoint tells its update.
inline constexpr std::uint8_t kJacobiCertainlyBlocked = 1;
inline constexpr std::uint8_t kJacobiPossiblyBlocked = 2;

// A vertex's view during its walk: among the incident edges, how many have a last update so far
// with Y = 1, and how many with Y unknown (the rest are 0: dead, decided 0, or not updated yet).
// M_0's edge at the vertex starts as one 1 (its virtual update at time 0).
struct JacobiVertexView {
    std::uint32_t ones = 0;
    std::uint32_t unknowns = 0;
};

// The summary for an event whose own edge's last update so far has value own_last: that edge's
// earlier updates end at this one (nxt = t), so it never blocks its own update.
DIMERLAB_HD inline std::uint8_t jacobi_view_summary(JacobiVertexView view, std::uint8_t own_last) {
    const std::uint32_t ones = view.ones - (own_last == kJacobiOne ? 1u : 0u);
    const std::uint32_t unknowns = view.unknowns - (own_last == kJacobiUnknown ? 1u : 0u);
    return static_cast<std::uint8_t>((ones != 0 ? kJacobiCertainlyBlocked : 0) |
                                     (ones + unknowns != 0 ? kJacobiPossiblyBlocked : 0));
}

// The view after the event: its edge's last value changes from old_y to new_y.
DIMERLAB_HD inline JacobiVertexView jacobi_view_replace(JacobiVertexView view, std::uint8_t old_y,
                                                        std::uint8_t new_y) {
    view.ones = view.ones - (old_y == kJacobiOne ? 1u : 0u) + (new_y == kJacobiOne ? 1u : 0u);
    view.unknowns = view.unknowns - (old_y == kJacobiUnknown ? 1u : 0u) + (new_y == kJacobiUnknown ? 1u : 0u);
    return view;
}

// Step 5 from the summaries of a live update's two events.
DIMERLAB_HD inline std::uint8_t jacobi_decide_gathered(std::uint8_t summary_u, std::uint8_t summary_v) {
    const std::uint8_t s = static_cast<std::uint8_t>(summary_u | summary_v);
    return three_valued_heat_bath(true, (s & kJacobiCertainlyBlocked) != 0,
                                  (s & kJacobiPossiblyBlocked) != 0);
}

// An event in a vertex's list, packed into one word so that a walk reads one word per event: the
// edge, the side (0 at the edge's u, 1 at its v) and whether the update's coin is live. Edge ids
// must stay below kJacobiMaxEdges.
inline constexpr std::uint32_t kJacobiMaxEdges = 1u << 30;
DIMERLAB_HD inline std::uint32_t jacobi_event_record(std::uint32_t edge, std::uint32_t side, bool live) {
    return (edge << 2) | (side << 1) | (live ? 1u : 0u);
}
DIMERLAB_HD inline std::uint32_t jacobi_record_edge(std::uint32_t record) {
    return record >> 2;
}
// Index of the event's (edge, side) pair: each belongs to exactly one vertex.
DIMERLAB_HD inline std::uint32_t jacobi_record_edge_side(std::uint32_t record) {
    return record >> 1;
}
DIMERLAB_HD inline bool jacobi_record_live(std::uint32_t record) {
    return (record & 1u) != 0;
}

// Per event, its update's Y (low two bits) and, while Y is unknown, the summary its walk wrote
// this round (next two bits): one byte that the walk and the decision both touch.
DIMERLAB_HD inline std::uint8_t jacobi_event_state(std::uint8_t y, std::uint8_t summary) {
    return static_cast<std::uint8_t>(y | (summary << 2));
}
DIMERLAB_HD inline std::uint8_t jacobi_state_value(std::uint8_t state) {
    return static_cast<std::uint8_t>(state & 3u);
}
DIMERLAB_HD inline std::uint8_t jacobi_state_summary(std::uint8_t state) {
    return static_cast<std::uint8_t>(state >> 2);
}

}  // namespace dimerlab
