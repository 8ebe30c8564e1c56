#pragma once
// The lab layer's refusals name command-line flags ("use --dynamics shuffle", "lambda = inf"); the
// window shows them in the words of its own controls ("Dynamics shuffle", "λ = ∞").
#include <QString>

#include "dimerlab_lab/sampler_factory.hpp"

namespace dimerlab::app {

QString in_gui_words(const QString& message);

// The backend a chain runs on, in words for the status bar: "CPU", "CPU, parallel" or
// "GPU: <device name>"; the technical names ("cpu-parallel", "cuda") stay in tooltips.
QString backend_in_plain_words(const QString& backend);

// The GPU in words for a class, for the HUD and the status bar: "GPU: none found, running on the
// CPU", "GPU: <name>, running on it", or "GPU: <name>, not in use (a CPU backend is chosen)";
// `details` is the probe's technical reason or the device, for a tooltip. ASCII only: the HUD's
// font has nothing else.
struct GpuWords {
    QString text;
    QString details;
};
GpuWords gpu_in_class_words(const CudaAvailability& cuda, const QString& backend);

}  // namespace dimerlab::app
