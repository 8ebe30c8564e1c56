#pragma once
// One tape block by Algorithm A on CPU threads (science.md §2.3): pre-processing (slots,
// events sorted by vertex, nxt per slot), three-valued Jacobi rounds with segmented exclusive
// prefix-max scans and compaction of undetermined updates, then the block's final matching.
// The result equals the sequential heat-bath trajectory bit for bit (science.md §2.4).
#include <cstdint>
#include <span>
#include <vector>

#include "graph/graph.hpp"
#include "parallel/counting_sort.hpp"
#include "parallel/jacobi_block_stats.hpp"
#include "parallel/thread_pool.hpp"

namespace dimerlab {

// Wall-clock seconds per phase, summed over every block a solver has run: where cpu-parallel's
// time goes (bench_parallel prints it). Two clock reads per phase and round, nothing per update.
struct JacobiPhaseSeconds {
    double setup = 0;       // virtual and tape slots (Philox draws), live selection
    double edge_sort = 0;   // slots by edge, nxt per slot
    double event_sort = 0;  // events by vertex, their positions and nxt
    double scan = 0;        // rounds: segmented prefix-max scans
    double decide = 0;      // rounds: decisions + compaction
    double finish = 0;      // the block's final matching
    double total() const { return setup + edge_sort + event_sort + scan + decide + finish; }
};

// Holds the scratch buffers of the rounds, reused from block to block.
class JacobiBlockSolver {
  public:
    explicit JacobiBlockSolver(ThreadPool& pool) : pool_(pool) {}

    // Runs tape updates [t_begin, t_begin + count) at the given heat-bath threshold from the
    // matching given twice: `occupied` (one flag per edge) and `mate` (one entry per vertex);
    // both are updated in place to M_T. count <= kMaxJacobiBlock. With x_out, also returns
    // X_t = 1[e_t in M_t] for each update of the block (for tests).
    JacobiBlockStats run(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         std::uint64_t threshold, std::span<std::uint8_t> occupied,
                         std::span<std::uint32_t> mate, std::vector<std::uint8_t>* x_out = nullptr);

    const JacobiPhaseSeconds& phase_seconds() const { return phase_seconds_; }

  private:
    void build_slots(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint32_t count,
                     std::uint64_t threshold, std::span<const std::uint8_t> occupied);
    void build_events(const Graph& g);
    std::uint32_t run_rounds(const Graph& g, std::uint64_t& work);
    std::int64_t write_final(const Graph& g, std::span<std::uint8_t> occupied, std::span<std::uint32_t> mate);

    ThreadPool& pool_;
    std::uint32_t num_virtual_ = 0, num_slots_ = 0;
    std::vector<std::uint32_t> slot_edge_;   // edge of each slot
    std::vector<std::uint8_t> value_;        // Y of each slot
    std::vector<std::uint32_t> slot_nxt_;    // nxt(s): the block time of the next slot of the same edge
    std::vector<std::uint32_t> edge_order_;  // slots sorted by edge, time order kept
    std::vector<std::uint32_t> edge_offsets_;
    std::vector<std::uint32_t> event_order_;  // events 2s+side sorted by vertex, time order kept
    std::vector<std::uint32_t> vertex_offsets_;
    std::vector<std::uint32_t> event_pos_;  // position of event 2s+side in event_order_
    std::vector<std::uint32_t> event_nxt_;  // nxt of the event's slot, by sorted position
    std::vector<std::uint64_t> prefix_;     // exclusive prefix max of packed (a, b), by position
    std::vector<std::uint32_t> undetermined_, next_undetermined_;
    std::vector<std::uint32_t> vertex_round_;  // last round in which the vertex had an undetermined event
    std::vector<std::uint8_t> flags_;
    CountingSortBuffers sort_buffers_;
    JacobiPhaseSeconds phase_seconds_;
};

}  // namespace dimerlab
