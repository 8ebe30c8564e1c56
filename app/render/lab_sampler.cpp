#include "lab_sampler.hpp"

#include <exception>

#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_gpu/device.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab::app {

CudaAvailability cuda_availability() {
    // The probe never throws; it is cheap after the first call (the runtime caches the device).
    const gpu::DeviceInfo info = gpu::probe();
    CudaAvailability a;
    a.available = info.available;
    if (info.available) {
        a.device = QString::fromStdString(info.name);
    } else {
        a.reason = QString::fromStdString(info.reason.empty() ? "no usable CUDA device" : info.reason);
    }
    return a;
}

LabSampler make_lab_sampler(const Graph& graph, const Session& session) {
    LabSampler out;
    if (session.backend == Backend::cuda) {
        try {
            out.sampler = gpu::make_cuda_sampler(graph, session.dynamics, session.seed, session.record,
                                                 make_start_state(graph, session.start, session.seed));
        } catch (const std::exception& e) {
            // No device, no CUDA build, or dynamics without a CUDA chain: same trajectory on the CPU.
            out.notice = QString("cuda unavailable (%1): running on cpu").arg(QString::fromUtf8(e.what()));
            Session cpu = session;
            cpu.backend = Backend::cpu;
            out.sampler = make_session_sampler(graph, cpu);
        }
    } else {
        std::string notice;
        out.sampler = make_session_sampler(graph, session, &notice);
        out.notice = QString::fromStdString(notice);
    }
    out.backend = QString::fromUtf8(out.sampler->backend_name().data(),
                                    static_cast<qsizetype>(out.sampler->backend_name().size()));
    return out;
}

}  // namespace dimerlab::app
