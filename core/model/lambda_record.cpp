#include "model/lambda_record.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
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

void check_lambda_or_infinite(double lambda, const char* what) {
    if (!is_infinite_lambda(lambda)) check_lambda(lambda, what);
}

double parse_lambda(std::string_view text, const char* what) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "inf" || lower == "infinity" || lower == "+inf" || lower == "\u221e") return kInfiniteLambda;
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || !(value > 0)) {
        throw InputError(std::string(what) + " '" + std::string(text) +
                         "': expected a positive number or 'inf' (perfect matchings)");
    }
    return value;
}

std::string lambda_text(double lambda) {
    if (is_infinite_lambda(lambda)) return "inf";
    char buf[64];
    const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, lambda);
    return ec == std::errc() ? std::string(buf, ptr) : std::to_string(lambda);
}

LambdaRecord::LambdaRecord(double initial_lambda) {
    check_lambda_or_infinite(initial_lambda);
    changes_.push_back({0, initial_lambda});
}

void LambdaRecord::change_at(std::uint64_t at_update, double lambda) {
    check_lambda_or_infinite(lambda);
    if (is_infinite_lambda(lambda) != infinite()) {
        throw InputError("lambda change to " + lambda_text(lambda) + " at update " +
                         std::to_string(at_update) +
                         ": a run stays at lambda = inf (perfect matchings) or finite throughout");
    }
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
