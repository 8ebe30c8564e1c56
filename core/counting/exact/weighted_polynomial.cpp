#include "counting/exact/weighted_polynomial.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "counting/exact/coefficient_statistics.hpp"
#include "counting/exact/frontier_plan.hpp"
#include "counting/exact/frontier_transitions.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

using exact_detail::kStaysUnmatched;

std::vector<double> log_coefficients(const std::vector<mpq_class>& c) {
    std::vector<double> logs(c.size(), -std::numeric_limits<double>::infinity());
    for (std::size_t k = 0; k < c.size(); ++k)
        if (c[k] != 0) logs[k] = log_of_rational(c[k]);
    return logs;
}

// Each edge's weight times the common denominator D of all of them, as an integer.
std::vector<mpz_class> integer_weights(const Graph& g, mpz_class& denominator) {
    const EdgeWeights& w = g.weights();
    std::vector<mpq_class> classes;
    denominator = 1;
    for (const ExactWeight& c : w.classes()) {
        mpq_class q(c.exact, 10);
        q.canonicalize();
        mpz_lcm(denominator.get_mpz_t(), denominator.get_mpz_t(), q.get_den_mpz_t());
        classes.push_back(q);
    }
    std::vector<mpz_class> class_integer;
    for (const mpq_class& q : classes) class_integer.push_back(q.get_num() * (denominator / q.get_den()));
    std::vector<mpz_class> out(g.num_edges(), mpz_class(1));
    if (!w.unit()) {
        for (EdgeId e = 0; e < g.num_edges(); ++e) out[e] = class_integer[w.edge_classes()[e]];
    }
    return out;
}

}  // namespace

double log_of_rational(const mpq_class& q) {
    long en = 0, ed = 0;
    const double mn = mpz_get_d_2exp(&en, q.get_num_mpz_t());
    const double md = mpz_get_d_2exp(&ed, q.get_den_mpz_t());
    return std::log(mn) - std::log(md) + double(en - ed) * std::log(2.0);
}

double WeightedMatchingPolynomial::log_z(double lambda) const {
    return exact_detail::coefficient_statistics(log_coefficients(coefficients), lambda).log_z;
}

double WeightedMatchingPolynomial::mean_dimers(double lambda) const {
    return exact_detail::coefficient_statistics(log_coefficients(coefficients), lambda).mean;
}

double WeightedMatchingPolynomial::variance_dimers(double lambda) const {
    return exact_detail::coefficient_statistics(log_coefficients(coefficients), lambda).variance;
}

mpq_class WeightedMatchingPolynomial::z(const mpq_class& lambda) const {
    mpq_class acc = 0;
    for (std::size_t k = coefficients.size(); k-- > 0;) acc = acc * lambda + coefficients[k];
    acc.canonicalize();
    return acc;
}

WeightedMatchingPolynomial weighted_matching_polynomial(const Graph& graph, const ExactOptions& options) {
    const std::string name = !options.name.empty()  ? options.name
                             : graph.spec().empty() ? std::string("this graph")
                                                    : graph.spec();
    if (graph.num_vertices() == 0) return {{mpq_class(1)}, "weighted-frontier"};
    const FrontierPlan plan = choose_frontier_plan(graph);
    if (!plan.usable() || plan.width >= 63 || (std::uint64_t(1) << plan.width) > options.max_states) {
        throw InfeasibleError("the weighted exact count of '" + name + "' needs a frontier of " +
                              std::to_string(plan.usable() ? plan.width : plan.slot_count) +
                              " vertices (2^width states, at most " + std::to_string(options.max_states) +
                              " allowed); use --epsilon for an estimate");
    }
    mpz_class denominator;
    const std::vector<mpz_class> weight = integer_weights(graph, denominator);

    // values[s][k]: Σ over partial matchings reaching state s with k dimers of Π D·w_e.
    std::vector<std::uint64_t> masks{0};
    std::vector<std::vector<mpz_class>> values{{mpz_class(1)}};
    exact_detail::MaskIndex index(plan.slot_count);
    exact_detail::StepTransitions tr;
    for (const FrontierStep& step : plan.steps) {
        exact_detail::build_transitions(step, masks, index, tr);
        std::vector<mpz_class> partner_weight;
        for (const VertexId u : step.earlier_vertices)
            partner_weight.push_back(weight[*graph.find_edge(step.vertex, u)]);
        std::vector<std::vector<mpz_class>> next(tr.targets.size());
        for (std::size_t d = 0; d < tr.targets.size(); ++d) {
            std::vector<mpz_class>& acc = next[d];
            for (std::uint32_t c = tr.offsets[d]; c < tr.offsets[d + 1]; ++c) {
                const std::vector<mpz_class>& from = values[tr.sources[c]];
                const std::uint8_t p = tr.partners[c];
                const std::size_t shift = p == kStaysUnmatched ? 0 : 1;
                if (acc.size() < from.size() + shift) acc.resize(from.size() + shift);
                for (std::size_t k = 0; k < from.size(); ++k) {
                    if (shift == 0) {
                        acc[k] += from[k];
                    } else {
                        mpz_addmul(acc[k + 1].get_mpz_t(), from[k].get_mpz_t(),
                                   partner_weight[p].get_mpz_t());
                    }
                }
            }
        }
        masks.swap(tr.targets);
        values.swap(next);
    }
    std::vector<mpz_class> total;
    for (const std::vector<mpz_class>& v : values) {
        if (total.size() < v.size()) total.resize(v.size());
        for (std::size_t k = 0; k < v.size(); ++k) total[k] += v[k];
    }
    while (total.size() > 1 && total.back() == 0) total.pop_back();
    WeightedMatchingPolynomial out{{}, "weighted-frontier"};
    mpz_class scale = 1;
    for (const mpz_class& t : total) {
        mpq_class q(t, scale);
        q.canonicalize();
        out.coefficients.push_back(q);
        scale *= denominator;
    }
    return out;
}

}  // namespace dimerlab
