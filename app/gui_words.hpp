#pragma once
// The lab layer's refusals name command-line flags ("use --dynamics shuffle", "lambda = inf"); the
// window shows them in the words of its own controls ("Dynamics shuffle", "λ = ∞").
#include <QString>

namespace dimerlab::app {

QString in_gui_words(const QString& message);

}  // namespace dimerlab::app
