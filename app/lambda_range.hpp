#pragma once
// The one λ range of every control in the window (toolbar entry, Model panel slider and entry,
// heads-up slider), so the λ a control shows is always the λ the chain runs: a control can never
// clamp a running λ it cannot show, because a lab whose λ lies outside the range is refused when
// it opens (lambda_range_error) and every change afterwards comes from one of these controls.
// The sliders are logarithmic, 100 steps per decade, so λ = 1 and every power of ten sit on a step.
// λ = ∞ (perfect matchings) is not on the scale: the Model panel's slider has it as one extra
// position past kLambdaMax, and the entries read "inf" or "∞".
#include <string>

namespace dimerlab::app {

inline constexpr double kLambdaMin = 1e-4;
inline constexpr double kLambdaMax = 1e6;
inline constexpr int kLambdaStepsPerDecade = 100;

int lambda_slider_position(double lambda);  // clamped to [0, lambda_slider_steps()]
double lambda_at_slider_position(int position);
int lambda_slider_steps();  // the position of kLambdaMax
// The Model panel slider's ∞ end, one past lambda_slider_steps(); lambda_slider_position(∞) and
// lambda_at_slider_position of it give each other.
int lambda_slider_infinity_position();

// Empty when the window's controls can show and set `lambda` (λ = ∞ included); otherwise one line saying why
// not and what to use instead.
std::string lambda_range_error(double lambda);

}  // namespace dimerlab::app
