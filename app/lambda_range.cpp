#include "lambda_range.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace dimerlab::app {

int lambda_slider_steps() {
    static const int steps =
        static_cast<int>(std::lround(std::log10(kLambdaMax / kLambdaMin))) * kLambdaStepsPerDecade;
    return steps;
}

int lambda_slider_position(double lambda) {
    if (!(lambda > 0)) return 0;
    const double pos = (std::log10(lambda) - std::log10(kLambdaMin)) * kLambdaStepsPerDecade;
    return std::clamp(static_cast<int>(std::lround(pos)), 0, lambda_slider_steps());
}

double lambda_at_slider_position(int position) {
    position = std::clamp(position, 0, lambda_slider_steps());
    return std::pow(10.0, std::log10(kLambdaMin) + static_cast<double>(position) / kLambdaStepsPerDecade);
}

std::string lambda_range_error(double lambda) {
    if (lambda >= kLambdaMin && lambda <= kLambdaMax) return {};
    std::ostringstream out;
    out << "λ = " << lambda << " lies outside the window's range " << kLambdaMin << " … " << kLambdaMax
        << "; dimerlab-cli runs any λ > 0";
    return out.str();
}

}  // namespace dimerlab::app
