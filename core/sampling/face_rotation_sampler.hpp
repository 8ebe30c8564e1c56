#pragma once
#include <cstdint>
#include <string_view>

#include "faces/face_coin_thresholds.hpp"
#include "faces/face_set.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// The face-rotation chains of docs/algorithms.md §2.7 on one CPU thread, update by update along
// the tape (model/face_rotation_rule.hpp defines update t). `rotation` turns faces only: it keeps
// |M|, so on its own it samples the law ∝ Π_{e∈M} w_e on one |M| level (uniform when unweighted;
// perfect matchings, when started from one), never the monomer-dimer law. `glauber+rotation` mixes
// in single-edge heat-bath updates and has the stationary law λ^|M| Π_{e∈M} w_e / Z. A weighted
// face's coin is faces/face_coin_thresholds.hpp. Throws InputError when the graph has no faces
// (faces/face_set.hpp) or the dynamics is neither of the two.
class FaceRotationSampler final : public Sampler {
  public:
    FaceRotationSampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed, LambdaRecord record,
                        MateArray start);

    std::string_view backend_name() const override { return "cpu"; }
    Dynamics dynamics() const override { return dynamics_; }
    const FaceSet& faces() const { return faces_; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    Dynamics dynamics_;
    FaceSet faces_;
    FaceCoinThresholds face_coins_;
};

}  // namespace dimerlab
