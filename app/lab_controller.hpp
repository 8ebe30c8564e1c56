#pragma once
// One open session: the graph, its drawing geometry, the sampler thread and the render target it
// feeds. Owns no widgets, so tests drive it with a mock RenderTarget and no GL.
#include <QString>
#include <cstdint>
#include <memory>

#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/scene_geometry.hpp"
#include "graph/graph.hpp"
#include "render_target.hpp"
#include "sampler_worker.hpp"

namespace dimerlab::app {

// The slow part of opening a lab, with no widget or GL in it, so the window can make it on a
// worker thread: the graph (with its layout), its drawing geometry and the chain.
struct PreparedLab {
    std::shared_ptr<const Graph> graph;
    std::shared_ptr<const render::SceneGeometry> scene;
    BuiltSampler chain;
};

// Throws InputError for a bad spec, start or λ record, and for a graph without edges.
PreparedLab prepare_lab(const Session& session);

class LabController {
  public:
    // Builds the graph and the chain and queues the replay to session.update_index. Throws
    // InputError for a bad spec, start or λ record.
    LabController(const Session& session, RenderTarget& target);
    // From a lab prepare_lab(session) made (cheap: no graph or chain is built here).
    LabController(const Session& session, RenderTarget& target, PreparedLab prepared);
    ~LabController();

    // The GUI frame: lets a running chain do one frame of sweeps and, if a newer snapshot is
    // ready, hands it to the render target. Never waits. Returns true when the view changed.
    bool frame();
    // Waits for the queued commands, then shows the newest snapshot (automation, tests, save).
    void sync();

    void set_running(bool running);
    bool running() const { return running_; }
    void step_frame();
    // Throws InputError for λ that is not positive and finite; nothing is queued then.
    void set_lambda(double lambda);
    // The λ the chain runs at once the queued commands are done: a loaded session's λ at its
    // update index (the shown snapshot still carries the start's until the replay is shown), then
    // the last set_lambda. Every widget shows this one.
    double lambda() const { return lambda_; }
    void set_sweeps_per_frame(double sweeps);
    double sweeps_per_frame() const { return sweeps_per_frame_; }
    // Restarts the chain from the session's start state at the current λ (update 0).
    void reset();

    // What the window shows now, as a session: λ record and update index of the shown snapshot.
    Session current_session() const;
    // The session this lab was built from, with the speed as it is now.
    Session opened_session() const;
    void save(const QString& path) const;

    const Graph& graph() const { return *graph_; }
    // For work that may outlive this controller (background diagnostics).
    std::shared_ptr<const Graph> shared_graph() const { return graph_; }
    // The backend the chain runs on ("cpu", "cpu-parallel", "cuda"), and why it is not the
    // session's requested one (empty when it is).
    const QString& backend() const { return backend_; }
    const QString& backend_notice() const { return backend_notice_; }
    const Snapshot& snapshot() const { return shown_; }
    // For a loaded session that carries a state_hash: has the replay reproduced it?
    enum class ReplayCheck { none, pending, matched, mismatched };
    ReplayCheck replay_check() const { return replay_check_; }

  private:
    void show(const Snapshot& snapshot);

    Session session_;
    RenderTarget& target_;
    std::shared_ptr<const Graph> graph_;  // shared with the scene, which a view may keep
    std::shared_ptr<const render::SceneGeometry> scene_;
    std::unique_ptr<SamplerWorker> worker_;
    Snapshot shown_;
    bool running_ = false;
    double sweeps_per_frame_ = 1;
    double lambda_ = 1;
    std::uint64_t generation_ = 0;
    ReplayCheck replay_check_ = ReplayCheck::none;
    QString backend_;
    QString backend_notice_;
};

}  // namespace dimerlab::app
