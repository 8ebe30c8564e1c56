#pragma once
// The dynamics the Model panel offers: every value of the core's Dynamics enum, so a dynamics the
// core gains is listed without an edit here, each with a line of plain words and, when the app
// cannot run it, the reason (the panel shows it disabled, the reason in its tooltip).
#include <QString>
#include <vector>

#include "sampling/sampler.hpp"

namespace dimerlab::app {

// Every Dynamics value, in the enum's order (enum_values.hpp).
std::vector<Dynamics> core_dynamics();

// One line for the tooltip: what the dynamics does and where it runs.
QString dynamics_words(Dynamics dynamics);

// Empty when the app can build this dynamics' chain on some small graph at a finite λ or at
// λ = ∞; otherwise the builder's own refusal. Found by building (cached): the factory, not a list
// here, decides what runs.
QString dynamics_unavailable_reason(Dynamics dynamics);

}  // namespace dimerlab::app
