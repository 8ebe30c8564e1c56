#pragma once
// The sampler a lab or an exported animation runs on, for every backend including cuda (make_session_
// sampler is the CPU-only part). A backend that cannot run here never stops the lab:
// it falls back to the sequential CPU chain, which runs the same trajectory, and says why in one
// line for the status bar.
#include <QString>
#include <memory>

#include "graph/graph.hpp"
#include "sampling/sampler.hpp"
#include "session.hpp"

namespace dimerlab::app {

struct LabSampler {
    std::unique_ptr<Sampler> sampler;
    QString backend;  // what actually runs: the sampler's backend_name()
    QString notice;   // why the requested backend is not the one running; empty when it is
};

// Throws InputError only for what no backend could run (a bad start state).
LabSampler make_lab_sampler(const Graph& graph, const Session& session);

// Whether the cuda backend can run in this process, and if not, why (one line).
struct CudaAvailability {
    bool available = false;
    QString reason;  // empty when available; else the probe's reason
    QString device;  // the device name when available
};
CudaAvailability cuda_availability();

}  // namespace dimerlab::app
