#include "dimerlab_render/monomer_heat.hpp"

#include "model/matching_constants.hpp"

namespace dimerlab::render {

void MonomerHeat::reset(std::size_t vertices) {
    counts_.assign(vertices, 0);
    fractions_.assign(vertices, 0.0f);
    samples_ = 0;
}

void MonomerHeat::add(std::span<const std::uint32_t> mate) {
    if (mate.size() != counts_.size()) return;
    ++samples_;
    const double scale = 1.0 / double(samples_);
    for (std::size_t v = 0; v < mate.size(); ++v) {
        counts_[v] += mate[v] == kNoMate ? 1 : 0;
        fractions_[v] = float(double(counts_[v]) * scale);
    }
}

}  // namespace dimerlab::render
