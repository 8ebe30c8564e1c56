// farm_jobs: rank 0 deals job indices to the workers one at a time, each new one as a result
// comes back, and meanwhile runs jobs itself on a second thread. Only rank 0's calling thread
// talks to the other ranks (MPI_THREAD_FUNNELED). A failure anywhere stops the dealing; workers
// finish the job in hand, get told to stop, and rank 0 rethrows, so that one line reports it.
#include "dimerlab_cluster/job_farm.hpp"

#include <chrono>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "dimerlab_cluster/world.hpp"

namespace dimerlab::cluster {
namespace {

enum Tag : int { job_tag = 1, stop_tag = 2, result_tag = 3, failed_tag = 4 };

std::string encode_job(std::uint64_t job) {
    std::string bytes(sizeof job, '\0');
    std::memcpy(bytes.data(), &job, sizeof job);
    return bytes;
}

std::uint64_t decode_job(const std::string& bytes) {
    std::uint64_t job = 0;
    if (bytes.size() < sizeof job) throw std::runtime_error("job farm: short message");
    std::memcpy(&job, bytes.data(), sizeof job);
    return job;
}

void work_for_lead(World& w, const std::function<std::string(std::uint64_t)>& run) {
    for (;;) {
        const Message m = w.receive_from(0);
        if (m.tag == stop_tag) return;
        const std::uint64_t job = decode_job(m.bytes);
        try {
            w.send(0, result_tag, encode_job(job) + run(job));
        } catch (const std::exception& e) {
            w.send(0, failed_tag, "rank " + std::to_string(w.rank()) + ": " + e.what());
        }
    }
}

class Lead {
  public:
    Lead(World& w, const std::vector<std::uint64_t>& pending,
         const std::function<std::string(std::uint64_t)>& run,
         const std::function<void(const FarmResult&)>& on_result)
        : w_(w), pending_(pending), run_(run), on_result_(on_result) {}

    void farm() {
        std::thread local([this] { run_locally(); });
        int active = 0;
        for (int r = 1; r < w_.size(); ++r) {
            if (const auto job = take()) {
                w_.send(r, job_tag, encode_job(*job));
                ++active;
            } else {
                w_.send(r, stop_tag, {});
            }
        }
        for (;;) {
            bool busy = deliver_local_results();
            if (active > 0) {
                if (std::optional<Message> m = w_.poll()) {
                    busy = true;
                    handle(*m);
                    if (const auto job = take()) {
                        w_.send(m->source, job_tag, encode_job(*job));
                    } else {
                        w_.send(m->source, stop_tag, {});
                        --active;
                    }
                }
            }
            if (busy) continue;
            {
                std::lock_guard lock(mutex_);
                if (local_finished_ && local_done_.empty() && active == 0) break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        local.join();
        if (failure_) std::rethrow_exception(failure_);
    }

  private:
    std::optional<std::uint64_t> take() {
        std::lock_guard lock(mutex_);
        if (failure_ || next_ >= pending_.size()) return std::nullopt;
        return pending_[next_++];
    }

    void fail(std::exception_ptr e) {
        std::lock_guard lock(mutex_);
        if (!failure_) failure_ = e;
    }

    void run_locally() {
        try {
            while (const auto job = take()) {
                std::string bytes = run_(*job);
                std::lock_guard lock(mutex_);
                local_done_.push_back({*job, 0, std::move(bytes)});
            }
        } catch (...) {
            fail(std::current_exception());
        }
        std::lock_guard lock(mutex_);
        local_finished_ = true;
    }

    bool deliver_local_results() {
        std::deque<FarmResult> done;
        {
            std::lock_guard lock(mutex_);
            done.swap(local_done_);
        }
        for (const FarmResult& r : done) deliver(r);
        return !done.empty();
    }

    void deliver(const FarmResult& r) {
        {
            std::lock_guard lock(mutex_);
            if (failure_) return;
        }
        try {
            on_result_(r);
        } catch (...) {
            fail(std::current_exception());
        }
    }

    void handle(const Message& m) {
        if (m.tag == failed_tag) {
            fail(std::make_exception_ptr(std::runtime_error(m.bytes)));
            return;
        }
        deliver({decode_job(m.bytes), m.source, m.bytes.substr(sizeof(std::uint64_t))});
    }

    World& w_;
    const std::vector<std::uint64_t>& pending_;
    const std::function<std::string(std::uint64_t)>& run_;
    const std::function<void(const FarmResult&)>& on_result_;
    std::mutex mutex_;
    std::size_t next_ = 0;
    std::deque<FarmResult> local_done_;
    bool local_finished_ = false;
    std::exception_ptr failure_;
};

}  // namespace

void farm_jobs(const std::vector<std::uint64_t>& pending,
               const std::function<std::string(std::uint64_t job)>& run,
               const std::function<void(const FarmResult&)>& on_result) {
    World& w = world();
    if (w.is_lead()) {
        Lead(w, pending, run, on_result).farm();
    } else {
        work_for_lead(w, run);
    }
}

}  // namespace dimerlab::cluster
