#pragma once
// The chain's speed as the status line and the HUD show it: three significant digits in the unit
// that fits (updates/s, k, M, G), so a slow chain on a large graph never reads "0.0 M updates/s".
// While the chain runs but no update has been counted yet it says so instead of showing zero.
#include <QString>

namespace dimerlab::app {

QString update_rate_text(double updates_per_s, bool running);

// The HUD line of an exact sampler (shuffling, coupling from the past): how many new independent
// samples it draws per second, which on a large region is far fewer than the frames drawn.
QString exact_sample_rate_text(double samples_per_s, bool running);

}  // namespace dimerlab::app
