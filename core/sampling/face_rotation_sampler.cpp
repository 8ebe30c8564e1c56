#include "sampling/face_rotation_sampler.hpp"

#include <algorithm>

#include "model/face_rotation_rule.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "parallel/tape_batch.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

Dynamics checked_face_dynamics(Dynamics d) {
    if (d != Dynamics::rotation && d != Dynamics::glauber_rotation)
        throw InputError("the face-rotation sampler runs rotation or glauber+rotation, not " +
                         std::string(dynamics_name(d)));
    return d;
}

}  // namespace

FaceRotationSampler::FaceRotationSampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                         LambdaRecord record, MateArray start)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      dynamics_(checked_face_dynamics(dynamics)),
      faces_(lattice_faces(graph)),
      face_coins_(graph, faces_) {}

void FaceRotationSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const HeatBathThresholds thresholds(graph_.weights(), lambda);
    const CoinThresholds edge_coins = thresholds.view();
    const FaceChainView view{graph_.edges().data(),  graph_.num_edges(),
                             faces_.vertices.data(), faces_.num_faces(),
                             faces_.face_size,       dynamics_ == Dynamics::glauber_rotation,
                             face_coins_.view()};
    alignas(64) std::uint32_t b0[kTapeBatch], b1[kTapeBatch], b2[kTapeBatch], b3[kTapeBatch];
    std::uint32_t* mate = mate_.data();
    std::int64_t delta = 0;
    for (std::uint64_t i = 0; i < count; i += kTapeBatch) {
        tape_words_batch(seed_, t_begin + i, b0, b1, b2, b3);
        const std::uint64_t n = std::min<std::uint64_t>(kTapeBatch, count - i);
        for (std::uint64_t j = 0; j < n; ++j)
            delta += face_chain_update(mate, view, TapeWords{b0[j], b1[j], b2[j], b3[j]}, edge_coins);
    }
    dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + delta);
}

}  // namespace dimerlab
