#include "exact_sample_text.hpp"

namespace dimerlab::app {

QString exact_sample_text(std::optional<std::uint64_t> coalescence_sweeps) {
    if (!coalescence_sweeps) return {};
    if (*coalescence_sweeps == 0) return QString("exact sample (coupling from the past): none drawn yet");
    return QString("exact sample (coupling from the past): coalesced after %1 sweeps")
        .arg(*coalescence_sweeps);
}

}  // namespace dimerlab::app
