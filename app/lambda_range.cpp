#include "lambda_range.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "model/lambda_record.hpp"

namespace dimerlab::app {

int lambda_slider_steps() {
    static const int steps =
        static_cast<int>(std::lround(std::log10(kLambdaMax / kLambdaMin))) * kLambdaStepsPerDecade;
    return steps;
}

int lambda_slider_infinity_position() {
    return lambda_slider_steps() + 1;
}

int lambda_slider_position(double lambda) {
    if (!(lambda > 0)) return 0;
    if (is_infinite_lambda(lambda)) return lambda_slider_infinity_position();
    const double pos = (std::log10(lambda) - std::log10(kLambdaMin)) * kLambdaStepsPerDecade;
    return std::clamp(static_cast<int>(std::lround(pos)), 0, lambda_slider_steps());
}

double lambda_at_slider_position(int position) {
    if (position >= lambda_slider_infinity_position()) return kInfiniteLambda;
    position = std::clamp(position, 0, lambda_slider_steps());
    return std::pow(10.0, std::log10(kLambdaMin) + static_cast<double>(position) / kLambdaStepsPerDecade);
}

std::string lambda_range_error(double lambda) {
    if ((lambda >= kLambdaMin && lambda <= kLambdaMax) || is_infinite_lambda(lambda)) return {};
    std::ostringstream out;
    out << "λ = " << lambda << " lies outside the window's range " << kLambdaMin << " … " << kLambdaMax
        << "; dimerlab-cli runs any λ > 0";
    return out.str();
}

}  // namespace dimerlab::app
