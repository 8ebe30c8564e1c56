/* Marks the per-element functions that the CPU backends and the CUDA kernels share
 * (docs/architecture.md §4). Valid C and C++, so that Frama-C reads the bodies that use it. */
#ifndef DIMERLAB_BODIES_HOST_DEVICE_H
#define DIMERLAB_BODIES_HOST_DEVICE_H
#if defined(__CUDACC__)
#define DL_HD __host__ __device__
#else
#define DL_HD
#endif
#endif
