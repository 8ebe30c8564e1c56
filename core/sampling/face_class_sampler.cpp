#include "sampling/face_class_sampler.hpp"

#include <algorithm>

#include "model/face_rotation_rule.hpp"
#include "model/update_tape.hpp"

namespace dimerlab {
namespace {

// The counter word that names this chain's stream (model/update_tape.hpp): far from the small
// values of the TapeStream enum, so its coins never reuse another stream's numbers.
constexpr auto kFaceClassStream = static_cast<TapeStream>(0x46434c53u);  // "FCLS"

}  // namespace

FaceClassSampler::FaceClassSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                   MateArray start, unsigned threads, std::size_t min_chunk)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      faces_(lattice_faces(graph)),
      colouring_(colour_faces(faces_, graph.num_vertices())),
      pool_(threads, min_chunk == 0),
      min_chunk_(min_chunk) {}

void FaceClassSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double /*lambda*/) {
    // Rotations keep |M| and ignore λ.
    const std::uint64_t num_faces = faces_.num_faces();
    std::uint32_t* mate = mate_.data();
    std::uint64_t t = t_begin;
    const std::uint64_t t_end = t_begin + count;
    while (t < t_end) {
        const std::uint64_t sweep_start = t - t % num_faces;
        const auto pos = static_cast<std::uint32_t>(t - sweep_start);
        // The class holding pos, and the part of it inside [t, t_end).
        const auto next_class =
            std::upper_bound(colouring_.class_begin.begin(), colouring_.class_begin.end(), pos);
        const std::uint64_t class_end = sweep_start + *next_class;
        const std::uint64_t stop = std::min(class_end, t_end);
        const std::uint64_t first = t;
        pool_.for_chunks(
            static_cast<std::size_t>(stop - first),
            [&](unsigned, std::size_t begin, std::size_t end) {
                for (std::size_t i = begin; i < end; ++i) {
                    const std::uint64_t ti = first + i;
                    const std::uint32_t f = colouring_.order[static_cast<std::size_t>(ti - sweep_start)];
                    face_rotation_update(mate, faces_.vertices.data() + std::size_t(f) * faces_.face_size,
                                         faces_.face_size,
                                         tape_face_phase_a(tape_words(seed_, ti, kFaceClassStream)));
                }
            },
            min_chunk_);
        t = stop;
    }
}

}  // namespace dimerlab
