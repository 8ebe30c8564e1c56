#include "dimerlab_render/session_replay.hpp"

#include <algorithm>
#include <cmath>

#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

namespace dimerlab::render {

SessionReplay::SessionReplay(const Session& session) {
    graph_ = std::make_shared<const Graph>(make_graph(session.graph));
    if (graph_->num_edges() == 0)
        throw InputError("graph spec '" + session.graph + "' has no edges: nothing to sample");
    // Every backend, CUDA included: the frames are a function of the matching only, and the exact
    // backends replay the same matching bit for bit.
    BuiltSampler built = make_sampler(*graph_, session, WhenUnavailable::run_on_cpu);
    sampler_ = std::move(built.sampler);
    notice_ = std::move(built.notice);
    sampler_->advance(session.update_index);
    scene_ = std::make_shared<const SceneGeometry>(graph_);
}

std::uint64_t SessionReplay::updates_per_frame(double sweeps_per_frame) const {
    const double updates = std::round(sweeps_per_frame * double(graph_->num_edges()));
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(updates));
}

}  // namespace dimerlab::render
