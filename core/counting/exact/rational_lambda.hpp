#pragma once
// λ as an exact rational from the text the user typed, and exact decimal output of Z.
#include <gmpxx.h>

#include <string>
#include <string_view>

namespace dimerlab {

// Accepts decimals ("1", "2.5", "0.125", ".5", "3e-2") and fractions ("1/3"). Throws InputError
// naming `what` for anything else and for λ ≤ 0.
mpq_class parse_positive_rational(std::string_view text, const std::string& what = "--lambda");

// True when q has a finite decimal expansion (denominator 2^a 5^b).
bool is_terminating_decimal(const mpq_class& q);

// Exact decimal ("1234", "2.5", "0.0625") when q terminates, else "p/q".
std::string exact_decimal_string(const mpq_class& q);

}  // namespace dimerlab
