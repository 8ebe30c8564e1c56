/** @file cuda_launch.cuh
 *  @brief One launch syntax for both builds of the kernel sources: DIMERLAB_LAUNCH(kernel, grid,
 *  block)(args...) is kernel<<<grid, block>>>(args...) under nvcc, and a launch on the host
 *  layer's worker pool when the same file is compiled for host execution (gpu/host,
 *  docs/cuda-on-host.md). */
#pragma once
#include <cuda_runtime.h>

#if defined(CUDA_ON_HOST)
#define DIMERLAB_LAUNCH(kernel, grid, block) ::cuda_on_host::launch_of(kernel, grid, block, #kernel)
#else
#define DIMERLAB_LAUNCH(kernel, grid, block) kernel<<<grid, block>>>
#endif
