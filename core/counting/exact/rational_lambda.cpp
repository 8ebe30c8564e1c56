// Exact parsing and printing of rationals for λ and Z.
#include "counting/exact/rational_lambda.hpp"

#include <cctype>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

[[noreturn]] void bad(std::string_view text, const std::string& what) {
    throw InputError(what + " '" + std::string(text) +
                     "' is not a number; expected a positive decimal such as 1, 2.5 or 0.125");
}

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    }
    return true;
}

// Unsigned decimal with optional fraction and exponent, as an exact rational.
mpq_class parse_decimal(std::string_view s, std::string_view text, const std::string& what) {
    long exponent = 0;
    if (const auto e = s.find_first_of("eE"); e != std::string_view::npos) {
        std::string_view ex = s.substr(e + 1);
        bool negative = false;
        if (!ex.empty() && (ex[0] == '+' || ex[0] == '-')) {
            negative = ex[0] == '-';
            ex.remove_prefix(1);
        }
        if (!all_digits(ex) || ex.size() > 3) bad(text, what);
        exponent = std::stol(std::string(ex)) * (negative ? -1 : 1);
        s = s.substr(0, e);
    }
    std::string digits;
    long scale = 0;
    if (const auto dot = s.find('.'); dot != std::string_view::npos) {
        const std::string_view whole = s.substr(0, dot), frac = s.substr(dot + 1);
        if ((whole.empty() && frac.empty()) || (!whole.empty() && !all_digits(whole)) ||
            (!frac.empty() && !all_digits(frac)))
            bad(text, what);
        digits = std::string(whole) + std::string(frac);
        scale = static_cast<long>(frac.size());
    } else {
        if (!all_digits(s)) bad(text, what);
        digits = std::string(s);
    }
    mpz_class num(digits, 10), den = 1;
    exponent -= scale;
    mpz_class power;
    mpz_ui_pow_ui(power.get_mpz_t(), 10, static_cast<unsigned long>(exponent < 0 ? -exponent : exponent));
    if (exponent < 0) {
        den = power;
    } else {
        num *= power;
    }
    mpq_class q(num, den);
    q.canonicalize();
    return q;
}

}  // namespace

mpq_class parse_positive_rational(std::string_view text, const std::string& what) {
    std::string_view s = text;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty()) bad(text, what);
    mpq_class q;
    if (const auto slash = s.find('/'); slash != std::string_view::npos) {
        const mpq_class num = parse_decimal(s.substr(0, slash), text, what);
        const mpq_class den = parse_decimal(s.substr(slash + 1), text, what);
        if (den == 0) bad(text, what);
        q = num / den;
    } else {
        q = parse_decimal(s, text, what);
    }
    if (negative) q = -q;
    if (q <= 0) throw InputError(what + " must be positive (got '" + std::string(text) + "')");
    return q;
}

bool is_terminating_decimal(const mpq_class& q) {
    mpz_class d = q.get_den();
    mpz_remove(d.get_mpz_t(), d.get_mpz_t(), mpz_class(2).get_mpz_t());
    mpz_remove(d.get_mpz_t(), d.get_mpz_t(), mpz_class(5).get_mpz_t());
    return d == 1;
}

std::string exact_decimal_string(const mpq_class& q) {
    if (!is_terminating_decimal(q)) return q.get_str();
    // Scale by 10^s with s = max(a, b) for denominator 2^a 5^b, then place the point.
    mpz_class d = q.get_den();
    const unsigned long twos = mpz_remove(d.get_mpz_t(), d.get_mpz_t(), mpz_class(2).get_mpz_t());
    const unsigned long fives = mpz_remove(d.get_mpz_t(), d.get_mpz_t(), mpz_class(5).get_mpz_t());
    const unsigned long s = std::max(twos, fives);
    mpz_class power;
    mpz_ui_pow_ui(power.get_mpz_t(), 10, s);
    const mpz_class scaled = q.get_num() * power / q.get_den();
    const bool negative = scaled < 0;
    std::string digits = mpz_class(abs(scaled)).get_str();
    if (s > 0) {
        if (digits.size() <= s) digits.insert(0, s + 1 - digits.size(), '0');
        digits.insert(digits.size() - s, ".");
    }
    return (negative ? "-" : "") + digits;
}

}  // namespace dimerlab
