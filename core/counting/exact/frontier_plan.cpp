// Vertex orders for the frontier DP: natural id order (row-major on lattices, frontier = width)
// and a greedy minimum-frontier heuristic for everything else.
#include "counting/exact/frontier_plan.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

namespace dimerlab {
namespace {

double log2_add(double a, double b) {
    if (a < b) std::swap(a, b);
    if (b == -INFINITY) return a;
    return a + std::log2(1 + std::exp2(b - a));
}

// A pseudo-peripheral vertex of v's component: the last vertex reached by breadth-first search,
// repeated twice. Sweeps that start at the rim of a graph keep the frontier short.
VertexId peripheral_vertex(const Graph& g, VertexId v) {
    std::vector<std::int64_t> dist(g.num_vertices());
    for (int round = 0; round < 2; ++round) {
        std::fill(dist.begin(), dist.end(), -1);
        std::vector<VertexId> queue{v};
        dist[v] = 0;
        for (std::size_t i = 0; i < queue.size(); ++i) {
            for (VertexId u : g.neighbors(queue[i])) {
                if (dist[u] < 0) {
                    dist[u] = dist[queue[i]] + 1;
                    queue.push_back(u);
                }
            }
        }
        v = queue.back();
    }
    return v;
}

}  // namespace

FrontierPlan make_frontier_plan(const Graph& g, const std::vector<VertexId>& order, std::string order_name) {
    const std::uint32_t n = g.num_vertices();
    FrontierPlan plan;
    plan.order = order;
    plan.order_name = std::move(order_name);
    std::vector<std::uint32_t> pos(n);
    for (std::uint32_t t = 0; t < n; ++t) pos[order[t]] = t;
    std::vector<std::uint32_t> last(n);  // position of the last neighbour to be processed
    for (VertexId v = 0; v < n; ++v) {
        last[v] = pos[v];
        for (VertexId u : g.neighbors(v)) last[v] = std::max(last[v], pos[u]);
    }
    // First pass: sizes only, so that hopeless orders cost no slot bookkeeping.
    std::vector<std::int32_t> delta(n + 1, 0);
    std::uint32_t in_frontier = 0;
    plan.log2_work = -INFINITY;
    {
        std::vector<std::uint32_t> releases(n, 0);
        for (VertexId v = 0; v < n; ++v) {
            if (last[v] > pos[v]) ++releases[last[v]];
        }
        for (std::uint32_t t = 0; t < n; ++t) {
            const VertexId v = order[t];
            const bool enters = last[v] > pos[v];
            plan.slot_count = std::max(plan.slot_count, in_frontier + (enters ? 1u : 0u));
            in_frontier = in_frontier + (enters ? 1u : 0u) - releases[t];
            plan.width = std::max(plan.width, in_frontier);
            plan.log2_work = log2_add(plan.log2_work, double(in_frontier) + std::log2(double(t + 1) / 2 + 1));
        }
    }
    if (!plan.usable()) return plan;

    std::uint64_t free_slots = ~std::uint64_t(0);
    std::vector<int> slot_of(n, -1);
    plan.steps.resize(n);
    in_frontier = 0;
    for (std::uint32_t t = 0; t < n; ++t) {
        const VertexId v = order[t];
        FrontierStep& s = plan.steps[t];
        s.vertex = v;
        for (VertexId u : g.neighbors(v)) {
            if (pos[u] < t) {
                s.earlier_slots.push_back(static_cast<std::uint8_t>(slot_of[u]));
                s.earlier_vertices.push_back(u);
                if (last[u] == t) s.release_mask |= std::uint64_t(1) << slot_of[u];
            }
        }
        if (last[v] > t) {
            // Take a slot before this step's releases, so that v never shares a bit with a
            // neighbour that leaves during the same step.
            s.slot = std::countr_zero(free_slots);
            free_slots &= ~(std::uint64_t(1) << s.slot);
            slot_of[v] = s.slot;
            ++in_frontier;
        }
        free_slots |= s.release_mask;
        in_frontier -= static_cast<std::uint32_t>(std::popcount(s.release_mask));
        s.frontier_after = in_frontier;
    }
    return plan;
}

std::vector<VertexId> greedy_frontier_order(const Graph& g, VertexId start, std::uint32_t give_up_width) {
    const std::uint32_t n = g.num_vertices();
    std::vector<std::uint32_t> remaining(n);   // unprocessed neighbours
    std::vector<std::uint32_t> touched(n, 0);  // processed neighbours
    std::vector<char> done(n, 0), candidate(n, 0);
    for (VertexId v = 0; v < n; ++v) remaining[v] = g.degree(v);
    std::vector<VertexId> order, candidates;
    order.reserve(n);
    std::uint32_t frontier = 0;
    VertexId next_fresh = 0;  // scan position for the next component's start
    while (order.size() < n) {
        VertexId best = UINT32_MAX;
        long best_delta = 0;
        std::uint32_t best_touch = 0;
        for (VertexId c : candidates) {
            if (done[c]) continue;
            long d = remaining[c] > 0 ? 1 : 0;  // remaining[c] counts unprocessed neighbours only
            for (VertexId u : g.neighbors(c)) {
                if (done[u] && remaining[u] == 1) --d;
            }
            if (best == UINT32_MAX || d < best_delta || (d == best_delta && touched[c] > best_touch) ||
                (d == best_delta && touched[c] == best_touch && c < best)) {
                best = c;
                best_delta = d;
                best_touch = touched[c];
            }
        }
        if (best == UINT32_MAX) {
            // New component: the given start first, then the lowest-degree unprocessed vertex.
            if (order.empty() && start < n) {
                best = start;
            } else {
                while (done[next_fresh]) ++next_fresh;
                best = next_fresh;
                for (VertexId v = next_fresh; v < n; ++v) {
                    if (!done[v] && g.degree(v) < g.degree(best)) best = v;
                }
            }
            best_delta = remaining[best] > 0 ? 1 : 0;
        }
        done[best] = 1;
        order.push_back(best);
        frontier = static_cast<std::uint32_t>(long(frontier) + best_delta);
        if (frontier > give_up_width) return {};
        for (VertexId u : g.neighbors(best)) {
            --remaining[u];
            ++touched[u];
            if (!done[u] && !candidate[u]) {
                candidate[u] = 1;
                candidates.push_back(u);
            }
        }
        // Drop processed candidates now and then so the scan stays proportional to the frontier.
        if (candidates.size() > 64 && order.size() % 32 == 0) {
            std::erase_if(candidates, [&](VertexId c) { return done[c] != 0; });
        }
    }
    return order;
}

FrontierPlan choose_frontier_plan(const Graph& g) {
    const std::uint32_t n = g.num_vertices();
    std::vector<VertexId> natural(n);
    std::iota(natural.begin(), natural.end(), 0);
    FrontierPlan best = make_frontier_plan(g, natural, "natural");
    if (n == 0) return best;
    // Starts: both ends of a long shortest path, and the lowest-degree vertex.
    std::vector<VertexId> starts;
    const VertexId a = peripheral_vertex(g, 0);
    starts.push_back(a);
    starts.push_back(peripheral_vertex(g, a));
    VertexId low = 0;
    for (VertexId v = 1; v < n; ++v) {
        if (g.degree(v) < g.degree(low)) low = v;
    }
    starts.push_back(low);
    if (n <= 64) {
        for (VertexId v = 0; v < n; ++v) starts.push_back(v);
    }
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    for (VertexId s : starts) {
        const std::uint32_t give_up = best.usable() ? best.width + 2 : 62;
        std::vector<VertexId> order = greedy_frontier_order(g, s, give_up);
        if (order.empty()) continue;
        FrontierPlan plan = make_frontier_plan(g, order, "greedy");
        if (plan.usable() && (!best.usable() || plan.log2_work < best.log2_work - 1e-9))
            best = std::move(plan);
    }
    return best;
}

}  // namespace dimerlab
