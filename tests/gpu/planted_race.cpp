// A deliberately racy kernel, run through the CUDA-on-host layer in the ThreadSanitizer build:
// every grid thread increments one counter without atomicAdd. The tsan_catches_planted_race
// test passes only when TSan reports the race, so a TSan run that sees nothing proves something.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void racy_increment_kernel(unsigned* counter) {
    *counter = *counter + 1;
}

int main() {
    unsigned* counter = nullptr;
    if (cudaMalloc(&counter, sizeof(unsigned)) != cudaSuccess) return 1;
    cudaMemset(counter, 0, sizeof(unsigned));
    cuda_on_host::launch_of(racy_increment_kernel, 4, 64)(counter);
    unsigned total = 0;
    cudaMemcpy(&total, counter, sizeof total, cudaMemcpyDeviceToHost);
    cudaFree(counter);
    std::printf("counter %u of 256 increments\n", total);
    return 0;
}
