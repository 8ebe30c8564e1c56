// The runtime check behind the chromatic kernel's race freedom (docs/verification.md §2.2, §4.2):
// run on every colouring handed out, because a wrong colouring silently turns a class launch
// into racy, non-stationary updates.
#include <stdexcept>
#include <string>

#include "chromatic/edge_colouring.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab {
namespace {

[[noreturn]] void fail(const Graph& g, const std::string& what) {
    throw std::logic_error("edge colouring of '" + g.spec() + "' is invalid: " + what);
}

}  // namespace

void validate_colouring(const Graph& g, const EdgeColouring& c) {
    const std::uint32_t m = g.num_edges();
    if (c.order.size() != m)
        fail(g, "order has " + std::to_string(c.order.size()) + " entries for m = " + std::to_string(m));
    if (c.offsets.empty() || c.offsets.front() != 0 || c.offsets.back() != m)
        fail(g, "class offsets do not span [0, m)");
    std::vector<std::uint8_t> seen(m, 0);
    std::vector<std::uint32_t> class_at(g.num_vertices(), kNoMate);  // last class touching each vertex
    for (std::uint32_t k = 0; k + 1 < c.offsets.size(); ++k) {
        if (c.offsets[k + 1] <= c.offsets[k]) fail(g, "class " + std::to_string(k) + " is empty or reversed");
        for (std::uint32_t p = c.offsets[k]; p < c.offsets[k + 1]; ++p) {
            const std::uint32_t e = c.order[p];
            if (e >= m)
                fail(g, "order[" + std::to_string(p) + "] = " + std::to_string(e) + " is not an edge");
            if (seen[e]) fail(g, "edge " + std::to_string(e) + " appears twice in order");
            seen[e] = 1;
            for (VertexId x : {g.edge(e).u, g.edge(e).v}) {
                if (class_at[x] == k) {
                    fail(g, "class " + std::to_string(k) + " has two edges at vertex " + std::to_string(x) +
                                " (edge " + std::to_string(e) + ")");
                }
                class_at[x] = k;
            }
        }
    }
}

}  // namespace dimerlab
