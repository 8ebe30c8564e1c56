/** @file cuda_runtime.h
 *  @brief The CUDA-on-host layer's stand-in for the CUDA runtime header: the runtime API over
 *  host memory, the kernel environment (qualifiers, thread coordinates, atomicAdd) and launches
 *  on a thread pool. Only targets built from the same .cu sources for host execution see it. */
#pragma once
#include "cuda_on_host/kernel_environment.hpp"
#include "cuda_on_host/launch.hpp"
#include "cuda_on_host/runtime_api.hpp"
