// Counting: the exact matching polynomial (exact_matching_polynomial, as `count --exact`), its
// zeros (as `count --exact --zeros`) and the estimate of ln Z with its interval (estimate_log_z with
// the options `count --epsilon` sets; the result is the `count --json` object).
#include <pybind11/stl.h>

#include <optional>
#include <sstream>
#include <string>

#include "bindings.hpp"
#include "counting/approx/approx_count.hpp"
#include "counting/approx/approx_method.hpp"
#include "counting/approx/approx_report.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/polynomial_zeros.hpp"
#include "counting/limits/graph_limit.hpp"
#include "counting/limits/square_lattice_limit.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab::python {
namespace {

MatchingPolynomial exact_polynomial(const Graph& g) {
    py::gil_scoped_release released;
    return exact_matching_polynomial(g);
}

py::list count_exact(const Graph& g) {
    const MatchingPolynomial p = exact_polynomial(g);
    py::list out;
    const py::object to_int = py::module_::import("builtins").attr("int");
    for (const mpz_class& c : p.coefficients) out.append(to_int(py::str(c.get_str())));
    return out;
}

py::array_t<double> zeros(const Graph& g) {
    const std::vector<double> z = matching_polynomial_zeros(exact_polynomial(g));
    py::array_t<double> out(py::ssize_t(z.size()));
    std::copy(z.begin(), z.end(), out.mutable_data());
    return out;
}

// The `count --json` object, with its main fields as attributes.
struct Estimate {
    py::dict fields;
    py::object get(const char* key) const {
        if (!fields.contains(key)) return py::none();
        return fields[key];
    }
    py::tuple ci() const { return py::module_::import("builtins").attr("tuple")(get("ci")); }
};

Estimate estimate_log_z(const Graph& g, const py::object& lam, std::optional<double> epsilon,
                        std::optional<double> epsilon_per_vertex, double confidence, std::uint64_t seed,
                        const std::string& method, unsigned replicas, const std::string& backend) {
    if (!epsilon && !epsilon_per_vertex) epsilon = 0.05;
    if (epsilon && epsilon_per_vertex) throw InputError("give epsilon or epsilon_per_vertex, not both");
    const EstimateRequest request{.epsilon = epsilon,
                                  .epsilon_per_vertex = epsilon_per_vertex,
                                  .confidence = confidence,
                                  .replicas = replicas};
    check_estimate_request(request);
    ApproxOptions ao;
    ao.lambda = lambda_from(lam);
    ao.epsilon = requested_epsilon(request, g);
    ao.confidence = confidence;
    ao.seed = seed;
    ao.method = parse_approx_method(method);
    ao.replicas = replicas;
    std::string notice;
    ao.ensemble = make_ensemble_factory(
        parse_backend(backend), "count",
        ao.method != ApproxMethod::vertex_reduction
            ? ""
            : "runs the ti-control-variate and paired-product estimators, not '" + method + "'",
        notice);
    const ApproxResult r =
        run_interruptibly([&](const std::atomic<bool>& cancel) {
            ApproxOptions options = ao;
            options.cancel = &cancel;
            try {
                return std::optional<ApproxResult>(estimate_log_z(g, options));
            } catch (const CountCancelled&) {
                return std::optional<ApproxResult>();  // the caller raises KeyboardInterrupt
            }
        }).value();
    Estimate out{python_from_json(approx_result_json(g, ao, r, 1)).cast<py::dict>()};
    out.fields["notice"] = notice.empty() ? r.notice : notice;
    return out;
}

// The infinite lattice's ln Z/n and covered fraction (the overlay of the app's plots against λ).
py::dict lattice_limit(const py::object& lam, const std::string& lattice) {
    const double l = lambda_from(lam);
    if (is_infinite_lambda(l)) throw InputError("lattice_limit needs a finite lam");
    py::dict out;
    out["lattice"] = lattice;
    out["lambda"] = l;
    if (lattice == "square") {
        const ConvergedLatticeLimit c = [&] {
            py::gil_scoped_release released;
            return square_lattice_limit(l);
        }();
        out["free_energy"] = c.value.free_energy;
        out["covered_fraction"] = c.value.covered_fraction;
        out["strip_width"] = c.value.width;
        out["free_energy_change"] = c.free_energy_change;
        out["covered_fraction_change"] = c.covered_fraction_change;
    } else if (lattice == "chain") {
        const LimitValue v = limit_value(LimitLattice::chain, l);
        out["free_energy"] = v.free_energy;
        out["covered_fraction"] = v.covered_fraction;
    } else {
        throw InputError("lattice '" + lattice + "': expected square or chain");
    }
    return out;
}

}  // namespace

void bind_counting(py::module_& m) {
    m.def("count_exact", &count_exact, py::arg("graph"),
          "The matching polynomial's coefficients m_0, m_1, ... as Python ints (constant term first), "
          "by the CLI's exact method (count --exact).");
    m.def("lattice_limit", &lattice_limit, py::arg("lam"), py::arg("lattice") = "square",
          "lattice_limit(lam, lattice='square'): lim ln Z/n (free_energy) and lim 2E|M|/n (covered_fraction) "
          "on\n"
          "the infinite square lattice (helical transfer matrix, to 1e-7, with the last change in each) or\n"
          "the infinite chain (exact): the limits grids and tori tend to.");
    m.def("zeros", &zeros, py::arg("graph"),
          "The zeros of Z(G, lambda) in lambda as a float64 array, all real and negative (Heilmann-Lieb), "
          "as count --exact --zeros gives them.");

    py::class_<Estimate>(m, "Estimate", "An estimate of ln Z(G, lambda) with its interval (count --json).")
        .def_property_readonly(
            "log_z", [](const Estimate& e) { return e.get("log_z"); }, "The estimate of ln Z.")
        .def_property_readonly("ci", &Estimate::ci, "The interval (low, high).")
        .def_property_readonly("half_width", [](const Estimate& e) { return e.get("half_width"); })
        .def_property_readonly("confidence", [](const Estimate& e) { return e.get("confidence"); })
        .def_property_readonly(
            "method", [](const Estimate& e) { return e.get("method"); },
            "ti-control-variate, paired-product or vertex-reduction.")
        .def_property_readonly("log_z_per_vertex",
                               [](const Estimate& e) { return e.get("log_z_per_vertex"); })
        .def_property_readonly("updates", [](const Estimate& e) { return e.get("updates"); })
        .def_property_readonly("seconds", [](const Estimate& e) { return e.get("seconds"); })
        .def_property_readonly("notice", [](const Estimate& e) { return e.get("notice"); })
        .def(
            "as_dict", [](const Estimate& e) { return py::dict(e.fields); },
            "Every field of dimerlab-cli count --epsilon --json.")
        .def("__repr__", [](const Estimate& e) {
            std::ostringstream s;
            const py::tuple ci = e.ci();
            s << "Estimate(graph=" << py::str(e.get("graph")).cast<std::string>()
              << ", lam=" << py::str(e.get("lambda")).cast<std::string>()
              << ", log_z=" << py::str(e.get("log_z")).cast<std::string>() << ", ci=("
              << py::str(ci[0]).cast<std::string>() << ", " << py::str(ci[1]).cast<std::string>()
              << "), method=" << py::str(e.get("method")).cast<std::string>() << ")";
            return s.str();
        });

    m.def(
        "estimate_log_z", &estimate_log_z, py::arg("graph"), py::arg("lam") = 1.0,
        py::arg("epsilon") = py::none(), py::kw_only(), py::arg("epsilon_per_vertex") = py::none(),
        py::arg("confidence") = 0.95, py::arg("seed") = 1, py::arg("method") = "ti-control-variate",
        py::arg("replicas") = ApproxOptions{}.replicas, py::arg("backend") = "cpu",
        "estimate_log_z(graph, lam=1.0, epsilon=0.05, *, epsilon_per_vertex=None, confidence=0.95, seed=1,\n"
        "method='ti-control-variate', replicas=8, backend='cpu'): an interval on ln Z of half-width at\n"
        "most epsilon (or epsilon_per_vertex * n), as dimerlab-cli count --epsilon. Ctrl-C stops it.");
}

}  // namespace dimerlab::python
