#include "counting/limits/chain_limit.hpp"

#include <cmath>
#include <string>

#include "util/errors.hpp"

namespace dimerlab {

ChainLimit chain_limit(double lambda) {
    if (!(lambda >= 0) || !std::isfinite(lambda))
        throw InputError("chain limit: lambda must be finite and >= 0, got " + std::to_string(lambda));
    const double root = std::sqrt(1 + 4 * lambda);
    const double r_plus = (1 + root) / 2;
    return {std::log(r_plus), 2 * lambda / (r_plus * root)};
}

}  // namespace dimerlab
