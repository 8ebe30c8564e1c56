#pragma once
// Work a panel starts off the GUI thread (exact references, coalescence runs, Jacobi statistics):
// each task runs on its own std::thread and hands its result back to the panel's thread through a
// queued call, so the GUI never waits on it. The owner's destructor joins what is still running,
// which is why every task must have a bounded cost; results posted to an owner that is gone are
// dropped by Qt with the owner's pending events.
#include <QMetaObject>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

namespace dimerlab::app {

class BackgroundTasks {
  public:
    BackgroundTasks() = default;
    BackgroundTasks(const BackgroundTasks&) = delete;
    BackgroundTasks& operator=(const BackgroundTasks&) = delete;
    ~BackgroundTasks() { join_all(); }

    // Runs work() off the GUI thread, then done(result) on `context`'s thread.
    template <class Work, class Done>
    void run(QObject* context, Work work, Done done) {
        reap();
        auto finished = std::make_shared<std::atomic<bool>>(false);
        std::thread thread([context, work = std::move(work), done = std::move(done), finished]() mutable {
            auto result = work();
            QMetaObject::invokeMethod(
                context,
                [done = std::move(done), result = std::move(result)]() mutable { done(std::move(result)); },
                Qt::QueuedConnection);
            finished->store(true);
        });
        tasks_.push_back({std::move(thread), std::move(finished)});
    }

    std::size_t running() const {
        std::size_t n = 0;
        for (const Task& t : tasks_) n += t.finished->load() ? 0 : 1;
        return n;
    }

    void join_all() {
        for (Task& t : tasks_) {
            if (t.thread.joinable()) t.thread.join();
        }
        tasks_.clear();
    }

  private:
    struct Task {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> finished;
    };

    // Joins finished tasks (instant: their threads are past their last statement).
    void reap() {
        for (auto it = tasks_.begin(); it != tasks_.end();) {
            if (it->finished->load()) {
                it->thread.join();
                it = tasks_.erase(it);
            } else {
                ++it;
            }
        }
    }

    std::vector<Task> tasks_;
};

}  // namespace dimerlab::app
