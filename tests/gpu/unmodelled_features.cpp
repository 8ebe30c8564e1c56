// Compiled (never run) by the cuda_on_host_refuses_* tests: each UNMODELLED_ variant uses one
// CUDA feature that the host layer cannot run faithfully, and must fail to compile with the
// layer's message.
#include <cuda_runtime.h>

__global__ void kernel_using_unmodelled_feature(unsigned* out) {
#if defined(UNMODELLED_syncthreads)
    out[threadIdx.x] = 1;
    __syncthreads();
#elif defined(UNMODELLED_shared_memory)
    __shared__ unsigned tile[32];
    tile[threadIdx.x] = out[threadIdx.x];
#elif defined(UNMODELLED_shuffle)
    out[threadIdx.x] = __shfl_down_sync(0xffffffffu, out[threadIdx.x], 1);
#endif
}
