#include "sampling/face_class_sampler.hpp"

#include "faces/face_class_update.hpp"

namespace dimerlab {

FaceClassSampler::FaceClassSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                   MateArray start, unsigned threads, std::size_t min_chunk)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      faces_(lattice_faces(graph)),
      colouring_(colour_faces(faces_, graph.num_vertices())),
      face_coins_(graph, faces_),
      pool_(threads, min_chunk == 0),
      min_chunk_(min_chunk) {}

void FaceClassSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double /*lambda*/) {
    // Rotations keep |M| and ignore λ.
    std::uint32_t* mate = mate_.data();
    const CoinThresholds coins = face_coins_.view();
    const std::uint64_t t_end = t_begin + count;
    for (std::uint64_t t = t_begin; t < t_end;) {
        const FaceClassPiece piece = face_class_piece(colouring_, t, t_end);
        pool_.for_chunks(
            std::size_t{piece.end} - piece.begin,
            [&](unsigned, std::size_t begin, std::size_t end) {
                for (std::size_t i = begin; i < end; ++i)
                    face_class_thread(mate, faces_.vertices.data(), faces_.face_size, colouring_.order.data(),
                                      piece.begin, piece.end, i, seed_, piece.sweep_start, coins);
            },
            min_chunk_);
        t = piece.sweep_start + piece.end;
    }
}

}  // namespace dimerlab
