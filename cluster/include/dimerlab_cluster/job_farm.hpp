#pragma once
// Master/worker farming of independent jobs over the ranks of world(). Rank 0 hands out job
// indices one at a time as workers report back (dynamic balancing) and runs jobs itself on a
// second thread, so P ranks keep P cores busy; it receives every result, in whatever order they
// finish. A job's result must depend on its index only: then the gathered table is the same for
// every number of ranks.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace dimerlab::cluster {

struct FarmResult {
    std::uint64_t job = 0;
    int rank = 0;
    std::string bytes;
};

// Runs on every rank of the world, collectively. `pending` (read on rank 0 only) lists the jobs
// to run; `run` computes one job on whichever rank got it; `on_result` is called on rank 0's
// calling thread, once per job, as results arrive. An exception in `run` or `on_result` ends the
// whole run: on one rank it is rethrown; across ranks it aborts every rank after printing it.
void farm_jobs(const std::vector<std::uint64_t>& pending,
               const std::function<std::string(std::uint64_t job)>& run,
               const std::function<void(const FarmResult&)>& on_result);

}  // namespace dimerlab::cluster
