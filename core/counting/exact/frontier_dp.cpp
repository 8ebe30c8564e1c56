// Exact frontier DP: polynomials with fixed-width multi-limb coefficients, one layer per step.
#include "counting/exact/frontier_dp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>

#include "counting/exact/frontier_transitions.hpp"
#include "counting/exact/frontier_values.hpp"
#include "util/errors.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace dimerlab {
namespace {

using exact_detail::FrontierEvaluator;
using exact_detail::FrontierPassStats;
using exact_detail::kStaysUnmatched;
using exact_detail::MaskIndex;
using exact_detail::StepTransitions;

constexpr double kMatrixBytesPerState = 8 + 4 + 2 * 5 + 3 * 4 * 2;  // targets, offsets, entries, scratch

// log2 of Σ_k C(d,k)² k! = Z(K_{d,d}, 1).
double log2_complete_bipartite_total(std::uint32_t d) {
    double top = -INFINITY;
    std::vector<double> terms;
    for (std::uint32_t k = 0; k <= d; ++k) {
        const double l = 2 * (std::lgamma(d + 1.0) - std::lgamma(k + 1.0) - std::lgamma(d - k + 1.0)) +
                         std::lgamma(k + 1.0);
        terms.push_back(l);
        top = std::max(top, l);
    }
    double s = 0;
    for (double l : terms) s += std::exp(l - top);
    return (top + std::log(s)) / std::log(2.0);
}

// Estimated bits of Z(G, 1) contributed by each vertex: ln Z ≤ Σ_v ln Z(K_{d,d})/(2d) holds for
// regular graphs (Davies–Jenssen–Perkins–Roberts) and is close on lattices; here it only sizes
// the estimate, the exact pass takes its limb counts from a measured pass.
std::vector<double> estimated_bits_per_vertex(const Graph& g) {
    std::vector<double> cache(g.max_degree() + 1, -1);
    std::vector<double> bits(g.num_vertices(), 0);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const std::uint32_t d = g.degree(v);
        if (d == 0) continue;
        if (cache[d] < 0) cache[d] = log2_complete_bipartite_total(d) / (2.0 * d);
        bits[v] = cache[d];
    }
    return bits;
}

std::uint32_t limbs_for_bits(double bits) {
    return static_cast<std::uint32_t>(std::floor((bits + 1.0) / 64.0)) + 1;
}

std::uint32_t coefficient_slots(std::size_t processed) {
    return static_cast<std::uint32_t>(processed / 2 + 1);
}

// dst[i] += src[i] for `count` coefficients of L limbs each (least significant limb first). The
// limb schedule guarantees that no carry leaves the top limb.
template <unsigned L>
void add_same(std::uint64_t* __restrict dst, const std::uint64_t* __restrict src, std::size_t count) {
    if constexpr (L == 1) {
        for (std::size_t i = 0; i < count; ++i) dst[i] += src[i];
    } else {
        for (std::size_t i = 0; i < count; ++i, dst += L, src += L) {
#if defined(__x86_64__)
            unsigned char carry = 0;
            for (unsigned j = 0; j < L; ++j) {
                unsigned long long r;
                carry = _addcarry_u64(carry, dst[j], src[j], &r);
                dst[j] = r;
            }
#else
            unsigned __int128 carry = 0;
            for (unsigned j = 0; j < L; ++j) {
                carry += static_cast<unsigned __int128>(dst[j]) + src[j];
                dst[j] = static_cast<std::uint64_t>(carry);
                carry >>= 64;
            }
#endif
        }
    }
}

// The same for any widths, source no wider than destination.
void add_wider(std::uint64_t* dst, std::uint32_t dst_limbs, const std::uint64_t* src, std::uint32_t src_limbs,
               std::size_t count) {
    for (std::size_t i = 0; i < count; ++i, dst += dst_limbs, src += src_limbs) {
        std::uint64_t carry = 0;
        for (std::uint32_t j = 0; j < dst_limbs; ++j) {
            const std::uint64_t s = j < src_limbs ? src[j] : 0;
            const std::uint64_t a = dst[j] + s;
            const std::uint64_t c1 = a < s ? 1 : 0;
            dst[j] = a + carry;
            carry = c1 + (dst[j] < a ? 1 : 0);
        }
    }
}

using AddFn = void (*)(std::uint64_t*, const std::uint64_t*, std::size_t);

AddFn same_width_adder(std::uint32_t limbs) {
    switch (limbs) {
        case 1:
            return add_same<1>;
        case 2:
            return add_same<2>;
        case 3:
            return add_same<3>;
        case 4:
            return add_same<4>;
        case 5:
            return add_same<5>;
        case 6:
            return add_same<6>;
        case 7:
            return add_same<7>;
        case 8:
            return add_same<8>;
        default:
            return nullptr;
    }
}

struct Layout {
    std::uint32_t coefficients;  // per state
    std::uint32_t limbs;         // per coefficient
    std::size_t block() const { return std::size_t(coefficients) * limbs; }
};

// Next layer = step matrix applied to the current one, targets [begin, end).
void apply_range(const StepTransitions& tr, const std::uint64_t* cur, Layout in, std::uint64_t* next,
                 Layout out, std::size_t begin, std::size_t end) {
    const AddFn fast = in.limbs == out.limbs ? same_width_adder(in.limbs) : nullptr;
    for (std::size_t d = begin; d < end; ++d) {
        std::uint64_t* dst = next + d * out.block();
        std::memset(dst, 0, out.block() * sizeof(std::uint64_t));
        for (std::uint32_t c = tr.offsets[d]; c < tr.offsets[d + 1]; ++c) {
            const std::uint32_t shift = tr.partners[c] == kStaysUnmatched ? 0 : 1;
            const std::size_t count = std::min<std::size_t>(in.coefficients, out.coefficients - shift);
            const std::uint64_t* src = cur + std::size_t(tr.sources[c]) * in.block();
            if (fast) {
                fast(dst + shift * out.limbs, src, count);
            } else {
                add_wider(dst + shift * out.limbs, out.limbs, src, in.limbs, count);
            }
        }
    }
}

unsigned thread_count(const ExactOptions& options) {
    if (options.threads > 0) return options.threads;
    return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

std::string format_gb(double bytes) {
    char buf[64];
    const double gb = bytes / 1e9;
    if (!std::isfinite(gb) || gb > 1e300) return "more than 1e300 GB";
    if (gb < 1000) {
        std::snprintf(buf, sizeof buf, "%.3g GB", gb);
    } else {
        std::snprintf(buf, sizeof buf, "%.2g GB", gb);
    }
    return buf;
}

}  // namespace

FrontierCost estimate_frontier_cost(const Graph& g, const FrontierPlan& plan) {
    FrontierCost cost;
    cost.order_name = plan.order_name;
    cost.width = plan.width;
    cost.log2_states = plan.width;
    const std::vector<double> bits = estimated_bits_per_vertex(g);
    if (!plan.usable()) {
        double total_bits = 0;
        for (double b : bits) total_bits += b;
        const double block = double(coefficient_slots(g.num_vertices())) * limbs_for_bits(total_bits) * 8;
        cost.bytes = std::ldexp(2 * block + kMatrixBytesPerState, int(std::min(plan.width, 2000u)));
        cost.coefficient_updates =
            std::ldexp(double(g.num_vertices()) * block / 8, int(std::min(plan.width, 2000u)));
        return cost;
    }
    double done_bits = 0, previous_layer = 8, updates = 0;
    for (std::size_t t = 0; t < plan.steps.size(); ++t) {
        done_bits += bits[plan.steps[t].vertex];
        const double states = std::ldexp(1.0, int(plan.steps[t].frontier_after));
        const double block = double(coefficient_slots(t + 1)) * limbs_for_bits(done_bits) * 8;
        const double layer = states * block;
        cost.bytes = std::max(cost.bytes, previous_layer + layer + states * kMatrixBytesPerState);
        updates += layer / 8 * 1.5;
        previous_layer = layer;
    }
    cost.coefficient_updates = updates;
    return cost;
}

std::string infeasible_message(const std::string& name, const FrontierCost& cost) {
    return "exact count of " + name + " needs about 2^" + std::to_string(cost.width) + " frontier states (~" +
           format_gb(cost.bytes) + "); use --epsilon E for an estimate";
}

MatchingPolynomial frontier_matching_polynomial(const Graph& g, const ExactOptions& options) {
    return frontier_matching_polynomial(g, choose_frontier_plan(g), options);
}

MatchingPolynomial frontier_matching_polynomial(const Graph& g, const FrontierPlan& plan,
                                                const ExactOptions& options_in) {
    ExactOptions options = options_in;
    if (options.name.empty()) options.name = g.spec().empty() ? "this graph" : g.spec();
    if (g.num_vertices() == 0) return {{mpz_class(1)}, "frontier"};

    FrontierCost cost = estimate_frontier_cost(g, plan);
    if (!plan.usable() || std::ldexp(1.0, int(std::min(plan.width, 2000u))) > double(options.max_states) ||
        cost.bytes > double(options.max_bytes)) {
        throw InfeasibleError(infeasible_message(options.name, cost));
    }

    // Measured pass at λ = 1: Σ of all values after step t bounds every coefficient then.
    FrontierEvaluator evaluator(plan, false);
    FrontierPassStats stats;
    evaluator.evaluate(1.0L, {}, &stats);
    const std::size_t n = plan.steps.size();
    std::vector<Layout> layouts(n);
    double peak = 0;
    Layout before{1, 1};
    std::size_t states_before = 1;
    for (std::size_t t = 0; t < n; ++t) {
        const std::uint32_t k_cap = coefficient_slots(t + 1);
        const std::uint32_t k =
            std::min(before.coefficients + (plan.steps[t].earlier_slots.empty() ? 0u : 1u), k_cap);
        layouts[t] = {k, std::max(before.limbs, limbs_for_bits(stats.log2_total[t] + 1.0))};
        const double bytes = (double(states_before) * double(before.block()) +
                              double(stats.states[t]) * double(layouts[t].block())) *
                                 8 +
                             double(stats.states[t]) * kMatrixBytesPerState;
        peak = std::max(peak, bytes);
        before = layouts[t];
        states_before = stats.states[t];
    }
    if (peak > double(options.max_bytes)) {
        cost.bytes = peak;
        throw InfeasibleError(infeasible_message(options.name, cost));
    }

    const unsigned threads = thread_count(options);
    MaskIndex index(plan.slot_count);
    StepTransitions tr;
    std::vector<std::uint64_t> masks{0};
    std::vector<std::uint64_t> cur{1}, next;
    Layout in{1, 1};
    for (std::size_t t = 0; t < n; ++t) {
        exact_detail::build_transitions(plan.steps[t], masks, index, tr);
        const Layout out = layouts[t];
        const std::size_t targets = tr.targets.size();
        next.resize(targets * out.block());
        const double work = double(tr.sources.size()) * double(out.block());
        if (threads > 1 && work > double(1 << 18)) {
            std::vector<std::thread> pool;
            const std::size_t chunk = (targets + threads - 1) / threads;
            for (unsigned w = 0; w < threads; ++w) {
                const std::size_t b = std::min(targets, w * chunk), e = std::min(targets, b + chunk);
                if (b < e)
                    pool.emplace_back(apply_range, std::cref(tr), cur.data(), in, next.data(), out, b, e);
            }
            for (std::thread& th : pool) th.join();
        } else {
            apply_range(tr, cur.data(), in, next.data(), out, 0, targets);
        }
        cur.swap(next);
        masks.swap(tr.targets);
        in = out;
    }
    if (masks.size() != 1 || masks[0] != 0) throw std::logic_error("frontier DP ended with open states");

    MatchingPolynomial p;
    p.method = "frontier";
    for (std::uint32_t k = 0; k < in.coefficients; ++k) {
        mpz_class c;
        mpz_import(c.get_mpz_t(), in.limbs, -1, sizeof(std::uint64_t), 0, 0,
                   cur.data() + std::size_t(k) * in.limbs);
        p.coefficients.push_back(std::move(c));
    }
    while (p.coefficients.size() > 1 && p.coefficients.back() == 0) p.coefficients.pop_back();
    return p;
}

}  // namespace dimerlab
