#pragma once
// Work a panel starts off the GUI thread (exact references, estimates, coalescence runs, Jacobi
// statistics, checks): each task runs on its own thread and hands results back to the panel's
// thread through queued calls, which run only while the panel lives. The GUI never waits on a
// task: when the panel goes (the window closes) its tasks are cancelled and left to finish alone,
// and what they post afterwards is dropped. So the work must capture data, never the panel, and a
// long task should poll TaskContext::cancelled().
#include <QCoreApplication>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <atomic>
#include <memory>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace dimerlab::app {

namespace detail {
struct TaskShared {
    QPointer<QObject> owner;  // read on the owner's thread only
    std::atomic<bool> cancelled{false};
    std::atomic<bool> finished{false};
};
std::atomic<int>& tasks_running();
}  // namespace detail

// What a running task sees of its owner.
class TaskContext {
  public:
    explicit TaskContext(std::shared_ptr<detail::TaskShared> shared) : shared_(std::move(shared)) {}

    bool cancelled() const { return shared_->cancelled.load(); }
    // For work that takes a cancel flag itself (the estimators).
    const std::atomic<bool>* cancel_flag() const { return &shared_->cancelled; }

    // Runs f on the owner's thread, unless the owner is gone by then.
    template <class F>
    void post(F f) const {
        QCoreApplication* app = QCoreApplication::instance();
        if (app == nullptr) return;
        QMetaObject::invokeMethod(
            app,
            [shared = shared_, f = std::move(f)]() mutable {
                if (shared->owner) f();
            },
            Qt::QueuedConnection);
    }

  private:
    std::shared_ptr<detail::TaskShared> shared_;
};

class BackgroundTasks {
  public:
    BackgroundTasks() = default;
    BackgroundTasks(const BackgroundTasks&) = delete;
    BackgroundTasks& operator=(const BackgroundTasks&) = delete;
    // Cancels every task and leaves the running ones to end by themselves: never blocks.
    ~BackgroundTasks() {
        cancel_all();
        for (Task& t : tasks_) {
            if (t.shared->finished.load()) {
                t.thread.join();  // instant: the thread is past its last statement
            } else {
                t.thread.detach();
            }
        }
    }

    // Runs work() or work(const TaskContext&) off the GUI thread, then done(result) on the owner's
    // thread if the owner still lives.
    template <class Work, class Done>
    void run(QObject* owner, Work work, Done done) {
        reap();
        auto shared = std::make_shared<detail::TaskShared>();
        shared->owner = owner;
        detail::tasks_running().fetch_add(1);
        std::thread thread([shared, work = std::move(work), done = std::move(done)]() mutable {
            const TaskContext context(shared);
            if constexpr (std::is_invocable_v<Work&, const TaskContext&>) {
                context.post(
                    [done = std::move(done), result = work(context)]() mutable { done(std::move(result)); });
            } else {
                context.post(
                    [done = std::move(done), result = work()]() mutable { done(std::move(result)); });
            }
            shared->finished.store(true);
            detail::tasks_running().fetch_sub(1);
        });
        tasks_.push_back({std::move(thread), std::move(shared)});
    }

    // Asks every task of this owner to stop; their results still arrive (a cancelled estimate
    // reports that it was cancelled).
    void cancel_all() {
        for (Task& t : tasks_) t.shared->cancelled.store(true);
    }

    std::size_t running() const {
        std::size_t n = 0;
        for (const Task& t : tasks_) n += t.shared->finished.load() ? 0 : 1;
        return n;
    }

    // Tasks still running in this process, of every owner, those left behind by owners that are
    // gone included. The program ends without waiting for them (main.cpp).
    static int running_in_process() { return detail::tasks_running().load(); }

  private:
    struct Task {
        std::thread thread;
        std::shared_ptr<detail::TaskShared> shared;
    };

    void reap() {
        for (auto it = tasks_.begin(); it != tasks_.end();) {
            if (it->shared->finished.load()) {
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
