// Closed-form matching polynomials and the recogniser that decides when they apply.
#include "counting/exact/closed_forms.hpp"

#include <stdexcept>

#include "counting/exact/polynomial_arith.hpp"

namespace dimerlab {
namespace {

using exact_detail::Poly;

mpz_class binomial(std::uint32_t n, std::uint32_t k) {
    mpz_class r;
    mpz_bin_uiui(r.get_mpz_t(), n, k);
    return r;
}

mpz_class factorial(std::uint32_t n) {
    mpz_class r;
    mpz_fac_ui(r.get_mpz_t(), n);
    return r;
}

bool is_connected(const Graph& g) {
    if (g.num_vertices() == 0) return true;
    std::vector<char> seen(g.num_vertices(), 0);
    std::vector<VertexId> stack{0};
    seen[0] = 1;
    std::uint32_t count = 1;
    while (!stack.empty()) {
        const VertexId v = stack.back();
        stack.pop_back();
        for (VertexId u : g.neighbors(v)) {
            if (!seen[u]) {
                seen[u] = 1;
                ++count;
                stack.push_back(u);
            }
        }
    }
    return count == g.num_vertices();
}

std::uint32_t count_components(const Graph& g) {
    std::vector<char> seen(g.num_vertices(), 0);
    std::uint32_t c = 0;
    std::vector<VertexId> stack;
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        if (seen[s]) continue;
        ++c;
        seen[s] = 1;
        stack.push_back(s);
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            for (VertexId u : g.neighbors(v)) {
                if (!seen[u]) {
                    seen[u] = 1;
                    stack.push_back(u);
                }
            }
        }
    }
    return c;
}

// Sizes of the two colour classes of a connected bipartite graph.
std::pair<std::uint32_t, std::uint32_t> colour_classes(const Graph& g) {
    std::vector<int> colour(g.num_vertices(), -1);
    std::vector<VertexId> stack{0};
    colour[0] = 0;
    std::uint32_t zeros = 0;
    while (!stack.empty()) {
        const VertexId v = stack.back();
        stack.pop_back();
        if (colour[v] == 0) ++zeros;
        for (VertexId u : g.neighbors(v)) {
            if (colour[u] < 0) {
                colour[u] = 1 - colour[v];
                stack.push_back(u);
            }
        }
    }
    return {zeros, g.num_vertices() - zeros};
}

MatchingPolynomial named(Poly p, const char* family) {
    exact_detail::trim(p);
    return {std::move(p), std::string("closed-form:") + family};
}

}  // namespace

std::vector<mpz_class> path_polynomial(std::uint32_t n) {
    Poly p;
    for (std::uint32_t k = 0; 2 * k <= n; ++k) p.push_back(binomial(n - k, k));
    if (p.empty()) p.push_back(1);
    exact_detail::trim(p);
    return p;
}

std::vector<mpz_class> cycle_polynomial(std::uint32_t n) {
    Poly p{1};
    for (std::uint32_t k = 1; 2 * k <= n; ++k) {
        mpz_class c = binomial(n - k, k) * n;
        mpz_divexact_ui(c.get_mpz_t(), c.get_mpz_t(), n - k);
        p.push_back(c);
    }
    return p;
}

std::vector<mpz_class> complete_polynomial(std::uint32_t n) {
    Poly p;
    const mpz_class nf = factorial(n);
    for (std::uint32_t k = 0; 2 * k <= n; ++k) {
        mpz_class d = factorial(k) * factorial(n - 2 * k);
        mpz_mul_2exp(d.get_mpz_t(), d.get_mpz_t(), k);
        p.push_back(nf / d);
    }
    return p;
}

std::vector<mpz_class> complete_bipartite_polynomial(std::uint32_t a, std::uint32_t b) {
    Poly p;
    for (std::uint32_t k = 0; k <= std::min(a, b); ++k)
        p.push_back(binomial(a, k) * binomial(b, k) * factorial(k));
    return p;
}

std::vector<mpz_class> star_polynomial(std::uint32_t leaves) {
    if (leaves == 0) return {1};
    return {1, leaves};
}

std::vector<mpz_class> forest_polynomial(const Graph& forest) {
    const std::uint32_t n = forest.num_vertices();
    if (forest.num_edges() + count_components(forest) != n)
        throw std::invalid_argument("forest_polynomial: the graph has a cycle");
    // A[v]: v's subtree with v unmatched; B[v]: v's subtree, any matching. Children are folded in
    // one at a time (A' = A·B_c, M' = M·B_c + λ·A·A_c), which avoids products over siblings.
    std::vector<Poly> a(n), b(n);
    std::vector<VertexId> parent(n, UINT32_MAX), order;
    order.reserve(n);
    std::vector<char> seen(n, 0);
    Poly result{1};
    for (VertexId root = 0; root < n; ++root) {
        if (seen[root]) continue;
        order.clear();
        std::vector<VertexId> stack{root};
        seen[root] = 1;
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            order.push_back(v);
            for (VertexId u : forest.neighbors(v)) {
                if (!seen[u]) {
                    seen[u] = 1;
                    parent[u] = v;
                    stack.push_back(u);
                }
            }
        }
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const VertexId v = *it;
            Poly unmatched{1}, matched{0};
            for (VertexId c : forest.neighbors(v)) {
                if (parent[c] != v) continue;
                Poly next_matched = exact_detail::multiply(matched, b[c]);
                exact_detail::add_shifted(next_matched, exact_detail::multiply(unmatched, a[c]), 1);
                unmatched = exact_detail::multiply(unmatched, b[c]);
                matched = std::move(next_matched);
                Poly().swap(a[c]);
                Poly().swap(b[c]);
            }
            b[v] = unmatched;
            exact_detail::add_shifted(b[v], matched, 0);
            exact_detail::trim(b[v]);
            a[v] = std::move(unmatched);
        }
        result = exact_detail::multiply(result, b[root]);
    }
    return result;
}

std::optional<MatchingPolynomial> closed_form_matching_polynomial(const Graph& g) {
    const std::uint64_t n = g.num_vertices(), m = g.num_edges();
    if (n == 0) return std::nullopt;
    const bool connected = is_connected(g);
    if (connected) {
        if (m + 1 == n && g.max_degree() <= 2) return named(path_polynomial(std::uint32_t(n)), "path");
        if (m == n && n >= 3 && g.max_degree() == 2) {
            bool all_two = true;
            for (VertexId v = 0; v < n; ++v) all_two = all_two && g.degree(v) == 2;
            if (all_two) return named(cycle_polynomial(std::uint32_t(n)), "cycle");
        }
        if (m + 1 == n && g.max_degree() + 1 == n) return named(star_polynomial(std::uint32_t(m)), "star");
        if (m + 1 == n) return named(forest_polynomial(g), "tree");
        if (2 * m == n * (n - 1)) return named(complete_polynomial(std::uint32_t(n)), "complete");
        if (g.is_bipartite()) {
            const auto [a, b] = colour_classes(g);
            if (std::uint64_t(a) * b == m)
                return named(complete_bipartite_polynomial(std::min(a, b), std::max(a, b)),
                             "complete-bipartite");
        }
        return std::nullopt;
    }
    if (m + count_components(g) == n) return named(forest_polynomial(g), "forest");
    return std::nullopt;
}

}  // namespace dimerlab
