#include "faces/cftp_sampler.hpp"

#include <string>

#include "model/update_tape.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

const Graph& require_cftp_region(const Graph& graph) {
    if (!cftp_supports(graph)) {
        throw InputError("dynamics 'cftp': " + cftp_refusal(graph));
    }
    return graph;
}

}  // namespace

CftpSampler::CftpSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start,
                         std::uint64_t max_sweeps)
    : Sampler(require_cftp_region(graph), seed, std::move(record), std::move(start)),
      max_sweeps_(max_sweeps) {
    if (!lambda_record().infinite())
        throw InputError(
            "dynamics 'cftp' samples perfect matchings (uniform tilings, lambda = inf): use --lambda inf");
}

std::uint64_t CftpSampler::sample_seed(std::uint64_t seed, std::uint64_t t) {
    const TapeWords w = tape_words(seed, t);
    return (std::uint64_t(w.w1) << 32) | w.w0;
}

void CftpSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double /*lambda*/) {
    if (count == 0) return;
    last_ = sample_cftp(graph_, sample_seed(seed_, t_begin + count - 1), max_sweeps_);
    mate_ = last_.matching;
    dimers_ = static_cast<std::uint32_t>(mate_.size() / 2);
}

}  // namespace dimerlab
