#pragma once
// One tape block by Algorithm A on CPU threads (docs/algorithms.md §3.2), in the gather form of §3.3: the
// block's events are sorted by vertex once (a counting sort fused with the tape draw), then every
// round walks the event lists of the vertices that still have an undetermined update
// (parallel/jacobi_gather_steps.hpp), decides those updates and compacts them. The rounds are
// Jacobi rounds with the same decisions as the segmented max-scans, so rounds and work equal the
// depth oracle's, and the result equals the sequential heat-bath trajectory bit for bit
// (docs/algorithms.md §3.4).
#include <cstdint>
#include <span>
#include <vector>

#include "graph/graph.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "parallel/counting_sort.hpp"
#include "parallel/jacobi_block_stats.hpp"
#include "parallel/jacobi_round_observer.hpp"
#include "parallel/thread_pool.hpp"

namespace dimerlab {

// Wall-clock seconds per phase, summed over every block a solver has run: where cpu-parallel's
// time goes (bench_parallel prints it). Two clock reads per phase and round, nothing per update.
struct JacobiPhaseSeconds {
    double tape = 0;    // tape draws (Philox), endpoints, vertex histogram; M_0's edge per vertex
    double sort = 0;    // histogram to offsets, events scattered into per-vertex lists
    double gather = 0;  // rounds: vertex walks (all vertices in round 1)
    double decide = 0;  // rounds: decisions + compaction
    double finish = 0;  // the block's final matching
    double total() const { return tape + sort + gather + decide + finish; }
};

// Holds the scratch buffers of the rounds, reused from block to block. Tape update t_begin + i of
// a block is slot i, at block time i + 1; M_0 enters as each vertex's initial view (its virtual
// update at time 0) rather than as slots.
class JacobiBlockSolver {
  public:
    explicit JacobiBlockSolver(ThreadPool& pool) : pool_(pool) {}

    // Runs tape updates [t_begin, t_begin + count) at the given heat-bath thresholds (one per edge on
    // a weighted graph; the coin is the only place weights enter Algorithm A) from the
    // matching given twice: `occupied` (one flag per edge) and `mate` (one entry per vertex);
    // both are updated in place to M_T. count <= kMaxJacobiBlock, g.num_edges() < kJacobiMaxEdges.
    // With x_out, also returns X_t = 1[e_t in M_t] for each update of the block; with observer,
    // shows every round (both for tests).
    JacobiBlockStats run(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         const HeatBathThresholds& thresholds, std::span<std::uint8_t> occupied,
                         std::span<std::uint32_t> mate, std::vector<std::uint8_t>* x_out = nullptr,
                         const JacobiRoundObserver& observer = {});

    const JacobiPhaseSeconds& phase_seconds() const { return phase_seconds_; }

  private:
    struct Slot {
        std::uint32_t edge, u, v;
    };
    void prepare_scratch(const Graph& g);
    std::uint32_t draw_tape(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                            const HeatBathThresholds& thresholds, std::span<const std::uint8_t> occupied,
                            std::uint64_t& live);
    void sort_events();
    template <bool kFirstRound>
    void walk_vertex(std::uint32_t w);
    void walk_marked(std::uint32_t epoch);
    void first_decide(std::uint32_t next_epoch);
    void later_decide(std::uint32_t next_epoch);
    void show_round(std::uint32_t round, const JacobiRoundObserver& observer);
    std::int64_t write_final(const Graph& g, std::span<std::uint8_t> occupied, std::span<std::uint32_t> mate);

    ThreadPool& pool_;
    std::uint32_t num_slots_ = 0;
    const Edge* edges_ = nullptr;
    // Per slot.
    std::vector<Slot> slots_;
    std::vector<std::uint8_t> live_;        // the coin said "occupied"
    std::vector<std::uint32_t> event_pos_;  // 2i + side: where slot i's event sits in records_
    // Per event, grouped by vertex, each vertex's events in time order.
    std::vector<std::uint32_t> records_;  // jacobi_event_record
    std::vector<std::uint8_t> state_;     // jacobi_event_state
    std::vector<std::uint32_t> vertex_offsets_;
    // Per vertex and per (edge, side).
    std::vector<std::uint32_t> dimer_view_;    // (edge, side) index of M_0's edge at the vertex, or none
    std::vector<std::uint32_t> vertex_epoch_;  // the round (counted across blocks) the vertex is walked in
    std::vector<std::uint8_t> last_value_;     // the walks' views; all 0 between walks
    std::uint32_t epoch_ = 0;
    bool scratch_clean_ = true;
    std::vector<std::uint32_t> undetermined_, next_undetermined_;
    std::vector<std::uint8_t> flags_;
    CountingSortRows rows_;
    JacobiPhaseSeconds phase_seconds_;
};

}  // namespace dimerlab
