// Exact marginals by repeated frontier evaluation with forced monomers.
#include "counting/exact/exact_marginals.hpp"

#include <cmath>

#include "counting/exact/frontier_dp.hpp"
#include "counting/exact/frontier_plan.hpp"
#include "counting/exact/frontier_values.hpp"
#include "util/errors.hpp"

namespace dimerlab {

ExactMarginals exact_marginals(const Graph& g, double lambda, const ExactOptions& options,
                               double max_marginal_updates) {
    require_unit_weights(g, "exact marginals");
    const std::string name = !options.name.empty() ? options.name
                             : g.spec().empty()    ? "this graph"
                                                   : g.spec();
    const FrontierPlan plan = choose_frontier_plan(g);
    FrontierCost cost = estimate_frontier_cost(g, plan);
    double states_per_run = 0;
    for (const FrontierStep& s : plan.steps) states_per_run += std::ldexp(1.0, int(s.frontier_after));
    const double runs = 1.0 + g.num_vertices() + g.num_edges();
    if (!plan.usable() || std::ldexp(1.0, int(std::min(plan.width, 2000u))) > double(options.max_states)) {
        throw InfeasibleError(infeasible_message(name, cost));
    }
    if (states_per_run * runs > max_marginal_updates) {
        throw InfeasibleError("exact marginals of " + name + " need about " + std::to_string(runs) +
                              " frontier passes of up to 2^" + std::to_string(plan.width) +
                              " states each; use a smaller graph or sample the marginals");
    }

    // One matrix per step, kept between passes when that fits comfortably.
    const bool cache = states_per_run * 40 < double(options.max_bytes);
    exact_detail::FrontierEvaluator evaluator(plan, cache);
    const long double lam = lambda;
    std::vector<char> forced(g.num_vertices(), 0);
    const exact_detail::ScaledValue z = evaluator.evaluate(lam, forced);
    auto ratio = [&](const exact_detail::ScaledValue& a) {
        return double(a.mantissa / z.mantissa * std::exp2(static_cast<long double>(a.exponent - z.exponent)));
    };

    ExactMarginals out;
    out.log_z = z.log2() * std::log(2.0);
    out.vertex_unmatched.resize(g.num_vertices());
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        forced[v] = 1;
        out.vertex_unmatched[v] = ratio(evaluator.evaluate(lam, forced));
        forced[v] = 0;
    }
    out.edge_occupied.resize(g.num_edges());
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        forced[ed.u] = forced[ed.v] = 1;
        out.edge_occupied[e] = lambda * ratio(evaluator.evaluate(lam, forced));
        forced[ed.u] = forced[ed.v] = 0;
    }
    return out;
}

}  // namespace dimerlab
