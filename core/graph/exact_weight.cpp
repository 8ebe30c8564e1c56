#include "graph/exact_weight.hpp"

#include <gmpxx.h>

#include <cctype>
#include <cmath>

namespace dimerlab {

namespace {

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (const char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

// Exponents beyond this would make a rational of millions of digits for a weight no double holds.
constexpr long kMaxExponent = 4000;

std::optional<mpq_class> parse_decimal(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    long exponent = 0;
    const std::size_t e = text.find_first_of("eE");
    if (e != std::string_view::npos) {
        std::string_view exp_text = text.substr(e + 1);
        text = text.substr(0, e);
        bool exp_negative = false;
        if (!exp_text.empty() && (exp_text.front() == '+' || exp_text.front() == '-')) {
            exp_negative = exp_text.front() == '-';
            exp_text.remove_prefix(1);
        }
        if (!all_digits(exp_text) || exp_text.size() > 6) return std::nullopt;
        exponent = std::stol(std::string(exp_text));
        if (exp_negative) exponent = -exponent;
    }
    const std::size_t dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    const std::string_view frac = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    if (whole.empty() && frac.empty()) return std::nullopt;
    if ((!whole.empty() && !all_digits(whole)) || (!frac.empty() && !all_digits(frac))) return std::nullopt;
    exponent -= static_cast<long>(frac.size());
    if (exponent > kMaxExponent || exponent < -kMaxExponent) return std::nullopt;
    mpz_class digits(std::string(whole) + std::string(frac), 10);
    if (negative) digits = -digits;
    mpz_class scale;
    mpz_ui_pow_ui(scale.get_mpz_t(), 10, static_cast<unsigned long>(exponent < 0 ? -exponent : exponent));
    mpq_class q = exponent < 0 ? mpq_class(digits, scale) : mpq_class(digits * scale);
    q.canonicalize();
    return q;
}

ExactWeight weight_of(const mpq_class& q) {
    return ExactWeight{q.get_str(10), q.get_d()};
}

}  // namespace

std::optional<ExactWeight> parse_exact_weight(std::string_view text, std::string* why) {
    auto refuse = [&](const std::string& reason) -> std::optional<ExactWeight> {
        if (why) *why = reason;
        return std::nullopt;
    };
    std::optional<mpq_class> q;
    const std::size_t slash = text.find('/');
    if (slash != std::string_view::npos) {
        const std::string_view p = text.substr(0, slash), d = text.substr(slash + 1);
        if (!all_digits(p) || !all_digits(d) || p.size() > 4000 || d.size() > 4000) {
            return refuse("a fraction is two whole numbers p/q");
        }
        const mpz_class den(std::string(d), 10);
        if (den == 0) return refuse("the denominator is 0");
        q = mpq_class(mpz_class(std::string(p), 10), den);
        q->canonicalize();
    } else {
        std::string lowered(text);
        for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lowered.find("nan") != std::string::npos) return refuse("not a number");
        if (lowered.find("inf") != std::string::npos) return refuse("weights must be finite");
        q = parse_decimal(text);
        if (!q) return refuse("expected a number such as 2, 0.25, 1e-3 or 3/4");
    }
    if (sgn(*q) <= 0) return refuse("weights must be positive");
    const ExactWeight w = weight_of(*q);
    if (!(w.value > 0) || !std::isfinite(w.value) || !std::isnormal(w.value)) {
        return refuse("the weight is outside the range of a double");
    }
    return w;
}

ExactWeight power_of(const ExactWeight& w, long k) {
    mpq_class q(w.exact, 10);
    q.canonicalize();
    const unsigned long e = static_cast<unsigned long>(k < 0 ? -k : k);
    mpz_class num, den;
    mpz_pow_ui(num.get_mpz_t(), q.get_num_mpz_t(), e);
    mpz_pow_ui(den.get_mpz_t(), q.get_den_mpz_t(), e);
    mpq_class p = k < 0 ? mpq_class(den, num) : mpq_class(num, den);
    p.canonicalize();
    return weight_of(p);
}

}  // namespace dimerlab
