#include "model/lambda_record.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "util/errors.hpp"

namespace dimerlab {

void check_lambda(double lambda, const char* what) {
    if (!(lambda > 0) || !std::isfinite(lambda)) {
        std::ostringstream msg;
        msg << what << " must be a positive finite number, got " << lambda;
        throw InputError(msg.str());
    }
}

LambdaRecord::LambdaRecord(double initial_lambda) {
    check_lambda(initial_lambda);
    changes_.push_back({0, initial_lambda});
}

void LambdaRecord::change_at(std::uint64_t at_update, double lambda) {
    check_lambda(lambda);
    if (at_update < changes_.back().at_update) {
        throw InputError("lambda change at update " + std::to_string(at_update) +
                         " comes before the previous change at update " +
                         std::to_string(changes_.back().at_update));
    }
    if (at_update == changes_.back().at_update) {
        changes_.back().lambda = lambda;
    } else {
        changes_.push_back({at_update, lambda});
    }
}

double LambdaRecord::lambda_at(std::uint64_t t) const {
    double l = changes_.front().lambda;
    for (const LambdaChange& c : changes_) {
        if (c.at_update > t) break;
        l = c.lambda;
    }
    return l;
}

std::uint64_t LambdaRecord::next_change_after(std::uint64_t t) const {
    for (const LambdaChange& c : changes_) {
        if (c.at_update > t) return c.at_update;
    }
    return std::numeric_limits<std::uint64_t>::max();
}

}  // namespace dimerlab
