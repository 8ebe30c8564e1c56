#pragma once
#include <cstdint>
#include <string_view>

#include "faces/face_coin_thresholds.hpp"
#include "faces/face_colouring.hpp"
#include "faces/face_set.hpp"
#include "parallel/thread_pool.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// `rotation` by colour classes (docs/algorithms.md §2.7), the cpu-parallel backend of that
// dynamics: a sweep visits the face classes of colour_faces in order and rotates every face of a
// class, the faces of one class at once across the pool. Update t is the visit of face
// order[t mod F] in sweep t / F with the phase coin of tape_words(seed, t) on the face-class stream,
// so advance() may stop inside a class and the trajectory never depends on the thread count
// (tests: bit-identical to one thread). The per-face body is faces/face_class_update.hpp, which the
// CUDA backend's kernel runs too. It is a different chain from the random-face `rotation`
// of the cpu backend (systematic scan), with the same invariant laws: each class kernel is a
// product of commuting face kernels, each reversible for Π_{e∈M} w_e, so that law (uniform when
// unweighted) on each |M| level is kept.
class FaceClassSampler final : public Sampler {
  public:
    // threads = 0: one per hardware thread. min_chunk: fewest faces per worker (0 splits every
    // class across all threads, for tests).
    FaceClassSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start,
                     unsigned threads = 0, std::size_t min_chunk = 4096);

    std::string_view backend_name() const override { return "cpu-parallel"; }
    Dynamics dynamics() const override { return Dynamics::rotation; }
    const FaceSet& faces() const { return faces_; }
    const FaceColouring& colouring() const { return colouring_; }
    const FaceCoinThresholds& face_coins() const { return face_coins_; }
    unsigned threads() const { return pool_.size(); }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    FaceSet faces_;
    FaceColouring colouring_;
    FaceCoinThresholds face_coins_;
    ThreadPool pool_;
    std::size_t min_chunk_;
};

}  // namespace dimerlab
