// Memoised vertex recursion on bitmasks of remaining vertices.
#include "counting/exact/vertex_recursion.hpp"

#include <bit>
#include <unordered_map>

#include "counting/exact/polynomial_arith.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

using exact_detail::Poly;

class Recursion {
  public:
    Recursion(const Graph& g, const ExactOptions& options)
        : options_(options), neighbours_(g.num_vertices(), 0) {
        for (const Edge& e : g.edges()) {
            neighbours_[e.u] |= std::uint64_t(1) << e.v;
            neighbours_[e.v] |= std::uint64_t(1) << e.u;
        }
    }

    const Poly& solve(std::uint64_t remaining) {
        // Vertices without a remaining neighbour only contribute a factor 1: dropping them merges
        // many subsets into one memo entry.
        remaining = prune(remaining);
        if (auto it = memo_.find(remaining); it != memo_.end()) return it->second;
        Poly result{1};
        if (remaining != 0) {
            const int v = std::countr_zero(remaining);
            const std::uint64_t without_v = remaining & ~(std::uint64_t(1) << v);
            result = solve(without_v);
            for (std::uint64_t nb = neighbours_[v] & remaining; nb != 0; nb &= nb - 1) {
                const int u = std::countr_zero(nb);
                exact_detail::add_shifted(result, solve(without_v & ~(std::uint64_t(1) << u)), 1);
            }
        }
        if (memo_.size() >= options_.max_states) {
            throw InfeasibleError(
                "exact count of " + options_.name + " by vertex recursion needs more than " +
                std::to_string(options_.max_states) + " memoised subsets; use --epsilon E for an estimate");
        }
        return memo_.emplace(remaining, std::move(result)).first->second;
    }

  private:
    std::uint64_t prune(std::uint64_t s) const {
        std::uint64_t kept = 0;
        for (std::uint64_t rest = s; rest != 0; rest &= rest - 1) {
            const int v = std::countr_zero(rest);
            if (neighbours_[v] & s) kept |= std::uint64_t(1) << v;
        }
        return kept;
    }

    const ExactOptions& options_;
    std::vector<std::uint64_t> neighbours_;
    std::unordered_map<std::uint64_t, Poly> memo_;
};

}  // namespace

MatchingPolynomial vertex_recursion_matching_polynomial(const Graph& g, const ExactOptions& options_in) {
    ExactOptions options = options_in;
    if (options.name.empty()) options.name = g.spec().empty() ? "this graph" : g.spec();
    const std::uint32_t n = g.num_vertices();
    if (n > 64) {
        throw InfeasibleError("exact count of " + options.name +
                              " by vertex recursion is limited to 64 vertices (it has " + std::to_string(n) +
                              "); use --epsilon E for an estimate");
    }
    Recursion r(g, options);
    const std::uint64_t all = n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
    Poly p = r.solve(all);
    exact_detail::trim(p);
    return {std::move(p), "vertex-recursion"};
}

}  // namespace dimerlab
