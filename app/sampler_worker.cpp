#include "sampler_worker.hpp"

#include <algorithm>
#include <cmath>

#include "dimerlab_render/device_edge_states.hpp"
#include "faces/cftp_sampler.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "tilings/shuffle_steps_sampler.hpp"

namespace dimerlab::app {

namespace {
// Long replays run in chunks so that closing the window does not wait for the whole replay.
constexpr std::uint64_t kChunk = std::uint64_t(1) << 22;
}  // namespace

SamplerWorker::SamplerWorker(std::unique_ptr<Sampler> sampler, double sweeps_per_frame)
    : sampler_(std::move(sampler)), sweeps_per_frame_(sweeps_per_frame) {
    publish();
    thread_ = std::thread([this] { run(); });
}

SamplerWorker::~SamplerWorker() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void SamplerWorker::push(Command command) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(command));
    }
    wake_.notify_one();
}

void SamplerWorker::play() {
    push(Play{true});
}
void SamplerWorker::pause() {
    push(Play{false});
}
void SamplerWorker::step(std::uint64_t updates) {
    push(Step{updates});
}
void SamplerWorker::step_frame() {
    push(StepFrame{});
}
void SamplerWorker::set_lambda(double lambda) {
    push(SetLambda{lambda});
}
void SamplerWorker::set_sweeps_per_frame(double sweeps) {
    push(SetSpeed{sweeps});
}
void SamplerWorker::advance_to(std::uint64_t update) {
    push(AdvanceTo{update});
}
void SamplerWorker::reset(std::unique_ptr<Sampler> sampler, std::uint64_t generation) {
    push(Reset{std::shared_ptr<Sampler>(std::move(sampler)), generation});
}

void SamplerWorker::frame_tick() {
    {
        std::lock_guard lock(mutex_);
        ticks_ = 1;
    }
    wake_.notify_one();
}

void SamplerWorker::wait_idle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

void SamplerWorker::run() {
    for (;;) {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stop_ || !queue_.empty() || (running_ && ticks_ > 0); });
        if (stop_) return;
        busy_ = true;
        if (!queue_.empty()) {
            Command command = std::move(queue_.front());
            queue_.pop_front();
            lock.unlock();
            apply(command);
        } else {
            ticks_ = 0;
            lock.unlock();
            advance(frame_updates());
        }
        publish();
        lock.lock();
        busy_ = false;
        lock.unlock();
        idle_.notify_all();
    }
}

void SamplerWorker::apply(Command& command) {
    struct Visitor {
        SamplerWorker& w;
        void operator()(const Play& c) { w.running_ = c.on; }
        void operator()(const Step& c) { w.advance(c.updates); }
        void operator()(const StepFrame&) { w.advance(w.frame_updates()); }
        void operator()(const SetLambda& c) {
            // At sampler time(). A λ = ∞ run (perfect matchings) and a finite one are different
            // state spaces and the λ record refuses a change between them: such a change (the
            // slider moved on a loaded λ = ∞ session) is dropped rather than ending this thread.
            if (is_infinite_lambda(c.lambda) != w.sampler_->lambda_record().infinite()) return;
            w.sampler_->set_lambda(c.lambda);
        }
        void operator()(const SetSpeed& c) { w.sweeps_per_frame_ = c.sweeps; }
        void operator()(const AdvanceTo& c) {
            if (c.update > w.sampler_->time()) w.advance(c.update - w.sampler_->time());
        }
        void operator()(Reset& c) {
            w.sampler_ = std::move(c.sampler);
            w.generation_ = c.generation;
        }
    };
    std::visit(Visitor{*this}, command);
}

void SamplerWorker::advance(std::uint64_t updates) {
    while (updates > 0 && !stop_) {
        const std::uint64_t chunk = std::min(updates, kChunk);
        sampler_->advance(chunk);
        updates -= chunk;
    }
}

std::uint64_t SamplerWorker::frame_updates() const {
    const double updates = std::round(sweeps_per_frame_ * sampler_->graph().num_edges());
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(updates));
}

void SamplerWorker::publish() {
    const auto mate = sampler_->mate();
    back_.mate.assign(mate.begin(), mate.end());
    back_.time = sampler_->time();
    back_.dimers = sampler_->dimers();
    back_.lambda = sampler_->lambda();
    back_.record = sampler_->lambda_record();
    back_.state_hash = state_hash(mate);
    back_.running = running_;
    back_.generation = generation_;
    back_.coalescence_sweeps.reset();
    if (const auto* cftp = dynamic_cast<const CftpSampler*>(sampler_.get()))
        back_.coalescence_sweeps = cftp->last_coalescence_sweeps();
    back_.shuffle_step.reset();
    if (const auto* steps = dynamic_cast<const ShuffleStepsSampler*>(sampler_.get()))
        back_.shuffle_step = steps->step();
    back_.device_edges = render::device_edge_states(sampler_);
    ++back_.serial;
    // The exchange hands back an older buffer in back_; serials stay increasing because each
    // publish numbers from the last one written.
    const std::uint64_t serial = back_.serial;
    exchange_.publish(back_);
    back_.serial = serial;
    back_.device_edges = {};  // an older snapshot's hold on the chain, which may have been replaced
}

}  // namespace dimerlab::app
