// dimerlab-cli sweep: many independent chains (graph × λ × seed), farmed over the ranks of an
// MPI run (cluster/) or run on one process, gathered by rank 0 into one table. Every rank parses
// and validates the same options, and the outcomes are gathered before any work, so bad input on
// any rank stops every rank alike; only rank 0 reads the checkpoint and writes files, and main()
// lets only rank 0 print the error line.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "command.hpp"
#include "dimerlab_cluster/job_farm.hpp"
#include "dimerlab_cluster/world.hpp"
#include "progress/progress_line.hpp"
#include "ranks/rank_validation.hpp"
#include "sweep/sweep_checkpoint.hpp"
#include "sweep/sweep_job.hpp"
#include "sweep/sweep_plan.hpp"
#include "sweep/sweep_plots.hpp"
#include "sweep/sweep_table.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

// Jobs done out of the total and the time left at the rate of this run's own jobs, on the lead
// rank's stderr (a terminal, or with --progress: mpirun hands its ranks a pipe for stderr even when
// it runs on a terminal itself).
class SweepProgress {
  public:
    SweepProgress(bool forced, bool lead, std::uint64_t total, std::uint64_t done)
        : line_(forced, lead), total_(total), done_(done), resumed_(done) {}
    void job_done() {
        ++done_;
        const bool last = done_ >= total_;
        if (!line_.due(last)) return;
        const double run_fraction =
            total_ > resumed_ ? double(done_ - resumed_) / double(total_ - resumed_) : 1.0;
        line_.show("progress: " + std::to_string(done_) + "/" + std::to_string(total_) + " jobs" +
                       time_left_text(run_fraction, line_.elapsed()),
                   last);
    }
    void finish() { line_.finish(); }

  private:
    ProgressLine line_;
    std::uint64_t total_, done_, resumed_;
};

void require_folder_of(const std::string& path, const char* what) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
        throw InputError(std::string(what) + " '" + path + "': folder '" + parent.string() +
                         "' does not exist");
}

// Test-only: DIMERLAB_TEST_ONLY_KILL_RANK=R makes rank R (not 0) kill itself with SIGKILL when
// it is handed its second job, as a rank that dies midway; the mpi tests use it to check that
// mpirun stops the whole job and that the checkpoint resumes to the same table.
void test_only_kill_rank_if_asked(int rank, std::uint64_t jobs_here) {
    static const char* const victim = std::getenv("DIMERLAB_TEST_ONLY_KILL_RANK");
    if (victim == nullptr || rank == 0 || std::to_string(rank) != victim || jobs_here < 1) return;
    ::kill(::getpid(), SIGKILL);
}

int run_sweep(const SweepRequest& request) {
    cluster::World& world = cluster::world();
    const auto t0 = std::chrono::steady_clock::now();

    // Each rank validates the inputs itself; what only rank 0 looks at (the files) is judged
    // there. Nothing runs until every rank has passed.
    std::optional<SweepPlan> plan_storage;
    std::optional<SweepCheckpoint> checkpoint;
    validate_on_every_rank([&] {
        plan_storage.emplace(request);
        if (!world.is_lead()) return;
        require_folder_of(request.out, "--out");
        if (!request.plot_svg.empty()) require_folder_of(request.plot_svg + "density.svg", "--plot-svg");
        if (!request.checkpoint.empty()) {
            require_folder_of(request.checkpoint, "--checkpoint");
            checkpoint.emplace(request.checkpoint, plan_storage->inputs(), plan_storage->job_count());
        }
    });
    const SweepPlan& plan = *plan_storage;
    if (world.is_lead()) {
        for (const Graph& g : plan.graphs()) print_graph_notices(g);
    }

    std::map<std::uint64_t, nlohmann::ordered_json> rows;
    std::vector<std::uint64_t> pending;
    if (world.is_lead()) {
        if (checkpoint) rows = checkpoint->rows();
        for (std::uint64_t j = 0; j < plan.job_count(); ++j) {
            if (!rows.contains(j)) pending.push_back(j);
        }
    }
    const std::uint64_t resumed = rows.size();
    SweepProgress progress(request.progress, world.is_lead(), plan.job_count(), resumed);
    SweepJobRunner runner(plan);
    std::atomic<std::uint64_t> jobs_here{0};
    cluster::farm_jobs(
        pending,
        [&](std::uint64_t job) {
            test_only_kill_rank_if_asked(world.rank(), jobs_here++);
            return runner.run(job).dump();
        },
        [&](const cluster::FarmResult& r) {
            nlohmann::ordered_json row = nlohmann::ordered_json::parse(r.bytes);
            row["rank"] = r.rank;
            if (checkpoint) checkpoint->record(row);
            rows[r.job] = std::move(row);
            progress.job_done();
        });
    progress.finish();
    if (!world.is_lead()) return 0;

    std::vector<nlohmann::ordered_json> table;
    table.reserve(rows.size());
    for (auto& [job, row] : rows) table.push_back(std::move(row));
    SweepMetadata meta{command_line(), world.size(), cluster::transport_name(), plan.inputs()};
    if (!request.plot_svg.empty()) write_sweep_plots(request.plot_svg, plan, table);
    write_file_atomically(request.out, sweep_table_text(request.out, plan.columns(), table, meta));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "sweep: " << table.size() << " jobs (" << resumed << " from the checkpoint) on "
              << world.size() << (world.size() == 1 ? " rank" : " ranks") << " in " << seconds
              << " s; table in " << request.out << "\n";
    return 0;
}

}  // namespace

CommandAction add_sweep_command(CLI::App& app) {
    auto req = std::make_shared<SweepRequest>();
    CLI::App* sub = app.add_subcommand(
        "sweep",
        "Independent chains over graphs x lambdas x seeds, spread over MPI ranks (mpirun -np P), one table");
    sub->add_option("--graph", req->graphs, "Graph spec (repeatable)");
    sub->add_option("--lambda", req->lambda_text,
                    "List (0.5,1,2) or range: START:STOP:STEP linear, START:STOP:xFACTOR geometric")
        ->capture_default_str();
    sub->add_option("--seeds", req->seeds, "Independent chains per (graph, lambda)")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--seed", req->seed,
                    "Base seed; each job's tape seed derives from it and the job's number")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--sweeps", req->sweeps, "Measured sweeps per job (1 sweep = m updates)")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--burn-in", req->burn_in, "Sweeps before measuring (default: a tenth of --sweeps)")
        ->check(non_negative_integer());
    sub->add_option("--measure", req->measure_text,
                    "Comma list of density, imbalance, tau, exact (small graphs), logz (estimate of ln Z)")
        ->capture_default_str();
    sub->add_option("--epsilon", req->epsilon, "logz: half-width of the interval on ln Z")
        ->capture_default_str();
    sub->add_option("--out", req->out, "The table: FILE.csv or FILE.json (written by rank 0, atomically)");
    sub->add_option("--checkpoint", req->checkpoint,
                    "Record each finished job here; a restarted identical command skips them");
    sub->add_option("--plot-svg", req->plot_svg,
                    "Write PREFIXdensity.svg (with the exact value where known) and PREFIXtau.svg");
    sub->add_flag("--progress", req->progress,
                  "Progress lines on stderr even when it is not a terminal (under mpirun it never is)");
    return [req]() { return run_sweep(*req); };
}

}  // namespace dimerlab::cli
