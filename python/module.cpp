// The Python module `dimerlab`: graphs, chains, counts, diagnostics, tilings and pictures for
// notebooks, through the same C++ functions the CLI calls, so one seed gives the CLI's state hash
// bit for bit. The core's refusals become ValueError with the CLI's words; nothing prints.
#include "bindings.hpp"
#include "util/errors.hpp"

PYBIND11_MODULE(dimerlab, m) {
    using namespace dimerlab;
    m.doc() = "dimerlab: random matchings of graphs (the monomer-dimer model) for notebooks.";
    pybind11::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const InputError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const InfeasibleError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
    python::bind_graph(m);
    python::bind_chain(m);
    python::bind_counting(m);
    python::bind_mix(m);
    python::bind_tilings(m);
    python::bind_render(m);
}
