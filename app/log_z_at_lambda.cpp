#include "log_z_at_lambda.hpp"

#include <cmath>
#include <string>

#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {

double log_z_at_lambda(const MatchingPolynomial& polynomial, std::uint64_t vertices, double lambda) {
    if (!is_infinite_lambda(lambda)) return polynomial.log_z(lambda);
    const std::uint64_t most = polynomial.coefficients.empty() ? 0 : polynomial.coefficients.size() - 1;
    if (2 * most != vertices)
        throw InputError("no perfect matching at λ = ∞: a maximum matching has " + std::to_string(most) +
                         " dimers and covers " + std::to_string(2 * most) + " of " +
                         std::to_string(vertices) + " vertices");
    // ln of a big integer: mantissa in [0.5, 1) times 2^exponent, so no overflow.
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, polynomial.coefficients.back().get_mpz_t());
    return std::log(mantissa) + static_cast<double>(exponent) * std::log(2.0);
}

}  // namespace dimerlab::app
