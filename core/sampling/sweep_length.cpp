#include "sampling/sweep_length.hpp"

namespace dimerlab {

bool is_exact_sampler(Dynamics d) {
    return d == Dynamics::shuffle || d == Dynamics::shuffle_steps || d == Dynamics::cftp;
}

std::uint64_t updates_per_sweep(Dynamics d, std::uint64_t num_edges) {
    return is_exact_sampler(d) ? 1 : num_edges;
}

}  // namespace dimerlab
