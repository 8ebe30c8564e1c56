// Floating-point evaluation of the frontier DP.
#include "counting/exact/frontier_values.hpp"

#include <algorithm>
#include <cmath>

namespace dimerlab::exact_detail {

double ScaledValue::log2() const {
    return double(std::log2(mantissa)) + double(exponent);
}

FrontierEvaluator::FrontierEvaluator(const FrontierPlan& plan, bool cache_transitions)
    : plan_(plan), cache_(cache_transitions) {}

std::uint64_t FrontierEvaluator::cached_bytes() const {
    std::uint64_t b = 0;
    for (const StepTransitions& t : cached_) {
        b += t.targets.size() * 8 + t.offsets.size() * 4 + t.sources.size() * 5;
    }
    return b;
}

ScaledValue FrontierEvaluator::evaluate(long double lambda, const std::vector<char>& forced,
                                        FrontierPassStats* stats) {
    const std::size_t steps = plan_.steps.size();
    const bool reuse = cache_ && cached_.size() == steps;
    if (cache_ && !reuse) cached_.assign(steps, {});
    MaskIndex index(reuse ? 0 : plan_.slot_count);
    StepTransitions scratch;
    std::vector<std::uint64_t> masks{0};
    std::vector<long double> values{1.0L}, next;
    std::int64_t exponent = 0;
    if (stats) {
        stats->states.assign(steps, 0);
        stats->log2_total.assign(steps, 0);
    }
    for (std::size_t t = 0; t < steps; ++t) {
        const FrontierStep& step = plan_.steps[t];
        StepTransitions& tr = cache_ ? cached_[t] : scratch;
        if (!reuse) build_transitions(step, masks, index, tr);
        const bool v_free = forced.empty() || !forced[step.vertex];
        // Which partners are allowed: v may not be matched when forced, nor to a forced neighbour.
        std::uint64_t allowed = 0;
        for (std::size_t j = 0; j < step.earlier_vertices.size(); ++j) {
            if (v_free && (forced.empty() || !forced[step.earlier_vertices[j]]))
                allowed |= std::uint64_t(1) << j;
        }
        next.assign(tr.targets.size(), 0.0L);
        long double top = 0;
        for (std::size_t d = 0; d < tr.targets.size(); ++d) {
            long double acc = 0;
            for (std::uint32_t c = tr.offsets[d]; c < tr.offsets[d + 1]; ++c) {
                const std::uint8_t p = tr.partners[c];
                if (p == kStaysUnmatched) {
                    acc += values[tr.sources[c]];
                } else if ((allowed >> p) & 1) {
                    acc += lambda * values[tr.sources[c]];
                }
            }
            next[d] = acc;
            top = std::max(top, acc);
        }
        // Keep the largest entry near 1: the exponent absorbs the growth of Z.
        if (top > 0) {
            int e = 0;
            std::frexp(top, &e);
            if (e > 512 || e < -512) {
                for (long double& x : next) x = std::ldexp(x, -e);
                exponent += e;
            }
        }
        values.swap(next);
        if (!reuse) masks = tr.targets;
        if (stats) {
            long double total = 0;
            for (long double x : values) total += x;
            stats->states[t] = values.size();
            stats->log2_total[t] = double(std::log2(total)) + double(exponent);
        }
    }
    ScaledValue z;
    for (long double x : values) z.mantissa += x;  // one state (mask 0) at the end
    z.exponent = exponent;
    return z;
}

}  // namespace dimerlab::exact_detail
