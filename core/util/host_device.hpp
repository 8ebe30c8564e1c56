#pragma once
// Marks per-element functions that CPU backends and CUDA kernels share (docs/architecture.md §4).
#if defined(__CUDACC__)
#define DIMERLAB_HD __host__ __device__
#else
#define DIMERLAB_HD
#endif
