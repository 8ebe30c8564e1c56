#include "dynamics_choices.hpp"

#include <map>
#include <mutex>
#include <string>

#include "dimerlab_lab/sampler_factory.hpp"
#include "enum_values.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab::app {

std::vector<Dynamics> core_dynamics() {
    return enum_values<Dynamics>(dynamics_name, parse_dynamics);
}

QString dynamics_words(Dynamics dynamics) {
    switch (dynamics) {
        case Dynamics::glauber:
            return "Glauber: heat-bath update of one edge at a time (finite λ)";
        case Dynamics::jerrum_sinclair:
            return "Jerrum–Sinclair: add, remove or slide one dimer, Metropolis (finite λ)";
        case Dynamics::chromatic:
            return "Chromatic: Glauber on a whole colour class of edges at once, same law (finite λ)";
        case Dynamics::shuffle:
            return "Shuffle: an exact uniform domino tiling of aztec:N per update (λ = ∞ only)";
        case Dynamics::rotation:
            return "Rotation: turn two parallel dimers of a square, or three of a hexagon (keeps the "
                   "number of dimers; at λ = ∞ from Start exact or maximum)";
        case Dynamics::glauber_rotation:
            return "Glauber + rotation: single edges and face rotations, chosen by the tape (mixes at "
                   "large finite λ)";
        case Dynamics::cftp:
            return "CFTP: an exact uniform perfect matching per update, by coupling from the past (grid, "
                   "aztec, hex, hexagon; λ = ∞ only; the HUD shows the coalescence time)";
        case Dynamics::shuffle_steps:
            return "Shuffle steps: domino shuffling one step per update, the tiling of aztec:N growing from "
                   "the centre (λ = ∞ only)";
    }
    return QString("%1 dynamics").arg(QString::fromUtf8(dynamics_name(dynamics)));
}

QString dynamics_unavailable_reason(Dynamics dynamics) {
    static std::mutex mutex;
    static std::map<Dynamics, QString> known;
    const std::lock_guard lock(mutex);
    if (auto it = known.find(dynamics); it != known.end()) return it->second;
    // A square lattice, a honeycomb region and an Aztec diamond, each tiny, at λ = 1 and at λ = ∞:
    // every dynamics the app can run builds on one of them.
    QString first_refusal;
    bool runs = false;
    for (const char* spec : {"grid:4x4", "aztec:2", "hexagon:2,2,2"}) {
        const Graph graph = make_graph(spec);
        for (const double lambda : {1.0, kInfiniteLambda}) {
            SamplerSpec s;
            s.graph = spec;
            s.dynamics = dynamics;
            s.backend = Backend::cpu;
            s.start = StartKind::maximum;
            s.record = LambdaRecord(lambda);
            try {
                const BuiltSampler built = make_sampler(graph, s, WhenUnavailable::run_on_cpu);
                runs = built.sampler != nullptr;
            } catch (const std::exception& e) {
                if (first_refusal.isEmpty()) first_refusal = QString::fromUtf8(e.what());
            }
            if (runs) break;
        }
        if (runs) break;
    }
    const QString reason = runs ? QString() : "Not available in the app: " + first_refusal;
    known.emplace(dynamics, reason);
    return reason;
}

}  // namespace dimerlab::app
