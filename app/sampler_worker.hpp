#pragma once
// The chain's own thread. The GUI queues commands (play, pause, step, λ, speed, reset, replay);
// the worker applies them in order between blocks, so a λ change takes effect at the update
// index the sampler has reached and is recorded there (Sampler::set_lambda): replaying
// (seed, record) gives the same run. After every block or command it publishes a Snapshot
// through a SnapshotExchange, which the GL thread reads without waiting.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <variant>

#include "sampling/sampler.hpp"
#include "snapshot_exchange.hpp"

namespace dimerlab::app {

class SamplerWorker {
  public:
    // Starts the thread, paused, and publishes the initial state.
    explicit SamplerWorker(std::unique_ptr<Sampler> sampler, double sweeps_per_frame = 1);
    ~SamplerWorker();
    SamplerWorker(const SamplerWorker&) = delete;
    SamplerWorker& operator=(const SamplerWorker&) = delete;

    void play();
    void pause();
    void step(std::uint64_t updates);
    // One frame's worth of sweeps, the same amount a running frame does.
    void step_frame();
    void set_lambda(double lambda);  // λ must be valid (check_lambda) before it is queued
    void set_sweeps_per_frame(double sweeps);
    // Runs the chain (without drawing each block) until `time() == update`; a no-op if past it.
    void advance_to(std::uint64_t update);
    // Swaps in a new chain on the same graph (reset); `generation` marks its snapshots.
    void reset(std::unique_ptr<Sampler> sampler, std::uint64_t generation);
    // The GUI's frame clock: while running, each tick lets the worker run one frame of sweeps.
    // Ticks do not pile up: a slow chain simply runs behind the display.
    void frame_tick();

    SnapshotExchange& snapshots() { return exchange_; }
    // Blocks until every queued command is applied and published (tests, automation, save).
    void wait_idle();

  private:
    struct Play {
        bool on;
    };
    struct Step {
        std::uint64_t updates;
    };
    struct StepFrame {};
    struct SetLambda {
        double lambda;
    };
    struct SetSpeed {
        double sweeps;
    };
    struct AdvanceTo {
        std::uint64_t update;
    };
    struct Reset {
        std::shared_ptr<Sampler> sampler;  // shared: std::function-free variants need copyable
        std::uint64_t generation;
    };
    using Command = std::variant<Play, Step, StepFrame, SetLambda, SetSpeed, AdvanceTo, Reset>;

    void push(Command command);
    void run();
    void apply(Command& command);
    void advance(std::uint64_t updates);
    std::uint64_t frame_updates() const;
    void publish();

    std::shared_ptr<Sampler> sampler_;  // touched by the worker thread only, once started
    double sweeps_per_frame_ = 1;
    bool running_ = false;
    std::uint64_t generation_ = 0;
    Snapshot back_;
    SnapshotExchange exchange_;

    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable idle_;
    std::deque<Command> queue_;
    int ticks_ = 0;
    bool busy_ = false;
    std::atomic<bool> stop_ = false;
    std::thread thread_;
};

}  // namespace dimerlab::app
