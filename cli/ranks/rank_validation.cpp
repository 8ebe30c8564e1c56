#include "ranks/rank_validation.hpp"

#include <stdexcept>
#include <vector>

#include "dimerlab_cluster/world.hpp"
#include "graph/graph_limits.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

// How one rank's validation ended: empty when it passed, else a tag (2 bad input, m memory
// refusal, 3 infeasible, 1 internal) followed by the message.
std::string outcome_of(const std::exception& e) {
    // A memory refusal is an InputError too: test it first, it exits 3.
    if (dynamic_cast<const MemoryLimitError*>(&e)) return std::string("m") + e.what();
    if (dynamic_cast<const InputError*>(&e)) return std::string("2") + e.what();
    if (dynamic_cast<const InfeasibleError*>(&e)) return std::string("3") + e.what();
    return std::string("1") + e.what();
}

}  // namespace

void validate_on_every_rank(const std::function<void()>& validate) {
    std::string mine;
    try {
        validate();
    } catch (const std::exception& e) {
        mine = outcome_of(e);
    }
    const std::vector<std::string> outcomes = cluster::world().all_gather(mine);
    for (std::size_t r = 0; r < outcomes.size(); ++r) {
        const std::string& o = outcomes[r];
        if (o.empty()) continue;
        const std::string message = (r == 0 ? "" : "rank " + std::to_string(r) + ": ") + o.substr(1);
        if (o[0] == 'm') throw MemoryLimitError(message);
        if (o[0] == '2') throw InputError(message);
        if (o[0] == '3') throw InfeasibleError(message);
        throw std::runtime_error(message);
    }
}

}  // namespace dimerlab::cli
