#include "session_replay.hpp"

#include <algorithm>
#include <cmath>

#include "graph/graph_spec.hpp"
#include "lab_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {

SessionReplay::SessionReplay(const Session& session) {
    graph_ = std::make_shared<const Graph>(make_graph(session.graph));
    if (graph_->num_edges() == 0)
        throw InputError("graph spec '" + session.graph + "' has no edges: nothing to sample");
    // Every backend, CUDA included: the frames are a function of the matching only, and the exact
    // backends replay the same matching bit for bit.
    LabSampler lab = make_lab_sampler(*graph_, session);
    sampler_ = std::move(lab.sampler);
    notice_ = lab.notice.toStdString();
    sampler_->advance(session.update_index);
    scene_ = std::make_shared<const SceneGeometry>(graph_);
}

std::uint64_t SessionReplay::updates_per_frame(double sweeps_per_frame) const {
    const double updates = std::round(sweeps_per_frame * double(graph_->num_edges()));
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(updates));
}

}  // namespace dimerlab::app
