#pragma once
// Ensemble mode on the device (core/ensemble/sampler_ensemble.hpp): K heat-bath chains of one
// graph, one device thread per chain. Declared in both builds; without a device the constructor
// and the factory throw InfeasibleError with the probe's reason.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "ensemble/sampler_ensemble.hpp"

namespace dimerlab::gpu {

class EnsembleDeviceState;

// Chain k equals GlauberSequentialSampler(seed + k, starts[k]) bit for bit. The chains stay on
// the device; the host mirror behind mate(k) and dimers(k) is refreshed at the end of every
// advance() segment (K n words).
class CudaSamplerEnsemble final : public SamplerEnsemble {
  public:
    CudaSamplerEnsemble(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                        std::vector<MateArray> starts);
    ~CudaSamplerEnsemble() override;
    std::string_view backend_name() const override { return "cuda"; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    std::unique_ptr<EnsembleDeviceState> device_;
};

// CudaSamplerEnsemble from ensemble_dispersed_starts(graph, chains, seed).
std::unique_ptr<SamplerEnsemble> make_cuda_ensemble(const Graph& graph, std::size_t chains,
                                                    std::uint64_t seed, LambdaRecord record);

}  // namespace dimerlab::gpu
