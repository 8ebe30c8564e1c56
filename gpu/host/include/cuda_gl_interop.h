/** @file cuda_gl_interop.h
 *  @brief CUDA-OpenGL interop is not modelled on the host: registering a GL buffer fails at run
 *  time with cudaErrorNotSupported, so GlEdgeStateBuffer refuses with a message. The edge-state
 *  kernels it launches run here through EdgeStateKernel, which needs no GL. */
#pragma once
#include "cuda_runtime.h"

typedef struct cudaGraphicsResource* cudaGraphicsResource_t;

enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0,
    cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2,
};

inline cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource_t*, unsigned, unsigned) {
    return cudaErrorNotSupported;
}
inline cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t) {
    return cudaErrorNotSupported;
}
inline cudaError_t cudaGraphicsMapResources(int, cudaGraphicsResource_t*, cudaStream_t = nullptr) {
    return cudaErrorNotSupported;
}
inline cudaError_t cudaGraphicsUnmapResources(int, cudaGraphicsResource_t*, cudaStream_t = nullptr) {
    return cudaErrorNotSupported;
}
inline cudaError_t cudaGraphicsResourceGetMappedPointer(void**, std::size_t*, cudaGraphicsResource_t) {
    return cudaErrorNotSupported;
}
