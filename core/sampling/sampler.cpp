#include "sampling/sampler.hpp"

#include <algorithm>

#include "util/errors.hpp"

namespace dimerlab {

std::string_view dynamics_name(Dynamics d) {
    switch (d) {
        case Dynamics::glauber:
            return "glauber";
        case Dynamics::jerrum_sinclair:
            return "jerrum-sinclair";
        case Dynamics::chromatic:
            return "chromatic";
        case Dynamics::shuffle:
            return "shuffle";
        case Dynamics::rotation:
            return "rotation";
        case Dynamics::glauber_rotation:
            return "glauber+rotation";
        case Dynamics::cftp:
            return "cftp";
        case Dynamics::shuffle_steps:
            return "shuffle-steps";
    }
    return "unknown";
}

std::span<const Dynamics> all_dynamics() {
    static constexpr Dynamics kAll[] = {
        Dynamics::glauber,  Dynamics::jerrum_sinclair,  Dynamics::chromatic, Dynamics::shuffle,
        Dynamics::rotation, Dynamics::glauber_rotation, Dynamics::cftp,      Dynamics::shuffle_steps};
    return kAll;
}

Dynamics parse_dynamics(std::string_view text) {
    for (Dynamics d : all_dynamics()) {
        if (text == dynamics_name(d)) return d;
    }
    throw InputError(
        "unknown dynamics '" + std::string(text) +
        "'; expected glauber, jerrum-sinclair, chromatic, shuffle, rotation, glauber+rotation, cftp or "
        "shuffle-steps");
}

Sampler::Sampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start)
    : graph_(graph), seed_(seed), mate_(std::move(start)), record_(std::move(record)) {
    if (graph_.num_edges() == 0)
        throw InputError("graph '" + graph_.spec() + "' has no edges: nothing to sample");
    if (std::string err = matching_error(graph_, mate_); !err.empty())
        throw InputError("start state: " + err);
    dimers_ = count_dimers(mate_);
}

void Sampler::advance(std::uint64_t updates) {
    record_.for_each_segment(time_, updates, [this](std::uint64_t t, std::uint64_t count, double lambda) {
        run_segment(t, count, lambda);
        time_ = t + count;
    });
}

}  // namespace dimerlab
