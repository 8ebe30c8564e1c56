#pragma once
// Student-t interval on the mean of independent replica estimates (docs/algorithms.md §5.4).
#include <span>

namespace dimerlab {

struct ReplicaInterval {
    double mean = 0;
    double sd = 0;  // sample standard deviation of the replicas
    double half_width = 0;
    double lo = 0;
    double hi = 0;
};

// Two-sided quantile t_{df, (1 + confidence) / 2}.
double student_t_quantile(double confidence, double degrees_of_freedom);

// Lower-tail quantile of the χ² distribution: P(χ²_df <= x) = probability.
double chi_squared_quantile(double probability, double degrees_of_freedom);

// mean ± t_{R-1} sd / √R over R >= 2 values.
ReplicaInterval replica_interval(std::span<const double> values, double confidence);

}  // namespace dimerlab
