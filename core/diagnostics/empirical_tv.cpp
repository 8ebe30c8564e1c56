#include "diagnostics/empirical_tv.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "diagnostics/cancelled.hpp"
#include "diagnostics/per_start_tv.hpp"
#include "sampling/sampler_factory.hpp"

namespace dimerlab {

bool EmpiricalTvResult::within_tolerance() const {
    return std::all_of(points.begin(), points.end(), [](const EmpiricalTvPoint& p) {
        return std::abs(p.tv_empirical - p.tv_exact) <= p.tolerance;
    });
}

EmpiricalTvResult empirical_tv(const Graph& graph, const ExactChain& chain, std::uint32_t start,
                               const std::vector<std::uint64_t>& times, std::size_t chains,
                               std::uint64_t seed, double alpha, const std::atomic<bool>* cancel) {
    if (chains == 0) throw std::invalid_argument("empirical TV needs at least one chain");
    if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("alpha must lie in (0, 1)");
    if (times.empty() || !std::is_sorted(times.begin(), times.end()))
        throw std::invalid_argument("times must be non-empty and ascending");
    std::map<MateArray, std::uint32_t> index;
    for (std::size_t i = 0; i < chain.size(); ++i)
        index.emplace(chain.states[i], static_cast<std::uint32_t>(i));

    std::vector<std::vector<std::uint32_t>> counts(times.size(), std::vector<std::uint32_t>(chain.size(), 0));
    for (std::size_t r = 0; r < chains; ++r) {
        throw_if_cancelled(cancel);
        auto sampler = make_cpu_sampler(graph, chain.dynamics, seed + r, LambdaRecord(chain.lambda),
                                        chain.states.at(start));
        for (std::size_t k = 0; k < times.size(); ++k) {
            sampler->advance(times[k] - sampler->time());
            const MateArray now(sampler->mate().begin(), sampler->mate().end());
            const auto found = index.find(now);
            if (found == index.end()) throw std::logic_error("the sampler left the enumerated state space");
            ++counts[k][found->second];
        }
    }

    const std::vector<std::vector<double>> exact = start_distributions(chain, start, times);
    EmpiricalTvResult out;
    out.start = start;
    out.chains = chains;
    out.seed = seed;
    out.alpha = alpha;
    const double r = static_cast<double>(chains);
    const double mcdiarmid = std::sqrt(std::log(2.0 * static_cast<double>(times.size()) / alpha) / (2 * r));
    for (std::size_t k = 0; k < times.size(); ++k) {
        EmpiricalTvPoint p;
        p.updates = times[k];
        double emp = 0, bias = 0;
        for (std::size_t y = 0; y < chain.size(); ++y) {
            emp += std::abs(counts[k][y] / r - chain.pi[y]);
            const double q = exact[k][y];
            bias += std::sqrt(std::max(0.0, q * (1 - q)) / r);
        }
        p.tv_empirical = 0.5 * emp;
        p.tv_exact = tv_to_stationary(exact[k], chain.pi);
        p.bias_bound = 0.5 * bias;
        p.tolerance = p.bias_bound + mcdiarmid;
        out.points.push_back(p);
    }
    return out;
}

std::vector<std::uint64_t> empirical_tv_times(std::uint64_t tmix_or_zero, std::size_t curve_length) {
    const double base = tmix_or_zero > 0 ? static_cast<double>(tmix_or_zero)
                                         : std::max(1.0, static_cast<double>(curve_length) / 4);
    std::vector<std::uint64_t> out;
    for (double f : {0.25, 0.5, 1.0, 1.5, 2.0}) {
        const auto t = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(f * base)));
        if (out.empty() || t > out.back()) out.push_back(t);
    }
    return out;
}

}  // namespace dimerlab
