#include "faces/face_colouring.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace dimerlab {

FaceColouring colour_faces(const FaceSet& faces, std::uint32_t num_vertices) {
    const std::uint32_t num_faces = faces.num_faces();
    // Classes used at each vertex so far, as a bit mask (a vertex lies on at most 4 square or 3
    // hexagonal faces, so greedy never needs more than 1 + 4 (face_size - 1) classes < 64).
    std::vector<std::uint64_t> used(num_vertices, 0);
    std::vector<std::uint32_t> colour(num_faces);
    std::uint32_t classes = 0;
    for (std::uint32_t f = 0; f < num_faces; ++f) {
        std::uint64_t taken = 0;
        for (VertexId v : faces.face(f)) taken |= used[v];
        if (~taken == 0) throw std::logic_error("face colouring needs more than 64 classes");
        const auto c = static_cast<std::uint32_t>(__builtin_ctzll(~taken));
        colour[f] = c;
        classes = std::max(classes, c + 1);
        for (VertexId v : faces.face(f)) used[v] |= std::uint64_t{1} << c;
    }
    FaceColouring out;
    out.class_begin.assign(classes + 1, 0);
    for (std::uint32_t f = 0; f < num_faces; ++f) ++out.class_begin[colour[f] + 1];
    for (std::uint32_t c = 0; c < classes; ++c) out.class_begin[c + 1] += out.class_begin[c];
    out.order.resize(num_faces);
    std::vector<std::uint32_t> next(out.class_begin.begin(), out.class_begin.end() - 1);
    for (std::uint32_t f = 0; f < num_faces; ++f) out.order[next[colour[f]]++] = f;
    validate_face_colouring(faces, out, num_vertices);
    return out;
}

void validate_face_colouring(const FaceSet& faces, const FaceColouring& c, std::uint32_t num_vertices) {
    const std::uint32_t num_faces = faces.num_faces();
    const auto fail = [](const std::string& what) {
        throw std::logic_error("face colouring is invalid: " + what);
    };
    // The rotation body's preconditions (bodies/face_rotation_body.h): even cycles of at least
    // four distinct vertices.
    if (num_faces > 0 && (faces.face_size < 4 || faces.face_size % 2 != 0))
        fail("faces have " + std::to_string(faces.face_size) + " vertices, not an even number >= 4");
    if (c.order.size() != num_faces)
        fail("order has " + std::to_string(c.order.size()) + " entries for " + std::to_string(num_faces) +
             " faces");
    if (c.class_begin.empty() || c.class_begin.front() != 0 || c.class_begin.back() != num_faces)
        fail("class starts do not span the faces");
    std::vector<std::uint8_t> seen(num_faces, 0);
    std::vector<std::uint32_t> seen_in(num_vertices, ~0u);    // the last class touching each vertex
    std::vector<std::uint32_t> seen_face(num_vertices, ~0u);  // the last face touching each vertex
    for (std::uint32_t k = 0; k + 1 < c.class_begin.size(); ++k) {
        if (c.class_begin[k + 1] < c.class_begin[k]) fail("class " + std::to_string(k) + " is reversed");
        for (std::uint32_t i = c.class_begin[k]; i < c.class_begin[k + 1]; ++i) {
            const std::uint32_t f = c.order[i];
            if (f >= num_faces || seen[f])
                fail("order is not a permutation of the faces (at " + std::to_string(i) + ")");
            seen[f] = 1;
            for (VertexId v : faces.face(f)) {
                if (v >= num_vertices) fail("face " + std::to_string(f) + " has a vertex out of range");
                if (seen_face[v] == f)
                    fail("face " + std::to_string(f) + " repeats vertex " + std::to_string(v));
                seen_face[v] = f;
                if (seen_in[v] == k)
                    fail("two faces of class " + std::to_string(k) + " share vertex " + std::to_string(v));
                seen_in[v] = k;
            }
        }
    }
}

FaceClassPiece face_class_piece(const FaceColouring& colouring, std::uint64_t t, std::uint64_t t_end) {
    const std::uint64_t num_faces = colouring.order.size();
    const std::uint64_t sweep_start = t - t % num_faces;
    const auto pos = static_cast<std::uint32_t>(t - sweep_start);
    // The class holding pos: the first class start past it ends it.
    const auto next_class = std::upper_bound(colouring.class_begin.begin(), colouring.class_begin.end(), pos);
    const std::uint64_t stop = std::min(sweep_start + *next_class, t_end);
    return {sweep_start, pos, static_cast<std::uint32_t>(stop - sweep_start)};
}

}  // namespace dimerlab
