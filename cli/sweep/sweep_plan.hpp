#pragma once
// What a sweep computes: every (graph, λ, seed index) triple is one job, numbered graph-major,
// then λ, then seed index. A job's tape seed is a pure function of the base seed and the job's
// number, so its row never depends on which rank ran it, or when.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::cli {

enum class Measure { density, imbalance, tau, exact, logz };

struct SweepRequest {
    std::vector<std::string> graphs;
    std::string lambda_text = "1";
    std::uint64_t seeds = 1;
    std::uint64_t seed = 1;
    std::uint64_t sweeps = 1000;
    std::optional<std::uint64_t> burn_in;  // default: a tenth of sweeps
    std::string measure_text = "density,tau";
    double epsilon = 0.1;  // logz: half-width of the interval on ln Z
    std::string out;
    std::string checkpoint;
    std::string plot_svg;
    bool progress = false;
};

struct SweepJob {
    std::uint64_t index = 0;
    std::size_t graph = 0;
    std::size_t lambda = 0;
    std::uint64_t seed_index = 0;
    std::uint64_t seed = 0;  // the job's own tape seed
};

class SweepPlan {
  public:
    // Validates everything a rank can check on its own (the same on every rank): graph specs,
    // λ grid, measures, sizes, the output file's form. Throws InputError.
    explicit SweepPlan(const SweepRequest& request);

    std::uint64_t job_count() const { return jobs_; }
    SweepJob job(std::uint64_t index) const;
    const std::vector<Graph>& graphs() const { return graphs_; }
    const std::vector<double>& lambdas() const { return lambdas_; }
    bool measures(Measure m) const;
    const SweepRequest& request() const { return request_; }
    std::uint64_t burn_in() const { return burn_in_; }
    // The inputs that decide the rows (not where they are written): a checkpoint records them
    // and is refused for any other.
    const nlohmann::ordered_json& inputs() const { return inputs_; }
    // Row fields in table order, "seconds" and "rank" last.
    const std::vector<std::string>& columns() const { return columns_; }

  private:
    SweepRequest request_;
    std::vector<Graph> graphs_;
    std::vector<double> lambdas_;
    std::vector<Measure> measures_;
    std::uint64_t burn_in_ = 0;
    std::uint64_t jobs_ = 0;
    nlohmann::ordered_json inputs_;
    std::vector<std::string> columns_;
};

}  // namespace dimerlab::cli
