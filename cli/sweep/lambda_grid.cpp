#include "sweep/lambda_grid.hpp"

#include <gmpxx.h>

#include "counting/exact/rational_lambda.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

constexpr std::size_t max_values = 100000;

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (;;) {
        const std::size_t at = text.find(sep, from);
        parts.push_back(text.substr(from, at == std::string::npos ? std::string::npos : at - from));
        if (at == std::string::npos) return parts;
        from = at + 1;
    }
}

std::vector<double> parse_range(const std::string& text, const std::vector<std::string>& parts) {
    const std::string what = "--lambda range '" + text + "'";
    const mpq_class start = parse_positive_rational(parts[0], what + " start");
    const mpq_class stop = parse_positive_rational(parts[1], what + " stop");
    if (stop < start) throw InputError(what + ": stop is below start");
    std::vector<double> values;
    const bool geometric = !parts[2].empty() && (parts[2][0] == 'x' || parts[2][0] == 'X');
    if (geometric) {
        const mpq_class factor = parse_positive_rational(parts[2].substr(1), what + " factor");
        if (factor <= 1) throw InputError(what + ": the factor after 'x' must exceed 1");
        for (mpq_class v = start; v <= stop; v *= factor) {
            if (values.size() == max_values) throw InputError(what + ": more than 100000 values");
            values.push_back(v.get_d());
        }
    } else {
        const mpq_class step = parse_positive_rational(parts[2], what + " step");
        for (mpq_class v = start; v <= stop; v += step) {
            if (values.size() == max_values) throw InputError(what + ": more than 100000 values");
            values.push_back(v.get_d());
        }
    }
    return values;
}

}  // namespace

std::vector<double> parse_lambda_grid(const std::string& text) {
    std::vector<double> values;
    const std::vector<std::string> range = split(text, ':');
    if (range.size() == 3) {
        values = parse_range(text, range);
    } else if (range.size() != 1) {
        throw InputError("--lambda '" + text +
                         "': expected a list (0.5,1,2) or a range START:STOP:STEP or "
                         "START:STOP:xFACTOR");
    } else {
        for (const std::string& item : split(text, ',')) {
            values.push_back(parse_positive_rational(item, "--lambda value '" + item + "'").get_d());
            if (values.size() > max_values) throw InputError("--lambda: more than 100000 values");
        }
    }
    for (double v : values) check_lambda(v, "--lambda");
    return values;
}

}  // namespace dimerlab::cli
