#pragma once
// The update rate an estimate of ln Z will run at on this machine and graph, measured just before
// it starts: the input of the time projection (estimate_cost.hpp) that the app's panel and
// `count --epsilon` show before a long estimate.
#include <functional>

#include "graph/graph.hpp"

namespace dimerlab {

// Chain updates per second of the whole estimate: a single-thread Glauber run at λ timed for about
// `seconds` (stopped early when `cancelled` returns true), times the `threads` the estimate runs.
double calibrate_update_rate(const Graph& g, double lambda, double seconds, unsigned threads,
                             const std::function<bool()>& cancelled = {});

}  // namespace dimerlab
