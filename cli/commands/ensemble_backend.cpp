#include "commands/ensemble_backend.hpp"

#include <memory>
#include <utility>
#include <vector>

#include "dimerlab_gpu/cuda_ensemble.hpp"
#include "dimerlab_gpu/device.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {

EnsembleFactory choose_ensemble(const std::string& requested, const std::string& command,
                                const std::string& unsupported, std::string& notice) {
    if (requested != "cpu" && requested != "cuda" && requested != "auto")
        throw InputError("unknown backend '" + requested + "'; " + command + " supports cpu, cuda or auto");
    if (requested == "cpu") return {};
    if (!unsupported.empty()) {
        if (requested == "auto") return {};
        throw InputError("backend 'cuda' " + unsupported + "; use --backend cpu");
    }
    const gpu::DeviceInfo info = gpu::probe();
    if (!info.available) {
        if (requested == "cuda")
            throw InputError("backend 'cuda' requested but " + info.reason + "; use --backend cpu or auto");
        notice = "notice: no CUDA device (" + info.reason + "); using cpu\n";
        return {};
    }
    return [](const Graph& g, std::uint64_t seed, LambdaRecord record,
              std::vector<MateArray> starts) -> std::unique_ptr<SamplerEnsemble> {
        return std::make_unique<gpu::CudaSamplerEnsemble>(g, seed, std::move(record), std::move(starts));
    };
}

}  // namespace dimerlab::cli
