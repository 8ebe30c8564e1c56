#include <cmath>

#include "graph/families/families.hpp"

namespace dimerlab::families {

FamilySize family_size(const GraphSpec& spec) {
    // long double: every factor is below 2^64 and the products are compared, never stored.
    auto dim = [&](std::size_t i) {
        return i < spec.dims.size() ? static_cast<long double>(spec.dims[i]) : 0.0L;
    };
    const std::string& f = spec.family;
    const long double a = dim(0), b = dim(1);
    if (f == "grid") return {a * b, a * (b - 1) + b * (a - 1)};
    if (f == "torus") return {a * b, 2 * a * b};
    if (f == "hex") {
        // Rungs hang below the vertices with x+y odd in rows 0..H-2: even rows have floor(W/2)
        // such vertices, odd rows ceil(W/2).
        const long double rows = b - 1;
        const long double even_rows = std::ceil(rows / 2), odd_rows = std::floor(rows / 2);
        return {a * b, b * (a - 1) + even_rows * std::floor(a / 2) + odd_rows * std::ceil(a / 2)};
    }
    if (f == "tri") return {a * b, b * (a - 1) + a * (b - 1) + (a - 1) * (b - 1)};
    if (f == "aztec") return {2 * a * (a + 1), 4 * a * a};
    if (f == "complete") return {a, a * (a - 1) / 2};
    if (f == "bipartite") return {a + b, a * b};
    if (f == "path") return {a, a - 1};
    if (f == "cycle") return {a, a};
    if (f == "hypercube")
        return {std::ldexp(1.0L, int(std::min(a, 64.0L))), a * std::ldexp(1.0L, int(std::min(a, 64.0L)) - 1)};
    if (f == "petersen") return {10, 15};
    // igraph holds its own copy (from/to/index vectors of 64-bit ints) next to ours.
    auto igraph_bytes = [](long double n, long double m) { return 64 * m + 48 * n; };
    if (f == "regular") return {a, a * b / 2, igraph_bytes(a, a * b / 2)};
    if (f == "gnp") {
        const long double m = static_cast<long double>(spec.probability) * a * (a - 1) / 2;
        return {a, m, igraph_bytes(a, m)};
    }
    if (f == "gnm") return {a, b, igraph_bytes(a, b)};
    return {};
}

}  // namespace dimerlab::families
