#pragma once
// Edge weights as typed in files and specs: exact positive rationals. A decimal such as 0.1 is
// the rational 1/10, not the double nearest it, so that exact counts with weights are exact.
#include <optional>
#include <string>
#include <string_view>

namespace dimerlab {

struct ExactWeight {
    std::string exact;  // lowest terms: "3", "5/2", "1/10"
    double value = 0;   // the double nearest below exact, for the samplers' thresholds
    friend bool operator==(const ExactWeight& a, const ExactWeight& b) { return a.exact == b.exact; }
};

// Reads an integer ("3"), a decimal ("0.25", ".5", "2."), scientific notation ("1e-3",
// "2.5E+2") or a fraction of two integers ("3/4"). Returns nullopt, with the reason in *why,
// for anything else and for weights that are zero or negative, not a number, or whose double
// value is zero or infinite (a double must represent the weight for the samplers).
std::optional<ExactWeight> parse_exact_weight(std::string_view text, std::string* why);

// w^k exactly (k may be negative). Its value is 0 or infinite when the power leaves a double's range.
ExactWeight power_of(const ExactWeight& w, long k);

}  // namespace dimerlab
