#include "parallel/thread_pool.hpp"

#include <algorithm>
#include <utility>

namespace dimerlab {

ThreadPool::ThreadPool(unsigned threads, bool split_finely) : split_finely_(split_finely) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    workers_.reserve(threads - 1);
    for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this, i] { worker_loop(i); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void ThreadPool::run_part(unsigned part) {
    try {
        task_(ctx_, part);
    } catch (...) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
    }
}

void ThreadPool::dispatch(unsigned parts, void* ctx, Task task) {
    {
        std::lock_guard lock(mutex_);
        ctx_ = ctx;
        task_ = task;
        parts_ = parts;
        pending_ = parts - 1;
        error_ = nullptr;
        ++generation_;
    }
    wake_.notify_all();
    run_part(0);
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void ThreadPool::worker_loop(unsigned index) {
    std::uint64_t seen = 0;
    for (;;) {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        if (index >= parts_) continue;
        lock.unlock();
        run_part(index);
        lock.lock();
        if (--pending_ == 0) done_.notify_one();
    }
}

}  // namespace dimerlab
