#include "counting/approx/pooled_ratio.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace dimerlab {
namespace {

// ln of the mean of exp(x_r) over r != skip, shifted by the largest term so nothing overflows.
double log_mean_exp(std::span<const double> x, std::size_t skip) {
    double top = -std::numeric_limits<double>::infinity();
    std::size_t n = 0;
    for (std::size_t r = 0; r < x.size(); ++r)
        if (r != skip) {
            top = std::max(top, x[r]);
            ++n;
        }
    double sum = 0;
    for (std::size_t r = 0; r < x.size(); ++r)
        if (r != skip) sum += std::exp(x[r] - top);
    return top + std::log(sum / double(n));
}

}  // namespace

PooledEstimate pool_replicas(double offset, std::span<const ReplicaTerms> replicas) {
    if (replicas.empty()) throw std::invalid_argument("pool_replicas needs a replica");
    const std::size_t terms = replicas.front().log_means.size();
    for (const ReplicaTerms& r : replicas)
        if (r.log_means.size() != terms || r.signs.size() != terms || r.signs != replicas.front().signs)
            throw std::invalid_argument("pool_replicas: replicas with different terms");
    const std::size_t count = replicas.size();
    const std::vector<signed char>& signs = replicas.front().signs;
    PooledEstimate out;
    std::vector<double> without(count, offset);
    out.pooled = offset;
    std::vector<double> column(count);
    std::vector<double> share(count);
    for (std::size_t j = 0; j < terms; ++j) {
        if (signs[j] == 0) continue;
        double top = -std::numeric_limits<double>::infinity();
        for (std::size_t r = 0; r < count; ++r) {
            column[r] = replicas[r].log_means[j];
            top = std::max(top, column[r]);
        }
        double sum = 0;
        for (std::size_t r = 0; r < count; ++r) sum += share[r] = std::exp(column[r] - top);
        out.pooled += signs[j] * (top + std::log(sum / double(count)));
        if (count < 2) continue;
        for (std::size_t r = 0; r < count; ++r) {
            // Taking one replica's share off the sum loses every digit when that replica
            // dominates (a rare-event stage where only it saw a dimer); at most one can hold over
            // half the sum, and it is summed afresh.
            const double rest = share[r] <= 0.5 * sum ? top + std::log((sum - share[r]) / double(count - 1))
                                                      : log_mean_exp(column, r);
            without[r] += signs[j] * rest;
        }
    }
    for (const ReplicaTerms& rep : replicas) {
        double own = offset;
        for (std::size_t j = 0; j < terms; ++j) own += signs[j] * rep.log_means[j];
        out.replica_mean += own / double(count);
    }
    if (count < 2) {
        out.pseudo_values = {out.pooled};
        out.estimate = out.pooled;
        return out;
    }
    const double n = double(count);
    out.pseudo_values.resize(count);
    for (std::size_t r = 0; r < count; ++r) {
        out.pseudo_values[r] = n * out.pooled - (n - 1) * without[r];
        out.estimate += out.pseudo_values[r] / n;
    }
    double ss = 0;
    for (double p : out.pseudo_values) ss += (p - out.estimate) * (p - out.estimate);
    out.sd = std::sqrt(ss / (n - 1));
    return out;
}

}  // namespace dimerlab
