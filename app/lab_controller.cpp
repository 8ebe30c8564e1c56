#include "lab_controller.hpp"

#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/graph_spec.hpp"
#include "lambda_range.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {

PreparedLab prepare_lab(const Session& session) {
    // The window's controls show the λ that runs; one they could not show is refused here.
    if (const std::string why = lambda_range_error(session.record.lambda_at(session.update_index));
        !why.empty())
        throw InputError(why);
    PreparedLab lab;
    lab.graph = std::make_shared<const Graph>(make_graph(session.graph));
    if (lab.graph->num_edges() == 0)
        throw InputError("graph spec '" + session.graph + "' has no edges: nothing to sample");
    lab.scene = std::make_shared<const render::SceneGeometry>(lab.graph);
    lab.chain = make_sampler(*lab.graph, session, WhenUnavailable::run_on_cpu);
    return lab;
}

LabController::LabController(const Session& session, RenderTarget& target)
    : LabController(session, target, prepare_lab(session)) {}

LabController::LabController(const Session& session, RenderTarget& target, PreparedLab prepared)
    : session_(session),
      target_(target),
      graph_(std::move(prepared.graph)),
      scene_(std::move(prepared.scene)),
      sweeps_per_frame_(session.sweeps_per_frame),
      lambda_(session.record.lambda_at(session.update_index)) {
    BuiltSampler chain = std::move(prepared.chain);
    backend_ = QString::fromUtf8(chain.sampler->backend_name());
    backend_notice_ = QString::fromStdString(chain.notice);
    worker_ = std::make_unique<SamplerWorker>(std::move(chain.sampler), sweeps_per_frame_);
    target_.set_scene(scene_);
    target_.apply_view_settings(session.view);  // without a camera: colours only, the view fits
    if (session.update_index > 0) {
        worker_->advance_to(session.update_index);
        if (session.state_hash) replay_check_ = ReplayCheck::pending;
    }
    worker_->snapshots().take(shown_);  // the start state, published by the constructor
    target_.show_snapshot(shown_);
    set_running(session.running);
}

LabController::~LabController() = default;

void LabController::show(const Snapshot& snapshot) {
    if (replay_check_ == ReplayCheck::pending && snapshot.generation == 0 &&
        snapshot.time == session_.update_index) {
        replay_check_ =
            snapshot.state_hash == *session_.state_hash ? ReplayCheck::matched : ReplayCheck::mismatched;
    }
    target_.show_snapshot(snapshot);
}

bool LabController::frame() {
    if (running_) worker_->frame_tick();
    if (!worker_->snapshots().try_take(shown_)) return false;
    show(shown_);
    return true;
}

void LabController::sync() {
    worker_->wait_idle();
    if (worker_->snapshots().take(shown_)) show(shown_);
}

void LabController::set_running(bool running) {
    running_ = running;
    if (running) {
        worker_->play();
    } else {
        worker_->pause();
    }
}

void LabController::step_frame() {
    worker_->step_frame();
}

void LabController::set_lambda(double lambda) {
    check_lambda(lambda);
    worker_->set_lambda(lambda);
    lambda_ = lambda;
}

void LabController::set_sweeps_per_frame(double sweeps) {
    if (!(sweeps > 0) || sweeps > 1e6) throw InputError("sweeps per frame must lie in (0, 1e6]");
    sweeps_per_frame_ = sweeps;
    worker_->set_sweeps_per_frame(sweeps);
}

void LabController::reset() {
    Session fresh = session_;
    fresh.record = LambdaRecord(lambda_);
    worker_->reset(make_sampler(*graph_, fresh, WhenUnavailable::run_on_cpu).sampler, ++generation_);
}

Session LabController::current_session() const {
    Session s = session_;
    s.record = shown_.record;
    s.update_index = shown_.time;
    s.state_hash = shown_.state_hash;
    s.running = running_;
    s.sweeps_per_frame = sweeps_per_frame_;
    s.view = target_.view_settings();
    return s;
}

Session LabController::opened_session() const {
    Session s = session_;
    s.sweeps_per_frame = sweeps_per_frame_;
    s.running = running_;
    return s;
}

void LabController::save(const QString& path) const {
    save_session_file(path, current_session());
}

}  // namespace dimerlab::app
