#include "parallel/jacobi_block.hpp"

#include <atomic>
#include <chrono>
#include <stdexcept>

#include "model/matching_constants.hpp"
#include "parallel/jacobi_steps.hpp"
#include "parallel/parallel_scan.hpp"

namespace dimerlab {
namespace {

// Adds the seconds since the last call (or construction) to `into`.
class PhaseClock {
  public:
    void lap(double& into) {
        const auto now = std::chrono::steady_clock::now();
        into += std::chrono::duration<double>(now - last_).count();
        last_ = now;
    }
    void restart() { last_ = std::chrono::steady_clock::now(); }

  private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

JacobiBlockStats JacobiBlockSolver::run(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                        std::uint64_t count, std::uint64_t threshold,
                                        std::span<std::uint8_t> occupied, std::span<std::uint32_t> mate,
                                        std::vector<std::uint8_t>* x_out) {
    if (count > kMaxJacobiBlock) throw std::invalid_argument("Jacobi block larger than kMaxJacobiBlock");
    if (occupied.size() != g.num_edges() || mate.size() != g.num_vertices())
        throw std::invalid_argument("Jacobi block: state sizes do not match the graph");
    JacobiBlockStats stats;
    stats.updates = count;
    if (x_out) x_out->clear();
    if (count == 0) return stats;

    PhaseClock clock;
    build_slots(g, seed, t_begin, static_cast<std::uint32_t>(count), threshold, occupied);
    parallel_select_indices(
        pool_, num_virtual_, num_slots_, [&](std::uint32_t s) { return value_[s] == kJacobiUnknown; },
        undetermined_);
    clock.lap(phase_seconds_.setup);
    build_events(g);
    stats.virtual_updates = num_virtual_;
    stats.live = undetermined_.size();
    stats.rounds = run_rounds(g, stats.work);  // both time themselves
    clock.restart();
    stats.dimer_change = write_final(g, occupied, mate);
    clock.lap(phase_seconds_.finish);
    if (x_out) x_out->assign(value_.begin() + num_virtual_, value_.end());
    return stats;
}

void JacobiBlockSolver::build_slots(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                    std::uint32_t count, std::uint64_t threshold,
                                    std::span<const std::uint8_t> occupied) {
    // Virtual slots come first and in edge order; with the tape slots after them in time order,
    // slot order is time order, which the stable sorts below rely on.
    parallel_select_indices(
        pool_, 0, g.num_edges(), [&](std::uint32_t e) { return occupied[e] != 0; }, next_undetermined_);
    num_virtual_ = static_cast<std::uint32_t>(next_undetermined_.size());
    num_slots_ = num_virtual_ + count;
    slot_edge_.resize(num_slots_);
    value_.resize(num_slots_);
    pool_.for_chunks(num_virtual_, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t s = begin; s < end; ++s) {
            slot_edge_[s] = next_undetermined_[s];
            value_[s] = kJacobiOne;
        }
    });
    const std::uint32_t m = g.num_edges();
    pool_.for_chunks(count, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const JacobiSlotInit init = jacobi_tape_slot(seed, t_begin + i, m, threshold);
            slot_edge_[num_virtual_ + i] = init.edge;
            value_[num_virtual_ + i] = init.value;
        }
    });
}

void JacobiBlockSolver::build_events(const Graph& g) {
    PhaseClock clock;
    const Edge* edges = g.edges().data();
    // nxt per slot from the slots grouped by edge (science.md §2.3 step 2).
    stable_counting_sort(
        pool_, num_slots_, g.num_edges(), [&](std::uint32_t s) { return slot_edge_[s]; }, edge_order_,
        edge_offsets_, sort_buffers_);
    slot_nxt_.resize(num_slots_);
    pool_.for_chunks(num_slots_, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t pos = begin; pos < end; ++pos) {
            const std::uint32_t s = edge_order_[pos];
            const bool same_edge_follows = pos + 1 < edge_offsets_[slot_edge_[s] + 1];
            slot_nxt_[s] = jacobi_next_time(same_edge_follows, same_edge_follows ? edge_order_[pos + 1] : 0,
                                            num_virtual_);
        }
    });
    clock.lap(phase_seconds_.edge_sort);
    // Events grouped by vertex, each group in time order (step 1).
    const std::uint32_t num_events = 2 * num_slots_;
    stable_counting_sort(
        pool_, num_events, g.num_vertices(),
        [&](std::uint32_t k) {
            const Edge& e = edges[slot_edge_[k >> 1]];
            return (k & 1) ? e.v : e.u;
        },
        event_order_, vertex_offsets_, sort_buffers_);
    event_pos_.resize(num_events);
    event_nxt_.resize(num_events);
    prefix_.resize(num_events);
    pool_.for_chunks(num_events, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t pos = begin; pos < end; ++pos) {
            const std::uint32_t k = event_order_[pos];
            event_pos_[k] = static_cast<std::uint32_t>(pos);
            event_nxt_[pos] = slot_nxt_[k >> 1];
        }
    });
    clock.lap(phase_seconds_.event_sort);
}

std::uint32_t JacobiBlockSolver::run_rounds(const Graph& g, std::uint64_t& work) {
    const Edge* edges = g.edges().data();
    const std::uint32_t n = g.num_vertices();
    vertex_round_.assign(n, 0);
    // Only vertices with an undetermined event need their scan redone: elsewhere nobody reads
    // the prefix maxima. The decision pass marks them for the next round as it goes.
    const auto mark = [&](std::uint32_t s, std::uint32_t r) {
        const Edge& e = edges[slot_edge_[s]];
        std::atomic_ref<std::uint32_t>(vertex_round_[e.u]).store(r, std::memory_order_relaxed);
        std::atomic_ref<std::uint32_t>(vertex_round_[e.v]).store(r, std::memory_order_relaxed);
    };
    pool_.for_chunks(undetermined_.size(), [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) mark(undetermined_[i], 1);
    });
    std::uint32_t round = 0;
    PhaseClock clock;
    clock.lap(phase_seconds_.decide);
    while (!undetermined_.empty()) {
        ++round;
        work += undetermined_.size();
        // Segmented exclusive prefix-max scan (step 3 + 4); reads only last round's Y values.
        pool_.for_chunks(
            n,
            [&](unsigned, std::size_t begin, std::size_t end) {
                for (std::size_t v = begin; v < end; ++v) {
                    if (vertex_round_[v] != round) continue;
                    std::uint64_t run = 0;
                    for (std::uint32_t pos = vertex_offsets_[v]; pos < vertex_offsets_[v + 1]; ++pos) {
                        prefix_[pos] = run;
                        run = jacobi_bounds_max(
                            run, jacobi_event_bounds(value_[event_order_[pos] >> 1], event_nxt_[pos]));
                    }
                }
            },
            256);
        clock.lap(phase_seconds_.scan);
        // Decide (step 5) and keep the still-undetermined (step 6) in one pass; the decision
        // reads only prefix maxima, so writing Y here cannot leak into this round.
        parallel_compact(
            pool_, undetermined_, next_undetermined_,
            [&](std::uint32_t s) {
                const std::uint8_t y =
                    jacobi_decide(jacobi_slot_time(s, num_virtual_), prefix_[event_pos_[2 * s]],
                                  prefix_[event_pos_[2 * s + 1]]);
                value_[s] = y;
                if (y != kJacobiUnknown) return false;
                mark(s, round + 1);
                return true;
            },
            flags_);
        undetermined_.swap(next_undetermined_);
        clock.lap(phase_seconds_.decide);
        // Each round determines at least the earliest undetermined update, so this cannot trigger
        // unless the logic is broken; better a clear error than an endless loop.
        if (round > num_slots_) throw std::logic_error("Jacobi rounds did not converge");
    }
    return round;
}

std::int64_t JacobiBlockSolver::write_final(const Graph& g, std::span<std::uint8_t> occupied,
                                            std::span<std::uint32_t> mate) {
    const Edge* edges = g.edges().data();
    const std::uint32_t m = g.num_edges();
    // The last slot of each edge decides whether it is in M_T (untouched edges keep their state;
    // M_0 edges always have their virtual slot). Removals first, then additions: each phase
    // touches the endpoints of a matching's edges only, so no two writes collide.
    const auto final_value = [&](std::uint32_t e) {
        return value_[edge_order_[edge_offsets_[e + 1] - 1]] == kJacobiOne;
    };
    pool_.for_chunks(m, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t e = begin; e < end; ++e) {
            if (!occupied[e] || edge_offsets_[e] == edge_offsets_[e + 1]) continue;
            if (!final_value(static_cast<std::uint32_t>(e))) {
                mate[edges[e].u] = kNoMate;
                mate[edges[e].v] = kNoMate;
            }
        }
    });
    const unsigned parts = pool_.parts_for(m, 2048);
    std::vector<std::int64_t> change(parts, 0);
    pool_.run_parts(m, parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::int64_t delta = 0;
        for (std::size_t e = begin; e < end; ++e) {
            if (edge_offsets_[e] == edge_offsets_[e + 1]) continue;
            const bool now = final_value(static_cast<std::uint32_t>(e));
            if (now == (occupied[e] != 0)) continue;
            occupied[e] = now;
            if (now) {
                mate[edges[e].u] = edges[e].v;
                mate[edges[e].v] = edges[e].u;
                ++delta;
            } else {
                --delta;
            }
        }
        change[p] = delta;
    });
    std::int64_t total = 0;
    for (std::int64_t d : change) total += d;
    return total;
}

}  // namespace dimerlab
