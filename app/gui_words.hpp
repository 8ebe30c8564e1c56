#pragma once
// The lab layer's refusals name command-line flags ("use --dynamics shuffle", "lambda = inf"); the
// window shows them in the words of its own controls ("Dynamics shuffle", "λ = ∞").
#include <QString>

namespace dimerlab::app {

QString in_gui_words(const QString& message);

// The backend a chain runs on, in words for the status bar: "CPU", "CPU, parallel" or
// "GPU: <device name>"; the technical names ("cpu-parallel", "cuda") stay in tooltips.
QString backend_in_plain_words(const QString& backend);

}  // namespace dimerlab::app
