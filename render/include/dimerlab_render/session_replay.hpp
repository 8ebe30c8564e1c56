#pragma once
// A session's chain replayed from update 0 to its update index, independent of any window: the
// start of an exported animation. Same seed, λ record and dynamics give the same matching bit for
// bit, on the session's backend or any other (cpu-parallel is exact: it reproduces the sequential
// trajectory).
#include <cstdint>
#include <memory>
#include <string>

#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/scene_geometry.hpp"

namespace dimerlab::render {

class SessionReplay {
  public:
    // On the session's backend (make_sampler, run_on_cpu: cuda and impossible combinations run on
    // cpu, and notice() says so). InputError for a bad graph spec or a graph without edges.
    explicit SessionReplay(const Session& session);

    const Graph& graph() const { return *graph_; }
    const std::shared_ptr<const SceneGeometry>& scene() const { return scene_; }
    Sampler& sampler() { return *sampler_; }
    // Empty, or one line saying the session's backend was replaced by cpu.
    const std::string& notice() const { return notice_; }

    // Updates per frame for `sweeps_per_frame` sweeps: the viewport's rule (round(s·m), at least 1),
    // so an exported video moves at the speed the window showed.
    std::uint64_t updates_per_frame(double sweeps_per_frame) const;

  private:
    std::shared_ptr<const Graph> graph_;
    std::shared_ptr<const SceneGeometry> scene_;
    std::unique_ptr<Sampler> sampler_;
    std::string notice_;
};

}  // namespace dimerlab::render
