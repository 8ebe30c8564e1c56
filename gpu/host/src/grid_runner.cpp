// Runs a launch's grid threads on a fixed pool of workers (launch.hpp). The order is a
// permutation drawn per launch from (schedule seed, launch number), and worker w takes the
// permuted positions w, w + W, w + 2W, ..., so with two or more threads in the grid at least two
// workers run kernel code in every launch, and none of them is ordered before another's kernel
// code: a data race between grid threads is then a race between OS threads that ThreadSanitizer
// reports every time.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "cuda_on_host/kernel_environment.hpp"
#include "cuda_on_host/launch.hpp"

#if defined(CUDA_ON_HOST_ACCESS_SHADOW)
#include <cstdio>

#include "access_shadow.hpp"
#endif

namespace cuda_on_host {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return fallback;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text, &end, 0);
    return *end == '\0' ? v : fallback;
}

std::atomic<std::uint64_t> g_seed{env_number("CUDA_ON_HOST_SCHEDULE_SEED", 1)};
std::atomic<std::uint64_t> g_launches{0};

class WorkerPool {
  public:
    explicit WorkerPool(unsigned workers) {
        for (unsigned w = 0; w < workers; ++w) threads_.emplace_back([this, w] { serve(w); });
    }
    ~WorkerPool() {
        {
            const std::lock_guard lock(mutex_);
            stop_ = true;
        }
        start_.notify_all();
        for (std::thread& t : threads_) t.join();
    }
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    unsigned size() const { return static_cast<unsigned>(threads_.size()); }

    // One job at a time: concurrent launches from several host threads take turns.
    void run(const std::function<void(unsigned)>& job) {
        const std::lock_guard one_at_a_time(launch_mutex_);
        std::unique_lock lock(mutex_);
        job_ = &job;
        pending_ = size();
        ++generation_;
        start_.notify_all();
        done_.wait(lock, [this] { return pending_ == 0; });
        job_ = nullptr;
    }

  private:
    void serve(unsigned w) {
        std::uint64_t seen = 0;
        for (;;) {
            const std::function<void(unsigned)>* job = nullptr;
            {
                std::unique_lock lock(mutex_);
                start_.wait(lock, [&] { return stop_ || generation_ != seen; });
                if (stop_) return;
                seen = generation_;
                job = job_;
            }
            (*job)(w);
            const std::lock_guard lock(mutex_);
            if (--pending_ == 0) done_.notify_one();
        }
    }

    std::vector<std::thread> threads_;
    std::mutex launch_mutex_, mutex_;
    std::condition_variable start_, done_;
    const std::function<void(unsigned)>* job_ = nullptr;
    std::uint64_t generation_ = 0;
    unsigned pending_ = 0;
    bool stop_ = false;
};

WorkerPool& pool() {
    static WorkerPool p(worker_count());
    return p;
}

// The coordinates kernel code sees for grid thread `id` (linear: blocks in x, y, z order, threads
// within a block likewise).
void set_thread_coordinates(dim3 grid, dim3 block, std::uint64_t id) {
    const std::uint64_t per_block = std::uint64_t{block.x} * block.y * block.z;
    const std::uint64_t b = id / per_block, t = id % per_block;
    gridDim = grid;
    blockDim = block;
    blockIdx = uint3{static_cast<unsigned>(b % grid.x), static_cast<unsigned>(b / grid.x % grid.y),
                     static_cast<unsigned>(b / grid.x / grid.y)};
    threadIdx = uint3{static_cast<unsigned>(t % block.x), static_cast<unsigned>(t / block.x % block.y),
                      static_cast<unsigned>(t / block.x / block.y)};
}

bool valid_configuration(dim3 grid, dim3 block) {
    const std::uint64_t threads = std::uint64_t{block.x} * block.y * block.z;
    return grid.x >= 1 && grid.y >= 1 && grid.z >= 1 && grid.x <= 0x7fffffffu && grid.y <= 65535 &&
           grid.z <= 65535 && threads >= 1 && threads <= 1024 && block.x <= 1024 && block.y <= 1024 &&
           block.z <= 64;
}

// Position -> linear thread id. A Fisher-Yates permutation up to 2^24 threads; beyond that an
// affine map i -> (a i + b) mod n with a odd and coprime to n, which still varies per launch
// without a table of gigabytes.
class LaunchOrder {
  public:
    LaunchOrder(std::uint64_t n, std::uint64_t seed) : n_(n) {
        std::uint64_t state = seed;
        if (n <= (std::uint64_t{1} << 24)) {
            table_.resize(n);
            std::iota(table_.begin(), table_.end(), std::uint32_t{0});
            for (std::uint64_t i = n; i > 1; --i) std::swap(table_[i - 1], table_[splitmix64(state) % i]);
        } else {
            a_ = splitmix64(state) | 1;
            while (std::gcd(a_ % n, n) != 1) a_ += 2;
            b_ = splitmix64(state) % n;
        }
    }
    std::uint64_t operator[](std::uint64_t pos) const {
        if (!table_.empty()) return table_[pos];
        return static_cast<std::uint64_t>((static_cast<unsigned __int128>(a_) * pos + b_) % n_);
    }

  private:
    std::uint64_t n_, a_ = 1, b_ = 0;
    std::vector<std::uint32_t> table_;
};

}  // namespace

void set_schedule_seed(std::uint64_t seed) {
    g_seed = seed;
}

std::uint64_t schedule_seed() {
    return g_seed;
}

std::vector<std::uint64_t> launch_order(std::uint64_t threads, std::uint64_t seed) {
    const LaunchOrder order(threads, seed);
    std::vector<std::uint64_t> ids(threads);
    for (std::uint64_t pos = 0; pos < threads; ++pos) ids[pos] = order[pos];
    return ids;
}

unsigned worker_count() {
    static const unsigned count = [] {
        const std::uint64_t hw = std::max(1u, std::thread::hardware_concurrency());
        return static_cast<unsigned>(
            std::clamp<std::uint64_t>(env_number("CUDA_ON_HOST_THREADS", hw), 2, 64));
    }();
    return count;
}

void run_grid(dim3 grid, dim3 block, const std::function<void()>& thread_body, const char* kernel) {
    if (!valid_configuration(grid, block)) {
        record_error(cudaErrorInvalidConfiguration);
        return;
    }
    const std::uint64_t per_block = std::uint64_t{block.x} * block.y * block.z;
    const std::uint64_t blocks = std::uint64_t{grid.x} * grid.y * grid.z;
    const std::uint64_t total = per_block * blocks;
    std::uint64_t state = g_seed.load() ^ (0xD1B54A32D192ED03ull * (g_launches.fetch_add(1) + 1));
    const LaunchOrder order(total, splitmix64(state));
#if defined(CUDA_ON_HOST_ACCESS_SHADOW)
    // The access shadow logs per OS thread: the grid runs on the calling thread, in the same
    // shuffled order, and every pair of grid threads is compared however they were ordered.
    shadow::begin_launch(kernel);
    bool failed_here = false;
    for (std::uint64_t pos = 0; pos < total && !failed_here; ++pos) {
        const std::uint64_t id = order[pos];
        set_thread_coordinates(grid, block, id);
        shadow::begin_thread(id);
        try {
            thread_body();
        } catch (...) {
            failed_here = true;
        }
    }
    const std::vector<std::string> races = shadow::end_launch();
    for (const std::string& line : races)
        std::fprintf(stderr, "CUDA-on-host access shadow: %s\n", line.c_str());
    if (failed_here || !races.empty()) record_error(cudaErrorLaunchFailure);
    return;
#else
    (void)kernel;
#endif
    std::atomic<bool> failed{false};
    std::atomic<unsigned> arrived{0};
    WorkerPool& workers = pool();
    const unsigned stride = workers.size();
    workers.run([&](unsigned w) {
        // Every worker has taken the job before any runs kernel code. Without this latch a worker
        // that finished early could hand its writes to a late one through the pool's mutex, and
        // ThreadSanitizer would see them as ordered.
        arrived.fetch_add(1);
        while (arrived.load() < stride) std::this_thread::yield();
        for (std::uint64_t pos = w; pos < total && !failed.load(std::memory_order_relaxed); pos += stride) {
            set_thread_coordinates(grid, block, order[pos]);
            try {
                thread_body();
            } catch (...) {
                // Device code cannot throw; a host exception escaping a kernel body is a fault.
                failed = true;
            }
        }
    });
    if (failed) record_error(cudaErrorLaunchFailure);
}

}  // namespace cuda_on_host
