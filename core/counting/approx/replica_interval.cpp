#include "counting/approx/replica_interval.hpp"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <stdexcept>

namespace dimerlab {

double student_t_quantile(double confidence, double degrees_of_freedom) {
    const boost::math::students_t dist(degrees_of_freedom);
    return boost::math::quantile(dist, 0.5 + confidence / 2);
}

double chi_squared_quantile(double probability, double degrees_of_freedom) {
    const boost::math::chi_squared dist(degrees_of_freedom);
    return boost::math::quantile(dist, probability);
}

ReplicaInterval replica_interval(std::span<const double> values, double confidence) {
    if (values.size() < 2) throw std::invalid_argument("replica_interval needs two values");
    const double r = static_cast<double>(values.size());
    ReplicaInterval out;
    for (double v : values) out.mean += v;
    out.mean /= r;
    double ss = 0;
    for (double v : values) ss += (v - out.mean) * (v - out.mean);
    out.sd = std::sqrt(ss / (r - 1));
    out.half_width = student_t_quantile(confidence, r - 1) * out.sd / std::sqrt(r);
    out.lo = out.mean - out.half_width;
    out.hi = out.mean + out.half_width;
    return out;
}

}  // namespace dimerlab
