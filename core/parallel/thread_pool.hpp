#pragma once
// A fork-join pool for the CPU-parallel backends: the caller splits an index range into one
// contiguous chunk per worker and waits for all of them. Workers sleep on a condition variable
// between jobs (no spinning): the build machines share their few cores with other users.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace dimerlab {

class ThreadPool {
  public:
    // threads = 0: one per hardware thread. The calling thread counts as one of them.
    // split_finely: ignore the minimum chunk sizes, so that tests on small inputs still cross
    // chunk boundaries.
    explicit ThreadPool(unsigned threads = 0, bool split_finely = false);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }

    // Calls fn(part, begin, end) for `parts` contiguous chunks of [0, n) (parts <= size()) and
    // returns when all have finished; everything they wrote is then visible to the caller.
    // Chunk p is [n p / parts, n (p+1) / parts). An exception from fn is rethrown here.
    template <class F>
    void run_parts(std::size_t n, unsigned parts, F&& fn) {
        if (parts <= 1 || n == 0) {
            fn(0u, std::size_t{0}, n);
            return;
        }
        using Fn = std::remove_reference_t<F>;
        struct Context {
            Fn* fn;
            std::size_t n;
            unsigned parts;
        } ctx{&fn, n, parts};
        dispatch(parts, &ctx, [](void* c, unsigned part) {
            const Context& x = *static_cast<const Context*>(c);
            (*x.fn)(part, x.n * part / x.parts, x.n * (part + 1) / x.parts);
        });
    }

    // As run_parts with as many parts as workers, but never chunks smaller than min_chunk:
    // below that, waking a worker costs more than the work.
    template <class F>
    void for_chunks(std::size_t n, F&& fn, std::size_t min_chunk = 2048) {
        run_parts(n, parts_for(n, min_chunk), fn);
    }

    unsigned parts_for(std::size_t n, std::size_t min_chunk) const {
        const std::size_t by_size = (min_chunk == 0 || split_finely_) ? n : n / min_chunk;
        return static_cast<unsigned>(by_size < size() ? (by_size == 0 ? 1 : by_size) : size());
    }

  private:
    using Task = void (*)(void*, unsigned);
    void dispatch(unsigned parts, void* ctx, Task task);
    void worker_loop(unsigned index);
    void run_part(unsigned part);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::uint64_t generation_ = 0;
    unsigned parts_ = 0, pending_ = 0;
    void* ctx_ = nullptr;
    Task task_ = nullptr;
    std::exception_ptr error_;
    bool stop_ = false;
    bool split_finely_ = false;
};

}  // namespace dimerlab
