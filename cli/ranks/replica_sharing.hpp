#pragma once
// count --epsilon under mpirun: each batch's replicas split over the ranks of world(), the runs
// exchanged through an all-gather so that every rank holds all of them (ReplicaSharing in core).
#include "counting/approx/approx_count.hpp"

namespace dimerlab::cli {

// One part per rank of world(); with one rank, the empty sharing (this process runs all).
ReplicaSharing replica_sharing_over_ranks();

}  // namespace dimerlab::cli
