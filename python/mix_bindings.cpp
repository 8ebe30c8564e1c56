// dimerlab.mix: the mixing diagnostics of `dimerlab-cli mix` (compute_mix_report with the request the
// CLI builds), returned as the dict `mix --json` prints.
#include <pybind11/stl.h>

#include <chrono>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "diagnostics/cancelled.hpp"
#include "diagnostics/mix_report.hpp"
#include "diagnostics/mix_report_json.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "model/lambda_record.hpp"

namespace dimerlab::python {
namespace {

py::object mix(const Graph& g, const py::object& lam, bool exact, const std::string& dynamics,
               const std::string& backend, std::size_t chains, std::uint64_t sweeps,
               std::optional<std::uint64_t> burn_in, std::optional<std::uint32_t> edge, std::uint64_t seed,
               std::uint32_t coalescence, std::uint64_t coalescence_cap, std::uint64_t depth_blocks,
               std::size_t empirical_chains, unsigned threads) {
    MixRequest q;
    q.lambda = lambda_from(lam);
    q.dynamics = parse_mix_dynamics(dynamics);
    std::string notice;
    q.ensemble = make_ensemble_factory(
        parse_backend(backend), "mix",
        q.dynamics == Dynamics::glauber
            ? ""
            : "runs the glauber ensemble only, not '" + std::string(dynamics_name(q.dynamics)) + "'",
        notice);
    q.chains = chains;
    q.sweeps = sweeps;
    q.burn_in = burn_in;
    q.seed = seed;
    if (edge) q.edge = *edge;
    q.coalescence_runs = coalescence;
    q.coalescence_cap = coalescence_cap;
    q.exact = exact;
    q.empirical_chains = empirical_chains;
    q.depth_blocks = depth_blocks;
    q.threads = threads;
    const auto t0 = std::chrono::steady_clock::now();
    const MixReport report =
        run_interruptibly([&](const std::atomic<bool>& cancel) {
            try {
                return std::optional<MixReport>(compute_mix_report(g, q, {}, &cancel));
            } catch (const DiagnosticsCancelled&) {
                return std::optional<MixReport>();  // the caller raises KeyboardInterrupt
            }
        }).value();
    nlohmann::ordered_json out = mix_report_json(g, report);
    out["backend"] = report.backend;
    out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out["notice"] = notice.empty() ? report.notice : notice;
    return python_from_json(out);
}

}  // namespace

void bind_mix(py::module_& m) {
    m.def("mix", &mix, py::arg("graph"), py::arg("lam") = 1.0, py::arg("exact") = false, py::kw_only(),
          py::arg("dynamics") = "glauber", py::arg("backend") = "cpu", py::arg("chains") = 4,
          py::arg("sweeps") = 1000, py::arg("burn_in") = py::none(), py::arg("edge") = py::none(),
          py::arg("seed") = 1, py::arg("coalescence") = 8, py::arg("coalescence_cap") = 1000,
          py::arg("depth_blocks") = 8, py::arg("empirical_chains") = 0, py::arg("threads") = 0,
          "mix(graph, lam=1.0, exact=False, *, dynamics='glauber', backend='cpu', chains=4, sweeps=1000, "
          "...):\n"
          "tau_int, ESS, split-R-hat, bounding-chain coalescence and parallel depth; with exact=True the\n"
          "exact spectral gap and worst-start TV curve of a small graph. The fields of dimerlab-cli mix "
          "--json.");
}

}  // namespace dimerlab::python
