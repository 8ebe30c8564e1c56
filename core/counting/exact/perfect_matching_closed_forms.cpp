#include "counting/exact/perfect_matching_closed_forms.hpp"

#include <cmath>

#include "graph/graph_spec.hpp"

namespace dimerlab {

double aztec_log_tilings(unsigned order) {
    const double n = order;
    return n * (n + 1) / 2 * std::log(2.0);
}

double hexagon_log_tilings(unsigned a, unsigned b, unsigned c) {
    // Π_{i,j,k} (i+j+k−1)/(i+j+k−2) telescopes in k to Π_{i,j} (i+j+c−1)/(i+j−1); summing its logs
    // keeps the a·b terms in double precision, where the product itself would overflow.
    double log_count = 0;
    for (unsigned i = 1; i <= a; ++i)
        for (unsigned j = 1; j <= b; ++j)
            log_count += std::log(double(i + j + c - 1)) - std::log(double(i + j - 1));
    return log_count;
}

std::optional<PerfectMatchingCount> closed_form_perfect_matchings(const Graph& graph) {
    return closed_form_perfect_matchings(graph.spec());
}

std::optional<PerfectMatchingCount> closed_form_perfect_matchings(const std::string& text) {
    GraphSpec spec;
    try {
        spec = parse_graph_spec(text);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (spec.family == "aztec" && spec.dims.size() == 1) {
        const auto n = static_cast<unsigned>(spec.dims[0]);
        return PerfectMatchingCount{
            aztec_log_tilings(n),
            "2^(N(N+1)/2) domino tilings of the Aztec diamond, N = " + std::to_string(n)};
    }
    if (spec.family == "hexagon" && spec.dims.size() == 3) {
        const auto a = static_cast<unsigned>(spec.dims[0]), b = static_cast<unsigned>(spec.dims[1]),
                   c = static_cast<unsigned>(spec.dims[2]);
        return PerfectMatchingCount{hexagon_log_tilings(a, b, c),
                                    "MacMahon's formula for the lozenge tilings of the " + std::to_string(a) +
                                        "," + std::to_string(b) + "," + std::to_string(c) + " hexagon"};
    }
    return std::nullopt;
}

}  // namespace dimerlab
