#pragma once
// Which estimator of ln Z runs (docs/algorithms.md §5): shared by the estimator and its cost model.
#include <string_view>

namespace dimerlab {

enum class ApproxMethod {
    // Thermodynamic integration in ln λ on Gauss–Legendre nodes, each node's E|M| from |M| and
    // its exact control variate λ F (docs/algorithms.md §5.6)
    ti_control_variate,
    paired_product,    // TPA-learned λ schedule, paired product estimator (docs/algorithms.md §5.3)
    vertex_reduction,  // vertex self-reducibility with Rao–Blackwell averages (docs/algorithms.md §5.2)
};

// "ti-control-variate", "tpa-paired-product", "vertex-rao-blackwell"
std::string_view approx_method_name(ApproxMethod method);
ApproxMethod parse_approx_method(std::string_view text);  // InputError on anything else

}  // namespace dimerlab
