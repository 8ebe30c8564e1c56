#include "dimerlab_lab/sampler_spec.hpp"

#include <string>

#include "util/errors.hpp"

namespace dimerlab {

std::string_view backend_name(Backend backend) {
    switch (backend) {
        case Backend::automatic:
            return "auto";
        case Backend::cpu:
            return "cpu";
        case Backend::cpu_parallel:
            return "cpu-parallel";
        case Backend::cuda:
            return "cuda";
    }
    return "cpu";
}

Backend parse_backend(std::string_view text) {
    for (Backend b : {Backend::automatic, Backend::cpu, Backend::cpu_parallel, Backend::cuda}) {
        if (text == backend_name(b)) return b;
    }
    throw InputError("unknown backend '" + std::string(text) + "'; expected auto, cpu, cpu-parallel or cuda");
}

bool backend_runs(Backend backend, Dynamics dynamics) {
    if (backend == Backend::cpu || backend == Backend::automatic) return true;
    return dynamics == Dynamics::glauber || dynamics == Dynamics::chromatic || dynamics == Dynamics::rotation;
}

}  // namespace dimerlab
