#include "faces/face_set.hpp"

#include <stdexcept>

#include "faces/drawn_faces.hpp"
#include "graph/graph_spec.hpp"
#include "graph/readers/region_reader.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

// Row-major id, as in the lattice builders (core/graph/families/lattices.cpp).
VertexId at(std::uint64_t w, std::uint64_t x, std::uint64_t y) {
    return static_cast<VertexId>(y * w + x);
}

void square_faces(FaceSet& out, std::uint64_t w, std::uint64_t h, bool wrap) {
    const std::uint64_t fw = wrap ? w : w - 1, fh = wrap ? h : h - 1;
    for (std::uint64_t y = 0; y < fh; ++y) {
        for (std::uint64_t x = 0; x < fw; ++x) {
            const std::uint64_t x1 = (x + 1) % w, y1 = (y + 1) % h;
            out.vertices.insert(out.vertices.end(), {at(w, x, y), at(w, x1, y), at(w, x1, y1), at(w, x, y1)});
        }
    }
}

// Brick-wall honeycomb: a rung joins (x,y) and (x,y+1) when x+y is odd, so the hexagon between
// rows y and y+1 spans x .. x+2 with rungs at both ends.
void hex_faces(FaceSet& out, std::uint64_t w, std::uint64_t h) {
    for (std::uint64_t y = 0; y + 1 < h; ++y) {
        for (std::uint64_t x = (y + 1) % 2; x + 2 < w; x += 2) {
            out.vertices.insert(out.vertices.end(),
                                {at(w, x, y), at(w, x + 1, y), at(w, x + 2, y), at(w, x + 2, y + 1),
                                 at(w, x + 1, y + 1), at(w, x, y + 1)});
        }
    }
}

// Aztec diamond of order N (core/graph/families/aztec.cpp): row j in [-N, N) holds squares
// i in [-k, k), k = N - j for j >= 0 and N + j + 1 for j < 0, numbered row by row.
void aztec_faces(FaceSet& out, std::int64_t n) {
    auto half_width = [&](std::int64_t j) { return j >= 0 ? n - j : n + j + 1; };
    std::vector<std::int64_t> row_start;
    std::int64_t count = 0;
    for (std::int64_t j = -n; j < n; ++j) {
        row_start.push_back(count);
        count += 2 * half_width(j);
    }
    auto id = [&](std::int64_t i, std::int64_t j) {
        return static_cast<VertexId>(row_start[std::size_t(j + n)] + i + half_width(j));
    };
    for (std::int64_t j = -n; j + 1 < n; ++j) {
        const std::int64_t k = std::min(half_width(j), half_width(j + 1));
        for (std::int64_t i = -k; i + 1 < k; ++i)
            out.vertices.insert(out.vertices.end(), {id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)});
    }
}

bool is_face_family(const std::string& family) {
    return family == "grid" || family == "torus" || family == "aztec" || family == "hex" ||
           family == "hexagon" || family == "region";
}

}  // namespace

bool has_lattice_faces(const Graph& graph) {
    if (graph.spec().empty()) return false;
    try {
        return is_face_family(parse_graph_spec(graph.spec()).family);
    } catch (const InputError&) {
        return false;
    }
}

FaceSet lattice_faces(const Graph& graph) {
    const std::string& spec_text = graph.spec();
    const std::string name = spec_text.empty() ? std::string("(hand-built graph)") : spec_text;
    GraphSpec spec;
    if (!spec_text.empty()) spec = parse_graph_spec(spec_text);
    if (!is_face_family(spec.family)) {
        throw InputError("graph '" + name +
                         "' has no faces to rotate; rotation dynamics need a grid, torus, aztec, hex, "
                         "hexagon or region lattice");
    }
    FaceSet out;
    if (spec.family == "hex") {
        out.face_size = 6;
        hex_faces(out, spec.dims[0], spec.dims[1]);
    } else if (spec.family == "region") {
        // Typed regions: the unit squares (2x2 blocks of cells) or the hexagons around lattice
        // points that lie wholly inside, from the drawing the reader gave them.
        out.face_size = region_lattice(graph) == RegionLattice::triangular ? 6 : 4;
        for (const auto& face : faces_of_drawing(graph, out.face_size))
            out.vertices.insert(out.vertices.end(), face.begin(), face.end());
    } else if (spec.family == "hexagon") {
        // Its vertices are numbered by the triangles of the region, not row-major: the hexagons
        // come from its exact drawing.
        out.face_size = 6;
        for (const auto& face : faces_of_drawing(graph, 6))
            out.vertices.insert(out.vertices.end(), face.begin(), face.end());
    } else {
        out.face_size = 4;
        if (spec.family == "aztec")
            aztec_faces(out, static_cast<std::int64_t>(spec.dims[0]));
        else
            square_faces(out, spec.dims[0], spec.dims[1], spec.family == "torus");
    }
    if (out.num_faces() == 0)
        throw InputError("graph '" + name +
                         "' is too small to have a face; rotation dynamics need at least one");
    for (std::uint32_t f = 0; f < out.num_faces(); ++f) {
        const auto c = out.face(f);
        for (std::uint32_t i = 0; i < out.face_size; ++i) {
            const VertexId a = c[i], b = c[(i + 1) % out.face_size];
            if (a >= graph.num_vertices() || b >= graph.num_vertices() || !graph.find_edge(a, b))
                throw std::logic_error("face " + std::to_string(f) + " of '" + name +
                                       "' is not a cycle of the graph");
        }
    }
    return out;
}

}  // namespace dimerlab
