#pragma once
// Ensemble mode (docs/algorithms.md §2.4): K independent heat-bath Glauber chains on one graph, advanced
// together and sharing one λ record. Chain k runs on the tape of ensemble_chain_seed(seed, k) = seed + k, so
// every chain is bit for bit the GlauberSequentialSampler of that seed and start: the ensemble only changes
// how the work is scheduled (chains side by side on CPU threads, or one device thread per chain), never the
// trajectories. For split-R̂, ESS and the counting estimators, which need several chains of one graph at the
// same time.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "graph/graph.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "parallel/thread_pool.hpp"

namespace dimerlab {

// The state of K chains as the host sees it, and the λ/time bookkeeping common to every
// backend. A backend implements run_segment; after it returns, mates_ and dimers_ hold every
// chain's state (device backends copy their state back there, so mate(k) is always current).
class SamplerEnsemble {
  public:
    // One start per chain (K = starts.size() >= 1), each a matching of `graph` (checked; InputError
    // otherwise). The graph must outlive the ensemble and have at least one edge.
    SamplerEnsemble(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                    std::vector<MateArray> starts);
    virtual ~SamplerEnsemble() = default;
    SamplerEnsemble(const SamplerEnsemble&) = delete;
    SamplerEnsemble& operator=(const SamplerEnsemble&) = delete;

    virtual std::string_view backend_name() const = 0;  // "cpu", "cuda"

    // Runs updates time() .. time()+updates-1 of every chain's tape.
    void advance(std::uint64_t updates);
    // Records a change of λ for all chains, taking effect at the current time.
    void set_lambda(double lambda) { record_.change_at(time_, lambda); }
    double lambda() const { return record_.lambda_at(time_); }
    const LambdaRecord& lambda_record() const { return record_; }

    const Graph& graph() const { return graph_; }
    std::size_t size() const { return chains_; }
    std::uint64_t time() const { return time_; }  // updates done by each chain
    std::uint64_t seed(std::size_t k) const;      // the tape seed of chain k
    std::span<const std::uint32_t> mate(std::size_t k) const;
    std::uint32_t dimers(std::size_t k) const { return dimers_.at(k); }
    std::span<const std::uint32_t> all_dimers() const { return dimers_; }
    // F of every chain (model/free_edges.hpp), kept current by every advance() from the call that
    // turns it on: the CPU backend counts on its workers, the device one in the ensemble kernel.
    void track_free_edges(bool on);
    bool tracks_free_edges() const { return track_free_edges_; }
    std::uint32_t free_edges(std::size_t k) const;  // std::logic_error unless tracked

  protected:
    // Applies updates [t_begin, t_begin + count) at constant λ to every chain.
    virtual void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) = 0;
    std::span<std::uint32_t> chain_mate(std::size_t k) {
        return {mates_.data() + k * graph_.num_vertices(), graph_.num_vertices()};
    }

    const Graph& graph_;
    const std::uint64_t seed_;
    const std::size_t chains_;
    MateArray mates_;  // chain k at [k n, (k+1) n)
    std::vector<std::uint32_t> dimers_;
    std::vector<std::uint32_t> free_edges_;  // empty unless tracked
    bool track_free_edges_ = false;

  private:
    LambdaRecord record_;
    std::uint64_t time_ = 0;
};

// The CPU backend: chains distributed over a thread pool, each chain run sequentially with the
// same pipelined tape walk as GlauberSequentialSampler. Chains are independent, so no
// synchronisation is needed inside a segment.
class CpuSamplerEnsemble final : public SamplerEnsemble {
  public:
    CpuSamplerEnsemble(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                       std::vector<MateArray> starts, unsigned threads = 0);
    std::string_view backend_name() const override { return "cpu"; }
    unsigned threads() const { return pool_.size(); }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    ThreadPool pool_;
};

// K dispersed starts for an ensemble (diagnostics/dispersed_starts.hpp: empty, maximum, the two
// lattice orientations, then random greedy maximal matchings from seed, seed+1, ...), so that
// between-chain variance is visible to R̂.
std::vector<MateArray> ensemble_dispersed_starts(const Graph& graph, std::size_t chains, std::uint64_t seed);

// CpuSamplerEnsemble from dispersed starts; threads = 0: one per hardware thread.
std::unique_ptr<SamplerEnsemble> make_cpu_ensemble(const Graph& graph, std::size_t chains, std::uint64_t seed,
                                                   LambdaRecord record, unsigned threads = 0);

// How a caller picks an ensemble's backend while core knows none above it (docs/architecture.md §2.1:
// core never depends on gpu): core builds only the CPU one; callers that link dimerlab_gpu (the
// CLI, the app) hand in one that builds gpu::CudaSamplerEnsemble. A factory throws
// InfeasibleError when its backend cannot run here (no device), which callers answer by falling
// back to the CPU, where the trajectories are the same.
using EnsembleFactory = std::function<std::unique_ptr<SamplerEnsemble>(
    const Graph& graph, std::uint64_t seed, LambdaRecord record, std::vector<MateArray> starts)>;

// The CpuSamplerEnsemble factory; threads = 0: one per hardware thread.
EnsembleFactory cpu_ensemble_factory(unsigned threads = 0);

}  // namespace dimerlab
