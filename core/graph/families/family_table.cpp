#include "graph/families/family_table.hpp"

#include <algorithm>
#include <cmath>

#include "graph/families/aztec_cells.hpp"
#include "graph/families/periodic_weights.hpp"

namespace dimerlab::families {

namespace {

// Sizes in long double: every factor is below 2^64 and the products are compared, never stored.
long double dim(const GraphSpec& s, std::size_t i) {
    return i < s.dims.size() ? static_cast<long double>(s.dims[i]) : 0.0L;
}
// The size check has bounded every dimension below 2^32 before a builder runs.
std::uint32_t d(const GraphSpec& s, std::size_t i) {
    return static_cast<std::uint32_t>(s.dims[i]);
}
// igraph holds its own copy (from/to/index vectors of 64-bit ints) next to ours, with the
// builder's own scratch (degree sequence, shuffles): 72 and 56 bound the measured peaks.
long double igraph_bytes(long double n, long double m) {
    return 72 * m + 56 * n;
}

// Periodic weights: a class index per edge (the classes are at most the table's entries).
long double periodic_bytes(const GraphSpec& s, long double m) {
    return s.periodic ? 4 * m : 0.0L;
}

Graph with_periodic_weights(Graph g, const GraphSpec& s) {
    if (s.periodic) set_periodic_weights(g, d(s, 0), d(s, 1), *s.periodic);
    return g;
}

FamilySize hex_size(const GraphSpec& s) {
    // Rungs hang below the vertices with x+y odd in rows 0..H-2: even rows have floor(W/2) such
    // vertices, odd rows ceil(W/2).
    const long double a = dim(s, 0), b = dim(s, 1);
    const long double rows = b - 1;
    const long double even_rows = std::ceil(rows / 2), odd_rows = std::floor(rows / 2);
    const long double m = b * (a - 1) + even_rows * std::floor(a / 2) + odd_rows * std::ceil(a / 2);
    return {a * b, m, periodic_bytes(s, m)};
}

FamilySize hypercube_size(const GraphSpec& s) {
    const int e = static_cast<int>(std::min(dim(s, 0), 64.0L));
    return {std::ldexp(1.0L, e), dim(s, 0) * std::ldexp(1.0L, e - 1)};
}

FamilySize gnp_size(const GraphSpec& s) {
    const long double n = dim(s, 0);
    const long double m = static_cast<long double>(s.probability) * n * (n - 1) / 2;
    return {n, m, igraph_bytes(n, m)};
}

using S = FamilyShape;
using Spec = const GraphSpec&;
using Opt = const BuildOptions&;

constexpr FamilyDescriptor kFamilies[] = {
    {"grid", S::two_sizes, "grid:WxH[,h=T][,v=T]", "grid:64x64",
     [](Spec s) -> FamilySize {
         const long double m = dim(s, 0) * (dim(s, 1) - 1) + dim(s, 1) * (dim(s, 0) - 1);
         return {dim(s, 0) * dim(s, 1), m, periodic_bytes(s, m)};
     },
     [](Spec s, Opt) { return with_periodic_weights(build_grid(d(s, 0), d(s, 1)), s); }},
    {"torus", S::two_sizes, "torus:WxH[,h=T][,v=T]", "torus:32x32",
     [](Spec s) -> FamilySize {
         const long double m = 2 * dim(s, 0) * dim(s, 1);
         return {dim(s, 0) * dim(s, 1), m, periodic_bytes(s, m)};
     },
     [](Spec s, Opt) { return with_periodic_weights(build_torus(d(s, 0), d(s, 1)), s); }},
    {"hex", S::two_sizes, "hex:WxH[,h=T][,v=T]", "hex:20x20", hex_size,
     [](Spec s, Opt) { return with_periodic_weights(build_hex(d(s, 0), d(s, 1)), s); }},
    {"tri", S::two_sizes, "tri:WxH", "tri:20x20",
     [](Spec s) -> FamilySize {
         const long double a = dim(s, 0), b = dim(s, 1);
         return {a * b, b * (a - 1) + a * (b - 1) + (a - 1) * (b - 1)};
     },
     [](Spec s, Opt) { return build_tri(d(s, 0), d(s, 1)); }},
    {"aztec", S::one_size, "aztec:N[,a=A][,b=B]", "aztec:40",
     [](Spec s) -> FamilySize {
         const long double m = 4 * dim(s, 0) * dim(s, 0);
         // Two-periodic weights: a class index per edge, and the cell-to-edge table while they are set.
         return {2 * dim(s, 0) * (dim(s, 0) + 1), m, s.two_periodic ? 8 * m : 0.0L};
     },
     [](Spec s, Opt) {
         Graph g = build_aztec(d(s, 0));
         if (s.two_periodic) set_two_periodic_weights(g, d(s, 0), s.two_periodic->a, s.two_periodic->b);
         return g;
     }},
    {"hexagon", S::three_sizes, "hexagon:A,B,C[,q=Q]", "hexagon:60,60,60",
     [](Spec s) -> FamilySize {
         // 2T unit triangles, T = AB + BC + CA; their 6T sides pair up into edges except the
         // 2(A+B+C) on the perimeter: (6T - 2(A+B+C)) / 2 edges.
         const long double a = dim(s, 0), b = dim(s, 1), c = dim(s, 2), t = a * b + b * c + c * a;
         return {2 * t, 3 * t - (a + b + c)};
     },
     [](Spec s, Opt) { return build_hexagon(d(s, 0), d(s, 1), d(s, 2), s.q ? &*s.q : nullptr); }},
    {"complete", S::one_size, "complete:N", "complete:200",
     [](Spec s) -> FamilySize {
         return {dim(s, 0), dim(s, 0) * (dim(s, 0) - 1) / 2};
     },
     [](Spec s, Opt) { return build_complete(d(s, 0)); }},
    {"bipartite", S::two_sizes, "bipartite:AxB", "bipartite:30x40",
     [](Spec s) -> FamilySize {
         return {dim(s, 0) + dim(s, 1), dim(s, 0) * dim(s, 1)};
     },
     [](Spec s, Opt) { return build_bipartite(d(s, 0), d(s, 1)); }},
    {"path", S::one_size, "path:N", "path:50",
     [](Spec s) -> FamilySize {
         return {dim(s, 0), dim(s, 0) - 1};
     },
     [](Spec s, Opt) { return build_path(d(s, 0)); }},
    {"cycle", S::one_size, "cycle:N", "cycle:50",
     [](Spec s) -> FamilySize {
         return {dim(s, 0), dim(s, 0)};
     },
     [](Spec s, Opt) { return build_cycle(d(s, 0)); }},
    {"hypercube", S::one_size, "hypercube:D", "hypercube:10", hypercube_size,
     [](Spec s, Opt) { return build_hypercube(d(s, 0)); }},
    {"petersen", S::none, "petersen", "petersen",
     [](Spec) -> FamilySize {
         return {10, 15};
     },
     [](Spec, Opt) { return build_petersen(); }},
    {"regular", S::random_count, "regular:N,D[,seed=S]", "regular:2000,3,seed=7",
     [](Spec s) -> FamilySize {
         const long double n = dim(s, 0), m = dim(s, 0) * dim(s, 1) / 2;
         return {n, m, igraph_bytes(n, m)};
     },
     [](Spec s, Opt o) { return build_regular(d(s, 0), d(s, 1), s.seed, o.with_layout); }},
    {"gnp", S::random_probability, "gnp:N,P[,seed=S]", "gnp:1000,0.01,seed=1", gnp_size,
     [](Spec s, Opt o) { return build_gnp(d(s, 0), s.probability, s.seed, o.with_layout, o.max_bytes); }},
    {"gnm", S::random_count, "gnm:N,M[,seed=S]", "gnm:1000,5000,seed=1",
     [](Spec s) -> FamilySize {
         return {dim(s, 0), dim(s, 1), igraph_bytes(dim(s, 0), dim(s, 1))};
     },
     [](Spec s, Opt o) { return build_gnm(d(s, 0), d(s, 1), s.seed, o.with_layout); }},
    {"file", S::file, "file:PATH[,relabel|,one-based]", "file:graph.mtx", nullptr, nullptr},
    {"region", S::file, "region:PATH.region", "region:heart.region", nullptr, nullptr},
};

}  // namespace

std::span<const FamilyDescriptor> family_table() {
    return kFamilies;
}

const FamilyDescriptor* find_family(std::string_view name) {
    for (const FamilyDescriptor& f : kFamilies) {
        if (f.name == name) return &f;
    }
    return nullptr;
}

FamilySize family_size(const GraphSpec& spec) {
    const FamilyDescriptor* f = find_family(spec.family);
    return f != nullptr && f->size != nullptr ? f->size(spec) : FamilySize{};
}

}  // namespace dimerlab::families
