#pragma once
// χ² of samples against the uniform law on the perfect matchings of a small graph, listed by
// exhaustive enumeration (matching_enumeration.hpp), for the exact samplers' tests.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "chi_square.hpp"
#include "matching_enumeration.hpp"
#include "model/matching.hpp"

namespace dimerlab::testing {

inline std::vector<MateArray> all_perfect_matchings(const Graph& g) {
    std::vector<MateArray> out;
    for (MateArray& m : enumerate_matchings(g))
        if (2 * count_dimers(m) == g.num_vertices()) out.push_back(std::move(m));
    return out;
}

// Draws `samples` matchings with draw(i), i = 0 .. samples-1. Every draw must be one of the
// perfect matchings (otherwise `error` names the index); the counts are tested at level alpha.
struct UniformCheck {
    std::size_t states = 0;
    ChiSquareResult chi;
    std::string error;
};

inline UniformCheck check_uniform_perfect(const Graph& g, int samples, double alpha,
                                          const std::function<MateArray(int)>& draw) {
    UniformCheck out;
    const std::vector<MateArray> all = all_perfect_matchings(g);
    out.states = all.size();
    std::map<MateArray, std::size_t> index;
    for (std::size_t i = 0; i < all.size(); ++i) index.emplace(all[i], i);
    std::vector<std::uint64_t> counts(all.size(), 0);
    for (int i = 0; i < samples; ++i) {
        const auto it = index.find(draw(i));
        if (it == index.end()) {
            out.error = "draw " + std::to_string(i) + " is not a perfect matching";
            return out;
        }
        ++counts[it->second];
    }
    const std::vector<double> expected(all.size(), 1.0 / double(all.size()));
    out.chi = chi_square_test(counts, expected, alpha);
    return out;
}

}  // namespace dimerlab::testing
