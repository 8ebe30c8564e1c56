#include "chromatic/edge_colouring.hpp"

#include <algorithm>

namespace dimerlab {
namespace {

// Misra–Gries keeps n·(Δ+1) table words; above this the greedy colourer is used instead.
constexpr std::uint64_t kMaxMisraGriesTable = std::uint64_t{1} << 26;

}  // namespace

std::string_view colouring_method_name(ColouringMethod method) {
    switch (method) {
        case ColouringMethod::lattice:
            return "lattice";
        case ColouringMethod::complete:
            return "complete";
        case ColouringMethod::misra_gries:
            return "misra-gries";
        case ColouringMethod::greedy:
            return "greedy";
    }
    return "unknown";
}

std::uint32_t EdgeColouring::bound(const Graph& g) const {
    const std::uint32_t delta = g.max_degree();
    switch (method) {
        case ColouringMethod::lattice:
            return 4;
        case ColouringMethod::complete:
        case ColouringMethod::misra_gries:
            return delta + 1;
        case ColouringMethod::greedy:
            return delta == 0 ? 0 : 2 * delta - 1;
    }
    return 0;
}

EdgeColouring colouring_from_colours(const std::vector<std::uint32_t>& colour, ColouringMethod method) {
    EdgeColouring out;
    out.method = method;
    const std::uint32_t k = colour.empty() ? 0 : *std::max_element(colour.begin(), colour.end()) + 1;
    std::vector<std::uint32_t> count(k, 0);
    for (std::uint32_t c : colour) ++count[c];
    // Unused colours are dropped so that every launch has work.
    std::vector<std::uint32_t> slot(k, 0);
    for (std::uint32_t c = 0; c < k; ++c) {
        if (count[c] == 0) continue;
        slot[c] = out.offsets.back();
        out.offsets.push_back(out.offsets.back() + count[c]);
    }
    out.order.resize(colour.size());
    for (std::uint32_t e = 0; e < colour.size(); ++e) out.order[slot[colour[e]]++] = e;
    return out;
}

EdgeColouring colour_edges(const Graph& g, ColouringChoice choice) {
    EdgeColouring out;
    if (choice == ColouringChoice::automatic) {
        ColouringMethod method = ColouringMethod::lattice;
        if (std::vector<std::uint32_t> c = colouring_detail::closed_form_colours(g, method); !c.empty())
            out = colouring_from_colours(c, method);
        else
            choice = std::uint64_t{g.num_vertices()} * (g.max_degree() + 1) <= kMaxMisraGriesTable
                         ? ColouringChoice::misra_gries
                         : ColouringChoice::greedy;
    }
    if (choice == ColouringChoice::misra_gries)
        out = colouring_from_colours(colouring_detail::misra_gries_colours(g), ColouringMethod::misra_gries);
    else if (choice == ColouringChoice::greedy)
        out = colouring_from_colours(colouring_detail::greedy_colours(g), ColouringMethod::greedy);
    validate_colouring(g, out);
    return out;
}

}  // namespace dimerlab
