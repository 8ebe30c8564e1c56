#pragma once
// What the binding files of the `dimerlab` module share: one bind_* function per part of the API,
// and the conversions every part needs. Each part calls the C++ functions the CLI calls and only
// converts arguments and results; nothing is reimplemented here.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab::python {

namespace py = pybind11;
using GraphPtr = std::shared_ptr<const Graph>;

void bind_graph(py::module_& m);
void bind_chain(py::module_& m);
void bind_counting(py::module_& m);
void bind_mix(py::module_& m);
void bind_tilings(py::module_& m);
void bind_render(py::module_& m);

// A positive number or "inf" (the CLI's --lambda), InputError otherwise.
double lambda_from(const py::object& lam);

// A JSON object of the CLI as Python dicts, lists and numbers (null for NaN and ∞, as the CLI prints).
py::object python_from_json(const nlohmann::ordered_json& value);

// A matching given as a mate array (n,) with -1 for a monomer or as dimers (k, 2), checked against
// the graph with the core's words.
MateArray mate_from_python(const Graph& graph, const py::array& matching);
py::array_t<std::int64_t> mate_to_numpy(std::span<const VertexId> mate);
py::array_t<std::int64_t> dimers_to_numpy(std::span<const VertexId> mate);

// Runs work(cancel) on a worker thread with the GIL released. Ctrl-C (or any pending Python
// signal) sets `cancel`; the core then stops with its own cancellation exception, and this raises
// KeyboardInterrupt once the worker has returned.
template <class Work>
auto run_interruptibly(Work work) -> decltype(work(std::declval<const std::atomic<bool>&>())) {
    std::atomic<bool> cancel{false};
    auto future = std::async(std::launch::async, [&] { return work(cancel); });
    {
        py::gil_scoped_release released;
        while (future.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
            py::gil_scoped_acquire held;
            if (PyErr_CheckSignals() != 0) {
                cancel = true;
                py::error_already_set interrupted;  // fetched now, with the GIL held
                {
                    py::gil_scoped_release waiting;
                    future.wait();
                }
                throw interrupted;
            }
        }
    }
    return future.get();
}

}  // namespace dimerlab::python
