#pragma once
// Marks per-element functions that CPU backends and CUDA kernels share (docs/architecture.md §4);
// the C bodies that Frama-C reads use the same marker under its C name.
#include "bodies/host_device.h"

#define DIMERLAB_HD DL_HD
