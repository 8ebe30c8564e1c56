#include "tilings/shuffle_sampler.hpp"

#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::uint32_t aztec_order(const Graph& graph) {
    try {
        const GraphSpec spec = parse_graph_spec(graph.spec());
        if (spec.family != "aztec" || spec.dims.size() != 1) return 0;
        const std::uint64_t n = spec.dims[0];
        if (graph.num_vertices() != 2 * n * (n + 1)) return 0;
        return static_cast<std::uint32_t>(n);
    } catch (const InputError&) {
        return 0;
    }
}

std::uint32_t require_aztec_order(const Graph& graph, std::string_view dynamics, std::string_view what) {
    const std::uint32_t order = aztec_order(graph);
    if (order == 0) {
        throw InputError("dynamics '" + std::string(dynamics) + "' " + std::string(what) +
                         " Aztec diamonds only (graph aztec:N), not '" + graph.spec() + "'");
    }
    return order;
}

ShuffleSampler::ShuffleSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      order_(require_aztec_order(graph, "shuffle", "samples domino tilings of")) {
    if (!lambda_record().infinite())
        throw InputError(
            "dynamics 'shuffle' samples perfect matchings (uniform domino tilings): use --lambda inf");
    if (graph.weighted())
        shares_ = std::make_unique<const AztecShares>(aztec_shares(aztec_weights_of(order_, graph)));
}

void ShuffleSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double /*lambda*/) {
    if (count == 0) return;
    mate_ = shares_ ? shuffle_weighted_aztec_tiling(*shares_, seed_, t_begin + count - 1)
                    : shuffle_aztec_tiling(order_, seed_, t_begin + count - 1, &stats_);
    dimers_ = static_cast<std::uint32_t>(mate_.size() / 2);
}

}  // namespace dimerlab
