#include "verify/graph_checks.hpp"

#include <chrono>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include "chromatic/edge_colouring.hpp"
#include "model/matching_constants.hpp"
#include "parallel/jacobi_block_stats.hpp"

namespace dimerlab::verify {
namespace {

std::string graph_name(const Graph& g) {
    if (!g.spec().empty()) return g.spec();
    return "n=" + std::to_string(g.num_vertices()) + ", m=" + std::to_string(g.num_edges());
}

RuntimeCheck simple_graph(const Graph& g) {
    RuntimeCheck c{"A-SIMPLE", "GJ-ALG, HB-WP",
                   "every edge has two distinct endpoints in [0, n), stored u < v, no edge repeated", true,
                   ""};
    for (std::uint32_t e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        if (!(ed.u < ed.v && ed.v < g.num_vertices())) {
            c.ok = false;
            c.detail = "edge " + std::to_string(e) + " = (" + std::to_string(ed.u) + ", " +
                       std::to_string(ed.v) + ")";
            return c;
        }
    }
    // Repeats: each vertex's incident edges lead to distinct neighbours.
    std::vector<std::uint32_t> seen(g.num_vertices(), std::numeric_limits<std::uint32_t>::max());
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
        for (std::uint32_t w : g.neighbors(v)) {
            if (seen[w] == v) {
                c.ok = false;
                c.detail = "edge " + std::to_string(v) + "-" + std::to_string(w) + " repeated";
                return c;
            }
            seen[w] = v;
        }
    }
    c.detail = std::to_string(g.num_edges()) + " edges checked";
    return c;
}

// The per-vertex event lists of the Jacobi rounds are the incidence lists: every edge must appear
// exactly once at each endpoint, so the lists partition the 2m endpoint events.
RuntimeCheck incidence_partition(const Graph& g) {
    RuntimeCheck c{
        "A-ORDER", "GJ-ORACLE, GJ-GPU",
        "the vertex order of the endpoint events is a permutation: every edge appears exactly once "
        "in the incidence list of each of its endpoints",
        true, ""};
    const auto& offsets = g.csr_offsets();
    const auto& edges = g.csr_edges();
    const auto& nbrs = g.csr_neighbors();
    if (offsets.size() != std::size_t{g.num_vertices()} + 1 || offsets.back() != 2ull * g.num_edges() ||
        edges.size() != 2ull * g.num_edges() || nbrs.size() != edges.size()) {
        c.ok = false;
        c.detail = "incidence arrays have the wrong size";
        return c;
    }
    std::vector<std::uint8_t> at_u(g.num_edges(), 0), at_v(g.num_edges(), 0);
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
        for (std::uint32_t i = offsets[v]; i < offsets[v + 1]; ++i) {
            const std::uint32_t e = edges[i];
            if (e >= g.num_edges()) {
                c.ok = false;
                c.detail = "edge id " + std::to_string(e) + " out of range at vertex " + std::to_string(v);
                return c;
            }
            const Edge& ed = g.edge(e);
            const bool is_u = ed.u == v && nbrs[i] == ed.v;
            const bool is_v = ed.v == v && nbrs[i] == ed.u;
            std::uint8_t& slot = is_u ? at_u[e] : at_v[e];
            if ((!is_u && !is_v) || slot++ != 0) {
                c.ok = false;
                c.detail = "edge " + std::to_string(e) + " listed wrongly at vertex " + std::to_string(v);
                return c;
            }
        }
    }
    c.detail = std::to_string(2ull * g.num_edges()) + " endpoint events, each listed once";
    return c;
}

}  // namespace

RuntimeCheck check_index_bounds(std::uint64_t n, std::uint64_t m) {
    // A one-sweep Jacobi block has m tape slots plus at most n/2 virtual ones, two events each.
    const std::uint64_t events = 2 * (m + n / 2);
    RuntimeCheck c{"A-BOUNDS", "CH-IDX, GJ-GPU",
                   "32-bit indices suffice: n < 2^32 - 1 (kNoMate is no vertex), 2m < 2^32 (incidence "
                   "offsets), a one-sweep block's 2(m + n/2) events < 2^32, m <= 2^30 tape slots per block",
                   true, ""};
    c.ok = n < kNoMate && 2 * m < (1ull << 32) && events < (1ull << 32) && m <= kMaxJacobiBlock;
    c.detail = "n = " + std::to_string(n) + ", m = " + std::to_string(m) +
               ", events per sweep block = " + std::to_string(events);
    return c;
}

std::vector<RuntimeCheck> check_colouring(const Graph& g, const EdgeColouring& col) {
    RuntimeCheck proper{"A-PROPER", "CH-RACE, CH-SPIN",
                        "the chromatic colouring is proper: no two edges of one class share an endpoint",
                        false, ""};
    RuntimeCheck perm{"A-PERM", "CH-RACE, CH-IDX",
                      "the chromatic update order is a permutation of the edges, cut into the classes "
                      "[offsets[c], offsets[c+1]) from 0 to m",
                      false, ""};
    try {
        // The permutation check on its own, so that its verdict does not rest on validate_colouring.
        std::vector<std::uint8_t> hit(g.num_edges(), 0);
        bool is_perm = col.order.size() == g.num_edges() && !col.offsets.empty() &&
                       col.offsets.front() == 0 && col.offsets.back() == g.num_edges();
        for (std::uint32_t e : col.order) {
            if (!is_perm) break;
            is_perm = e < g.num_edges() && hit[e]++ == 0;
        }
        perm.ok = is_perm;
        perm.detail = is_perm ? std::to_string(col.order.size()) + " positions, each edge once"
                              : "order is not a permutation of the edges";
        validate_colouring(g, col);
        proper.ok = true;
        proper.detail = std::to_string(col.num_colours()) + " classes (" +
                        std::string(colouring_method_name(col.method)) + ")";
    } catch (const std::exception& e) {
        proper.ok = false;
        proper.detail = e.what();
        if (perm.detail.empty()) perm.detail = "no colouring: " + std::string(e.what());
    }
    return {proper, perm};
}

bool GraphCheckReport::all_ok() const {
    for (const auto& c : checks) {
        if (!c.ok) return false;
    }
    return true;
}

GraphCheckReport check_graph(const Graph& g) {
    const auto t0 = std::chrono::steady_clock::now();
    GraphCheckReport r;
    r.graph = graph_name(g);
    r.vertices = g.num_vertices();
    r.edges = g.num_edges();
    r.checks.push_back(simple_graph(g));
    r.checks.push_back(incidence_partition(g));
    r.checks.push_back(check_index_bounds(g.num_vertices(), g.num_edges()));
    if (g.num_edges() > 0) {
        // colour_edges validates what it returns (and throws otherwise); checking again here keeps
        // the verdict independent of that call site and names the violation if a colourer breaks.
        std::vector<RuntimeCheck> col;
        try {
            col = check_colouring(g, colour_edges(g));
        } catch (const std::exception& e) {
            col = {{"A-PROPER", "CH-RACE, CH-SPIN", "the chromatic colouring is proper", false, e.what()}};
        }
        for (auto& c : col) r.checks.push_back(std::move(c));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

nlohmann::json to_json(const GraphCheckReport& report) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& c : report.checks) {
        checks.push_back({{"id", c.id},
                          {"claims", c.claims},
                          {"assumption", c.assumption},
                          {"ok", c.ok},
                          {"detail", c.detail}});
    }
    return {{"graph", report.graph},     {"vertices", report.vertices}, {"edges", report.edges},
            {"all_ok", report.all_ok()}, {"seconds", report.seconds},   {"checks", checks}};
}

}  // namespace dimerlab::verify
