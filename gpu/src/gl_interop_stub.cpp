// Built when nvcc was not found at configure time: the hook is unavailable and refuses with the
// probe's reason, so the viewport keeps its CPU path.
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/gl_interop.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

InteropStatus gl_interop_status() {
    return {false, probe().reason};
}

struct EdgeStateKernel::Impl {};
struct GlEdgeStateBuffer::Impl {};

EdgeStateKernel::EdgeStateKernel(const Graph&, std::span<const EdgeId>) {
    throw InfeasibleError(probe().reason);
}
EdgeStateKernel::~EdgeStateKernel() = default;
std::size_t EdgeStateKernel::instances() const {
    return 0;
}
void EdgeStateKernel::write_from_mate(const std::uint32_t*, std::uint8_t*) const {
    throw InfeasibleError(probe().reason);
}
void EdgeStateKernel::write_from_occupancy(const std::uint8_t*, std::uint8_t*) const {
    throw InfeasibleError(probe().reason);
}
std::vector<std::uint8_t> EdgeStateKernel::states_from_host_mate(std::span<const std::uint32_t>) const {
    throw InfeasibleError(probe().reason);
}
std::vector<std::uint8_t> EdgeStateKernel::states_from_device_occupancy(const std::uint8_t*) const {
    throw InfeasibleError(probe().reason);
}

GlEdgeStateBuffer::GlEdgeStateBuffer(unsigned, const Graph&, std::span<const EdgeId>) {
    throw InfeasibleError(probe().reason);
}
GlEdgeStateBuffer::~GlEdgeStateBuffer() = default;
void GlEdgeStateBuffer::write_from_occupancy(const std::uint8_t*) {
    throw InfeasibleError(probe().reason);
}
void GlEdgeStateBuffer::write_from_mate(const std::uint32_t*) {
    throw InfeasibleError(probe().reason);
}

}  // namespace dimerlab::gpu
