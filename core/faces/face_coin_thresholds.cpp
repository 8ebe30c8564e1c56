#include "faces/face_coin_thresholds.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

namespace dimerlab {

std::uint64_t face_phase_threshold(long double ratio_other_over_this) {
    constexpr long double kTwo32 = 4294967296.0L;
    if (!(ratio_other_over_this < INFINITY)) return 0;
    const long double scaled = std::floor(kTwo32 / (1.0L + ratio_other_over_this));
    if (scaled >= kTwo32) return std::uint64_t{1} << 32;
    return scaled <= 0 ? 0 : static_cast<std::uint64_t>(scaled);
}

FaceCoinThresholds::FaceCoinThresholds(const Graph& graph, const FaceSet& faces,
                                       std::span<const char> coin_is_a) {
    if (!graph.weighted()) return;
    if (!coin_is_a.empty() && coin_is_a.size() != faces.num_faces())
        throw std::invalid_argument("face coin flags: one per face");
    const auto weight = [&](VertexId u, VertexId v) -> long double {
        const auto e = graph.find_edge(u, v);
        if (!e) throw std::logic_error("a face side is not an edge of the graph");
        return graph.weight(*e);
    };
    std::map<std::uint64_t, std::uint32_t> class_of;
    face_class_.resize(faces.num_faces());
    for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
        const auto c = faces.face(f);
        const std::size_t k = c.size();
        // Π over the face's pairs of w(phase B pair) / w(phase A pair): pair p of phase A is
        // c[2p]c[2p+1] and of phase B c[2p+1]c[2p+2 mod k] (bodies/face_rotation_body.h).
        long double b_over_a = 1;
        for (std::size_t p = 0; 2 * p < k; ++p)
            b_over_a *= weight(c[2 * p + 1], c[(2 * p + 2) % k]) / weight(c[2 * p], c[2 * p + 1]);
        const bool names_a = coin_is_a.empty() || coin_is_a[f] != 0;
        const std::uint64_t t = face_phase_threshold(names_a ? b_over_a : 1.0L / b_over_a);
        const auto [it, added] = class_of.emplace(t, static_cast<std::uint32_t>(table_.size()));
        if (added) table_.push_back(t);
        face_class_[f] = it->second;
    }
}

}  // namespace dimerlab
