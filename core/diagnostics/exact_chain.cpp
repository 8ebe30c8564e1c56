#include "diagnostics/exact_chain.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "model/heat_bath_rule.hpp"
#include "model/jerrum_sinclair_rule.hpp"
#include "model/update_tape.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

constexpr std::uint64_t kTwo32 = std::uint64_t{1} << 32;

// w2 ranges on which the rule cannot tell coins apart, as (representative w2, probability):
// the rule only compares w2 with thresholds, so one value per range is exact.
std::vector<std::pair<std::uint32_t, double>> coin_regions(std::set<std::uint64_t> cuts) {
    cuts.insert(0);
    cuts.insert(kTwo32);
    std::vector<std::pair<std::uint32_t, double>> out;
    for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
        const std::uint64_t lo = *it, hi = *std::next(it);
        if (hi > lo)
            out.emplace_back(static_cast<std::uint32_t>(lo), static_cast<double>(hi - lo) / 4294967296.0);
    }
    return out;
}

}  // namespace

double ExactChain::at(std::size_t i, std::size_t j) const {
    const auto first = col.begin() + static_cast<std::ptrdiff_t>(row_begin[i]);
    const auto last = col.begin() + static_cast<std::ptrdiff_t>(row_begin[i + 1]);
    const auto it = std::lower_bound(first, last, static_cast<std::uint32_t>(j));
    return (it != last && *it == j) ? prob[static_cast<std::size_t>(it - col.begin())] : 0.0;
}

ExactChain build_exact_chain(const Graph& graph, Dynamics dynamics, double lambda, std::size_t max_states) {
    check_lambda(lambda);
    if (graph.num_edges() == 0)
        throw InputError("graph '" + graph.spec() + "' has no edges: no chain to analyse");
    ExactChain c;
    c.dynamics = dynamics;
    c.lambda = lambda;
    c.num_edges = graph.num_edges();
    // The chromatic chain is a systematic scan: its one-step kernel is not an average over edges,
    // so this single-update matrix would silently describe another chain.
    if (dynamics != Dynamics::glauber && dynamics != Dynamics::jerrum_sinclair) {
        throw InputError("exact transition matrices exist for glauber and jerrum-sinclair only, not " +
                         std::string(dynamics_name(dynamics)));
    }
    c.states = enumerate_all_matchings(graph, max_states);
    const std::size_t n = c.states.size();
    std::map<MateArray, std::uint32_t> index;
    for (std::size_t i = 0; i < n; ++i) index.emplace(c.states[i], static_cast<std::uint32_t>(i));

    const std::uint64_t hb_thr = heat_bath_threshold(lambda);
    const JsThresholds js_thr = jerrum_sinclair_thresholds(lambda);
    const bool glauber = dynamics == Dynamics::glauber;
    c.lambda_effective = glauber ? effective_lambda(hb_thr) : jerrum_sinclair_effective_lambda(js_thr);
    const auto coins = glauber ? coin_regions({hb_thr}) : coin_regions({js_thr.add, js_thr.remove});
    // One w3 per laziness outcome; checked, so a change of the lazy bit cannot go unnoticed.
    const std::uint32_t w3_values[] = {0u, 0x80000000u};
    if (jerrum_sinclair_lazy(w3_values[0]) == jerrum_sinclair_lazy(w3_values[1]))
        throw std::logic_error("the two w3 representatives do not cover both laziness outcomes");
    const double inv_m = 1.0 / graph.num_edges();

    c.row_begin.reserve(n + 1);
    c.row_begin.push_back(0);
    std::map<std::uint32_t, double> row;
    const auto add = [&](const MateArray& y, double p) {
        const auto found = index.find(y);
        if (found == index.end()) throw std::logic_error("a rule produced a state that is not a matching");
        row[found->second] += p;
    };
    for (std::size_t i = 0; i < n; ++i) {
        row.clear();
        for (EdgeId e = 0; e < graph.num_edges(); ++e) {
            const Edge ed = graph.edge(e);
            for (const auto& [w2, coin_p] : coins) {
                if (glauber) {
                    MateArray y = c.states[i];
                    heat_bath_update(y.data(), ed.u, ed.v, tape_coin_occupied({0, 0, w2, 0}, hb_thr));
                    add(y, inv_m * coin_p);
                    continue;
                }
                for (std::uint32_t w3 : w3_values) {
                    MateArray y = c.states[i];
                    jerrum_sinclair_update(y.data(), ed.u, ed.v, {0, 0, w2, w3}, js_thr);
                    add(y, 0.5 * inv_m * coin_p);
                }
            }
        }
        for (const auto& [j, p] : row) {
            c.col.push_back(j);
            c.prob.push_back(p);
        }
        c.row_begin.push_back(c.col.size());
    }

    // Weights relative to the largest, in logs, so that λ^|M| cannot overflow at extreme λ.
    const double log_l = std::log(c.lambda_effective);
    double max_log = -INFINITY;
    std::vector<double> logw(n);
    for (std::size_t i = 0; i < n; ++i) {
        logw[i] = log_l * count_dimers(c.states[i]);
        max_log = std::max(max_log, logw[i]);
    }
    c.pi.resize(n);
    double z = 0;
    for (std::size_t i = 0; i < n; ++i) z += c.pi[i] = std::exp(logw[i] - max_log);
    for (double& x : c.pi) x /= z;
    return c;
}

double max_row_sum_error(const ExactChain& c) {
    double worst = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        double s = 0;
        for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k) s += c.prob[k];
        worst = std::max(worst, std::abs(s - 1));
    }
    return worst;
}

double max_detailed_balance_error(const ExactChain& c) {
    double worst = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k) {
            const std::size_t j = c.col[k];
            const double fwd = c.pi[i] * c.prob[k], bwd = c.pi[j] * c.at(j, i);
            const double scale = std::max(fwd, bwd);
            if (scale > 0) worst = std::max(worst, std::abs(fwd - bwd) / scale);
        }
    }
    return worst;
}

}  // namespace dimerlab
