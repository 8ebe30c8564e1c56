// The conversions every binding file shares (bindings.hpp).
#include <pybind11/stl.h>

#include <cmath>
#include <string>

#include "bindings.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab::python {

double lambda_from(const py::object& lam) {
    if (py::isinstance<py::str>(lam)) return parse_lambda(lam.cast<std::string>(), "lam");
    if (py::isinstance<py::bool_>(lam) || (!py::isinstance<py::float_>(lam) &&
                                           !py::isinstance<py::int_>(lam) && !py::hasattr(lam, "__float__")))
        throw InputError("lam must be a positive number or \"inf\"");
    const double l = lam.cast<double>();
    if (std::isinf(l) && l > 0) return parse_lambda("inf", "lam");
    if (!(l > 0) || !std::isfinite(l))
        throw InputError("lam must be a positive number or \"inf\", got " + std::to_string(l));
    return l;
}

py::object python_from_json(const nlohmann::ordered_json& value) {
    return py::module_::import("json").attr("loads")(value.dump());
}

MateArray mate_from_python(const Graph& g, const py::array& matching) {
    if (matching.size() > 0 && matching.dtype().kind() != 'i' && matching.dtype().kind() != 'u')
        throw InputError("matching must be an integer array, got dtype " +
                         std::string(py::str(matching.dtype())));
    const auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(matching);
    if (!a) throw InputError("matching must be an integer array");
    const std::int64_t n = g.num_vertices();
    MateArray mate(g.num_vertices(), kNoMate);
    const std::int64_t* d = a.data();
    if (a.ndim() == 1 && a.shape(0) == n) {
        for (std::int64_t v = 0; v < n; ++v) {
            if (d[v] < -1 || d[v] >= n)
                throw InputError("mate[" + std::to_string(v) + "] = " + std::to_string(d[v]) +
                                 " is not -1 or a vertex id in 0.." + std::to_string(n - 1));
            mate[std::size_t(v)] = d[v] < 0 ? kNoMate : VertexId(d[v]);
        }
    } else if ((a.ndim() == 2 && a.shape(1) == 2) || (a.ndim() == 1 && a.shape(0) == 0)) {
        const py::ssize_t k = a.ndim() == 2 ? a.shape(0) : 0;
        for (py::ssize_t i = 0; i < k; ++i) {
            const std::int64_t u = d[2 * i], v = d[2 * i + 1];
            if (u < 0 || v < 0 || u >= n || v >= n)
                throw InputError("dimer " + std::to_string(i) + " (" + std::to_string(u) + "," +
                                 std::to_string(v) + ") has an endpoint outside 0.." + std::to_string(n - 1));
            if (mate[std::size_t(u)] != kNoMate || mate[std::size_t(v)] != kNoMate || u == v)
                throw InputError("dimer " + std::to_string(i) + " (" + std::to_string(u) + "," +
                                 std::to_string(v) + ") shares a vertex with another dimer");
            mate[std::size_t(u)] = VertexId(v);
            mate[std::size_t(v)] = VertexId(u);
        }
    } else {
        throw InputError("matching must be a mate array of shape (" + std::to_string(n) +
                         ",) or dimers of shape (k, 2)");
    }
    if (const std::string err = matching_error(g, mate); !err.empty()) throw InputError("matching: " + err);
    return mate;
}

py::array_t<std::int64_t> mate_to_numpy(std::span<const VertexId> m) {
    py::array_t<std::int64_t> out(py::ssize_t(m.size()));
    auto a = out.mutable_unchecked<1>();
    for (std::size_t v = 0; v < m.size(); ++v) a(py::ssize_t(v)) = m[v] == kNoMate ? -1 : std::int64_t(m[v]);
    return out;
}

py::array_t<std::int64_t> dimers_to_numpy(std::span<const VertexId> m) {
    std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
    for (std::size_t v = 0; v < m.size(); ++v)
        if (m[v] != kNoMate && v < m[v]) pairs.emplace_back(std::int64_t(v), std::int64_t(m[v]));
    py::array_t<std::int64_t> out({py::ssize_t(pairs.size()), py::ssize_t(2)});
    auto a = out.mutable_unchecked<2>();
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        a(py::ssize_t(i), 0) = pairs[i].first;
        a(py::ssize_t(i), 1) = pairs[i].second;
    }
    return out;
}

}  // namespace dimerlab::python
