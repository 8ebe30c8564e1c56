// A deliberately racy kernel, run through the CUDA-on-host layer: every grid thread increments
// one counter without atomicAdd. In the ThreadSanitizer build, tsan_catches_planted_race passes
// only when TSan reports the race; in the access-shadow build, shadow_catches_planted_race passes
// only when the shadow names the racy kernel and finds nothing in the same increments done with
// atomicAdd. So a run of either detector that sees nothing elsewhere proves something.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void racy_increment_kernel(unsigned* counter) {
    *counter = *counter + 1;
}

__global__ void atomic_increment_kernel(unsigned* counter) {
    atomicAdd(counter, 1u);
}

namespace {

unsigned run(void (*kernel)(unsigned*), const char* name) {
    unsigned* counter = nullptr;
    if (cudaMalloc(&counter, sizeof(unsigned)) != cudaSuccess) return 0;
    cudaMemset(counter, 0, sizeof(unsigned));
    cuda_on_host::launch_of(kernel, 4, 64, name)(counter);
    const cudaError_t err = cudaGetLastError();
    unsigned total = 0;
    cudaMemcpy(&total, counter, sizeof total, cudaMemcpyDeviceToHost);
    cudaFree(counter);
    std::printf("%s: counter %u of 256 increments, launch %s\n", name, total,
                err == cudaSuccess ? "clean" : "failed");
    std::fflush(stdout);
    return total;
}

}  // namespace

int main() {
    run(racy_increment_kernel, "racy_increment_kernel");
    run(atomic_increment_kernel, "atomic_increment_kernel");
    return 0;
}
