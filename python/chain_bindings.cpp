// dimerlab.Chain: a sampler built by the CLI's factory (make_sampler) from the same spec, so the
// same seed gives `dimerlab-cli sample`'s final.state_hash; per-sweep observables are the CLI's
// --csv columns (measure_state).
#include <pybind11/stl.h>

#include <cmath>
#include <sstream>
#include <string>

#include "bindings.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_lab/sampler_spec.hpp"
#include "model/lambda_record.hpp"
#include "sampling/observables.hpp"
#include "sampling/start_kind.hpp"
#include "sampling/sweep_length.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab::python {
namespace {

py::dict observables_dict(const StateObservables& o) {
    py::dict out;
    out["dimers"] = o.dimers;
    out["monomers"] = o.monomers;
    out["covered_fraction"] = o.covered_fraction;
    out["imbalance"] = o.axis_imbalance ? py::object(py::int_(*o.axis_imbalance)) : py::none();
    return out;
}

class Chain {
  public:
    Chain(GraphPtr graph, const py::object& lam, std::uint64_t seed, const std::string& dynamics,
          const std::string& backend, const std::string& start)
        : graph_(std::move(graph)) {
        if (graph_->num_edges() == 0)
            throw InputError("graph '" + graph_->spec() + "' has no edges: nothing to sample");
        SamplerSpec spec;
        spec.graph = graph_->spec();
        spec.seed = seed;
        spec.dynamics = parse_dynamics(dynamics);
        spec.backend = parse_backend(backend);
        spec.start = parse_start_kind(start);
        spec.record = LambdaRecord(lambda_from(lam));
        BuiltSampler built = make_sampler(*graph_, spec, WhenUnavailable::refuse);
        sampler_ = std::move(built.sampler);
        notice_ = built.notice;
        per_sweep_ = updates_per_sweep(spec.dynamics, graph_->num_edges());
    }

    // sweeps × updates_per_sweep updates, the GIL released; Ctrl-C between sweeps.
    void run(double sweeps) {
        if (!(sweeps >= 0) || !std::isfinite(sweeps))
            throw InputError("sweeps must be a non-negative number");
        std::uint64_t left = std::uint64_t(std::llround(sweeps * double(per_sweep_)));
        py::gil_scoped_release released;
        while (left > 0) {
            const std::uint64_t step = std::min(left, per_sweep_);
            sampler_->advance(step);
            left -= step;
            py::gil_scoped_acquire held;
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        }
    }

    // The CLI's --csv columns after each of `sweeps` sweeps, as NumPy arrays.
    py::dict series(std::int64_t sweeps) {
        if (sweeps < 0) throw InputError("sweeps must be a non-negative number");
        const auto length = static_cast<py::ssize_t>(sweeps);
        py::array_t<std::int64_t> updates{length}, dimers{length}, monomers{length}, imbalance{length};
        py::array_t<double> lambdas{length}, covered{length};
        auto u = updates.mutable_unchecked<1>();
        auto d = dimers.mutable_unchecked<1>();
        auto mo = monomers.mutable_unchecked<1>();
        auto im = imbalance.mutable_unchecked<1>();
        auto l = lambdas.mutable_unchecked<1>();
        auto c = covered.mutable_unchecked<1>();
        bool has_axes = false;
        {
            py::gil_scoped_release released;
            for (py::ssize_t s = 0; s < length; ++s) {
                sampler_->advance(per_sweep_);
                const StateObservables o = measure_state(*graph_, sampler_->mate());
                u(s) = std::int64_t(sampler_->time());
                l(s) = sampler_->lambda();
                d(s) = o.dimers;
                mo(s) = o.monomers;
                c(s) = o.covered_fraction;
                im(s) = o.axis_imbalance.value_or(0);
                has_axes = o.axis_imbalance.has_value();
                py::gil_scoped_acquire held;
                if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            }
        }
        py::dict out;
        out["updates"] = updates;
        out["lambda"] = lambdas;
        out["dimers"] = dimers;
        out["monomers"] = monomers;
        out["covered_fraction"] = covered;
        if (has_axes || length == 0) out["imbalance"] = imbalance;
        return out;
    }

    std::string state_hash_hex() const { return hex16(state_hash(sampler_->mate())); }
    double lam() const { return sampler_->lambda(); }
    void set_lam(const py::object& lam) { sampler_->set_lambda(lambda_from(lam)); }
    const Sampler& sampler() const { return *sampler_; }
    const GraphPtr& graph() const { return graph_; }
    const std::string& notice() const { return notice_; }

  private:
    GraphPtr graph_;
    std::unique_ptr<Sampler> sampler_;
    std::string notice_;
    std::uint64_t per_sweep_ = 1;
};

}  // namespace

void bind_chain(py::module_& m) {
    py::class_<Chain>(m, "Chain",
                      "A Markov chain (or exact sampler) on a graph, as dimerlab-cli sample runs it.")
        .def(py::init<GraphPtr, py::object, std::uint64_t, std::string, std::string, std::string>(),
             py::arg("graph"), py::arg("lam") = 1.0, py::kw_only(), py::arg("seed") = 1,
             py::arg("dynamics") = "glauber", py::arg("backend") = "cpu", py::arg("start") = "empty",
             py::keep_alive<1, 2>(),
             "Chain(graph, lam=1.0, *, seed=1, dynamics='glauber', backend='cpu', start='empty').\n\n"
             "dynamics: glauber, jerrum-sinclair, chromatic, rotation, glauber+rotation, shuffle, cftp;\n"
             "backend: cpu, cpu-parallel, cuda, auto; start: empty, greedy, maximum, exact.")
        .def("run", &Chain::run, py::arg("sweeps"),
             "Advance by `sweeps` sweeps (a sweep is m updates; for shuffle and cftp one exact sample).")
        .def("series", &Chain::series, py::arg("sweeps"),
             "Advance sweep by sweep; a dict of NumPy arrays after each sweep: updates, lambda, dimers, "
             "monomers, covered_fraction and, on lattices, imbalance (horizontal minus vertical dimers).")
        .def_property_readonly(
            "mate", [](const Chain& c) { return mate_to_numpy(c.sampler().mate()); },
            "Each vertex's partner, -1 for a monomer (int64 array).")
        .def_property_readonly(
            "matching", [](const Chain& c) { return dimers_to_numpy(c.sampler().mate()); },
            "The dimers as a (k, 2) int64 array, u < v.")
        .def_property_readonly(
            "observables",
            [](const Chain& c) { return observables_dict(measure_state(*c.graph(), c.sampler().mate())); },
            "The current state's dimers, monomers, covered_fraction and imbalance (None off lattices).")
        .def_property_readonly("state_hash", &Chain::state_hash_hex,
                               "The CLI's final.state_hash (16 hex digits).")
        .def_property_readonly(
            "time", [](const Chain& c) { return c.sampler().time(); }, "Updates done so far.")
        .def_property_readonly("dimers", [](const Chain& c) { return c.sampler().dimers(); })
        .def_property_readonly("backend",
                               [](const Chain& c) { return std::string(c.sampler().backend_name()); })
        .def_property_readonly(
            "dynamics", [](const Chain& c) { return std::string(dynamics_name(c.sampler().dynamics())); })
        .def_property_readonly("graph", &Chain::graph)
        .def_property_readonly("notice", &Chain::notice,
                               "Why the backend asked for is not the one running, or ''.")
        .def_property("lam", &Chain::lam, &Chain::set_lam,
                      "The activity; setting it records a change at the current update, as the app does.")
        .def("__repr__", [](const Chain& c) {
            std::ostringstream s;
            s << "Chain(" << c.graph()->spec() << ", lam=" << c.lam()
              << ", dynamics=" << dynamics_name(c.sampler().dynamics())
              << ", backend=" << c.sampler().backend_name() << ", time=" << c.sampler().time() << ")";
            return s.str();
        });
}

}  // namespace dimerlab::python
