/** @file launch.hpp
 *  @brief Kernel launches on the host: launch_of(kernel, grid, block)(args...) is what
 *  DIMERLAB_LAUNCH (gpu/src/cuda_launch.cuh) expands to here, and kernel<<<grid, block>>> under
 *  nvcc. The arguments are converted to the kernel's parameter types once, as a launch copies
 *  them; every pointer argument must be null or point into a device allocation. The grid's
 *  threads then run on a worker pool in a shuffled order (see run_grid). */
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuda_on_host/runtime_api.hpp"

namespace cuda_on_host {

// Runs thread_body once for every thread of the grid, with blockIdx/threadIdx/blockDim/gridDim
// set, on the pool's workers in an order shuffled by (schedule seed, launch number), and returns
// when all have finished. A bad configuration runs nothing and records
// cudaErrorInvalidConfiguration, as a real launch does.
// `kernel` names the kernel in the access shadow's reports (access_shadow.hpp).
void run_grid(dim3 grid, dim3 block, const std::function<void()>& thread_body, const char* kernel);

// The seed of the launch orders. Starts from CUDA_ON_HOST_SCHEDULE_SEED (default 1); tests set
// it per case so that each case sees other orders.
void set_schedule_seed(std::uint64_t seed);
std::uint64_t schedule_seed();
// The order in which a launch of `threads` threads with order seed `seed` visits them: position ->
// linear thread id (exposed so that tests can check it is a seeded permutation).
std::vector<std::uint64_t> launch_order(std::uint64_t threads, std::uint64_t seed);
// How many workers run a grid: CUDA_ON_HOST_THREADS, else the hardware threads, at least 2 so
// that two grid threads can always overlap.
unsigned worker_count();

namespace detail {
template <class T>
bool valid_argument(const T& value) {
    if constexpr (std::is_pointer_v<T> && !std::is_function_v<std::remove_pointer_t<T>>)
        return value == nullptr || is_device_pointer(value);
    else
        return true;
}
}  // namespace detail

template <class... Params>
class Launch {
  public:
    static_assert((!std::is_reference_v<Params> && ...), "kernel parameters are passed by value");
    Launch(void (*kernel)(Params...), dim3 grid, dim3 block, const char* name)
        : kernel_(kernel), grid_(grid), block_(block), name_(name) {}

    template <class... Args>
    void operator()(Args&&... args) const {
        static_assert(sizeof...(Args) == sizeof...(Params), "wrong number of kernel arguments");
        const std::tuple<std::remove_cv_t<Params>...> params(
            static_cast<Params>(std::forward<Args>(args))...);
        const bool valid =
            std::apply([](const auto&... p) { return (detail::valid_argument(p) && ...); }, params);
        if (!valid) {
            record_error(cudaErrorInvalidDevicePointer);
            return;
        }
        run_grid(
            grid_, block_, [&] { std::apply(kernel_, params); }, name_);
    }

  private:
    void (*kernel_)(Params...);
    dim3 grid_, block_;
    const char* name_;
};

template <class... Params>
Launch<Params...> launch_of(void (*kernel)(Params...), dim3 grid, dim3 block,
                            const char* name = "(unnamed)") {
    return Launch<Params...>(kernel, grid, block, name);
}

}  // namespace cuda_on_host
