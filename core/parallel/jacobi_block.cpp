#include "parallel/jacobi_block.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>

#include "model/matching_constants.hpp"
#include "model/update_tape.hpp"
#include "parallel/jacobi_gather_steps.hpp"
#include "parallel/jacobi_steps.hpp"
#include "parallel/parallel_scan.hpp"
#include "parallel/tape_batch.hpp"

namespace dimerlab {
namespace {

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr std::uint32_t kUnchanged = 0xfffffffeu;  // not an edge id (those stay below 2^30)

// Adds the seconds since the last call (or construction) to `into`.
class PhaseClock {
  public:
    void lap(double& into) {
        const auto now = std::chrono::steady_clock::now();
        into += std::chrono::duration<double>(now - last_).count();
        last_ = now;
    }

  private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

JacobiBlockStats JacobiBlockSolver::run(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                        std::uint64_t count, const HeatBathThresholds& thresholds,
                                        std::span<std::uint8_t> occupied, std::span<std::uint32_t> mate,
                                        std::vector<std::uint8_t>* x_out,
                                        const JacobiRoundObserver& observer) {
    if (count > kMaxJacobiBlock) throw std::invalid_argument("Jacobi block larger than kMaxJacobiBlock");
    if (occupied.size() != g.num_edges() || mate.size() != g.num_vertices())
        throw std::invalid_argument("Jacobi block: state sizes do not match the graph");
    if (g.num_edges() >= kJacobiMaxEdges) throw std::invalid_argument("Jacobi block: too many edges");
    JacobiBlockStats stats;
    stats.updates = count;
    if (x_out) x_out->clear();
    if (count == 0 || g.num_edges() == 0) return stats;  // no edge: the tape names none

    PhaseClock clock;
    edges_ = g.edges().data();
    num_slots_ = static_cast<std::uint32_t>(count);
    prepare_scratch(g);
    stats.virtual_updates = draw_tape(g, seed, t_begin, thresholds, occupied, stats.live);
    clock.lap(phase_seconds_.tape);
    sort_events();
    clock.lap(phase_seconds_.sort);
    if (observer) {
        std::vector<std::uint8_t> before(num_slots_);
        for (std::uint32_t i = 0; i < num_slots_; ++i) before[i] = live_[i] ? kJacobiUnknown : kJacobiZero;
        observer(0, {}, before);
    }

    // Round 1 walks every vertex (every live update is undetermined); later rounds walk only the
    // endpoints of the still-undetermined updates.
    pool_.for_chunks(
        g.num_vertices(),
        [&](unsigned, std::size_t begin, std::size_t end) {
            for (std::size_t w = begin; w < end; ++w) walk_vertex<true>(static_cast<std::uint32_t>(w));
        },
        256);
    clock.lap(phase_seconds_.gather);
    std::uint32_t epoch = epoch_;
    if (stats.live > 0) {
        stats.rounds = 1;
        stats.work = stats.live;
        first_decide(epoch + 1);
        clock.lap(phase_seconds_.decide);
        show_round(stats.rounds, observer);
    }
    while (!undetermined_.empty()) {
        // Every round decides at least the earliest undetermined update, so all are decided within
        // as many rounds as there are live updates (progress_all_decided_within_live_slots in
        // verification/proofs/AlgorithmA.v): more means the code is not the proved algorithm, and
        // a clear error beats an endless loop.
        if (stats.rounds >= stats.live) throw std::logic_error("Jacobi rounds exceeded the proved bound");
        ++stats.rounds;
        stats.work += undetermined_.size();
        walk_marked(++epoch);
        clock.lap(phase_seconds_.gather);
        later_decide(epoch + 1);
        clock.lap(phase_seconds_.decide);
        show_round(stats.rounds, observer);
    }
    epoch_ = epoch + 1;
    stats.dimer_change = write_final(g, occupied, mate);
    scratch_clean_ = true;
    clock.lap(phase_seconds_.finish);
    if (x_out) {
        x_out->resize(num_slots_);
        for (std::uint32_t i = 0; i < num_slots_; ++i)
            (*x_out)[i] = jacobi_state_value(state_[event_pos_[2 * i]]);
    }
    return stats;
}

void JacobiBlockSolver::show_round(std::uint32_t round, const JacobiRoundObserver& observer) {
    if (!observer) return;
    // A slot's value sits in both its events; the u side is read, as x_out does.
    std::vector<std::uint8_t> values(num_slots_);
    for (std::uint32_t i = 0; i < num_slots_; ++i) values[i] = jacobi_state_value(state_[event_pos_[2 * i]]);
    observer(round, {}, values);
}

void JacobiBlockSolver::prepare_scratch(const Graph& g) {
    const std::size_t n = g.num_vertices(), m = g.num_edges();
    // The walks leave last_value_ all 0; only a block that threw half-way (or a new graph size)
    // needs it refilled.
    if (!scratch_clean_ || last_value_.size() != 2 * m) last_value_.assign(2 * m, kJacobiZero);
    // A block uses at most num_slots_ + 2 epochs: restart them before they could wrap.
    if (vertex_epoch_.size() != n || epoch_ > kNone - num_slots_ - 2) {
        vertex_epoch_.assign(n, 0);
        epoch_ = 0;
    }
    scratch_clean_ = false;
    dimer_view_.resize(n);
    slots_.resize(num_slots_);
    live_.resize(num_slots_);
    event_pos_.resize(2 * static_cast<std::size_t>(num_slots_));
    flags_.resize(num_slots_);
    undetermined_.clear();
}

std::uint32_t JacobiBlockSolver::draw_tape(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                           const HeatBathThresholds& thresholds,
                                           std::span<const std::uint8_t> occupied, std::uint64_t& live) {
    const std::uint32_t n = g.num_vertices(), m = g.num_edges();
    // M_0 as each vertex's dimer view: the virtual time-0 update a walk starts from.
    pool_.for_chunks(n, [&](unsigned, std::size_t begin, std::size_t end) {
        std::fill(dimer_view_.begin() + begin, dimer_view_.begin() + end, kNone);
    });
    const unsigned edge_parts = pool_.parts_for(m, 4096);
    std::vector<std::uint32_t> dimers(edge_parts, 0);
    pool_.run_parts(m, edge_parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint32_t here = 0;
        for (std::size_t e = begin; e < end; ++e) {
            if (!occupied[e]) continue;
            dimer_view_[edges_[e].u] = static_cast<std::uint32_t>(2 * e);
            dimer_view_[edges_[e].v] = static_cast<std::uint32_t>(2 * e + 1);
            ++here;
        }
        dimers[p] = here;
    });
    // The tape, drawn once per block (the rounds never redraw it), with the histogram of the
    // events by vertex (counting sort step 1) in the same pass. In batches: Philox for the whole
    // batch at once (tape_batch.hpp), the edges (prefetching their records), then the endpoints
    // (prefetching their counters), then the increments, so that the cache misses overlap.
    rows_.prepare(pool_, num_slots_, n, 1 << 14);
    std::vector<std::uint64_t> live_per_part(rows_.parts(), 0);
    pool_.run_parts(num_slots_, rows_.parts(), [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint32_t* row = rows_.row(p);
        std::fill(row, row + n, 0u);
        std::uint64_t here = 0;
        std::uint32_t w0[kTapeBatch], w1[kTapeBatch], w2[kTapeBatch];
        for (std::size_t b = begin; b < end; b += kTapeBatch) {
            const std::size_t e = std::min<std::size_t>(end, b + kTapeBatch);
            tape_words_batch(seed, t_begin + b, w0, w1, w2);
            for (std::size_t i = b; i < e; ++i) {
                const TapeWords w{w0[i - b], w1[i - b], w2[i - b], 0};
                const std::uint32_t edge = tape_edge(w, m);
                __builtin_prefetch(edges_ + edge, 0, 3);
                slots_[i].edge = edge;
                live_[i] = tape_coin_occupied(w, thresholds(edge));
                here += live_[i];
            }
            for (std::size_t i = b; i < e; ++i) {
                const Edge uv = edges_[slots_[i].edge];
                slots_[i].u = uv.u;
                slots_[i].v = uv.v;
                __builtin_prefetch(row + uv.u, 1, 3);
                __builtin_prefetch(row + uv.v, 1, 3);
            }
            for (std::size_t i = b; i < e; ++i) {
                ++row[slots_[i].u];
                ++row[slots_[i].v];
            }
        }
        live_per_part[p] = here;
    });
    live = 0;
    for (std::uint64_t l : live_per_part) live += l;
    std::uint32_t total = 0;
    for (std::uint32_t d : dimers) total += d;
    return total;
}

void JacobiBlockSolver::sort_events() {
    const std::uint64_t num_events = counting_sort_cursors(pool_, rows_, vertex_offsets_);
    records_.resize(num_events);
    state_.resize(num_events);
    pool_.run_parts(num_slots_, rows_.parts(), [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint32_t* row = rows_.row(p);
        constexpr std::size_t kAhead = 16;
        for (std::size_t i = begin; i < end; ++i) {
            if (i + kAhead < end) {
                __builtin_prefetch(&row[slots_[i + kAhead].u], 1);
                __builtin_prefetch(&row[slots_[i + kAhead].v], 1);
            }
            const Slot s = slots_[i];
            const std::uint32_t pu = row[s.u]++, pv = row[s.v]++;
            records_[pu] = jacobi_event_record(s.edge, 0, live_[i] != 0);
            records_[pv] = jacobi_event_record(s.edge, 1, live_[i] != 0);
            event_pos_[2 * i] = pu;
            event_pos_[2 * i + 1] = pv;
        }
    });
}

// Steps 3-4 at one vertex: writes the summary of each event whose update is undetermined, reading
// only the Y values of the last round. Touches only this vertex's events and its side of the
// (edge, side) views, so walks of different vertices never collide.
template <bool kFirstRound>
void JacobiBlockSolver::walk_vertex(std::uint32_t w) {
    const std::uint32_t begin = vertex_offsets_[w], end = vertex_offsets_[w + 1];
    if (begin == end) return;
    std::uint8_t* const last = last_value_.data();
    JacobiVertexView view;
    const std::uint32_t dimer = dimer_view_[w];
    if (dimer != kNone) {
        last[dimer] = kJacobiOne;
        view.ones = 1;
    }
    for (std::uint32_t pos = begin; pos < end; ++pos) {
        const std::uint32_t record = records_[pos];
        std::uint8_t& own = last[jacobi_record_edge_side(record)];
        std::uint8_t y;
        if constexpr (kFirstRound) {
            y = jacobi_record_live(record) ? kJacobiUnknown : kJacobiZero;
            state_[pos] = jacobi_event_state(y, y == kJacobiUnknown ? jacobi_view_summary(view, own) : 0);
        } else {
            y = jacobi_state_value(state_[pos]);
            if (y == kJacobiUnknown) state_[pos] = jacobi_event_state(y, jacobi_view_summary(view, own));
        }
        view = jacobi_view_replace(view, own, y);
        own = y;
    }
    for (std::uint32_t pos = begin; pos < end; ++pos)
        last[jacobi_record_edge_side(records_[pos])] = kJacobiZero;
    if (dimer != kNone) last[dimer] = kJacobiZero;
}

void JacobiBlockSolver::walk_marked(std::uint32_t epoch) {
    pool_.for_chunks(
        vertex_epoch_.size(),
        [&](unsigned, std::size_t begin, std::size_t end) {
            for (std::size_t w = begin; w < end; ++w)
                if (vertex_epoch_[w] == epoch) walk_vertex<false>(static_cast<std::uint32_t>(w));
        },
        1024);
}

namespace {

// Step 5 for slot i from its two events' states; writes Y into both (and clears the summaries).
inline std::uint8_t decide_slot(std::uint8_t* state, const std::uint32_t* event_pos, std::size_t i) {
    const std::uint32_t pu = event_pos[2 * i], pv = event_pos[2 * i + 1];
    const std::uint8_t y =
        jacobi_decide_gathered(jacobi_state_summary(state[pu]), jacobi_state_summary(state[pv]));
    state[pu] = state[pv] = jacobi_event_state(y, 0);
    return y;
}

void mark(std::vector<std::uint32_t>& vertex_epoch, std::uint32_t w, std::uint32_t epoch) {
    std::atomic_ref<std::uint32_t>(vertex_epoch[w]).store(epoch, std::memory_order_relaxed);
}

}  // namespace

void JacobiBlockSolver::first_decide(std::uint32_t next_epoch) {
    // Decide every live update, then list the still-undetermined ones in slot (time) order and
    // mark their endpoints for the next round's walks. A decision touches only its own events,
    // so writing Y here cannot leak into this round.
    const unsigned parts = pool_.parts_for(num_slots_, 4096);
    std::vector<std::size_t> offset(parts + 1, 0);
    pool_.run_parts(num_slots_, parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::size_t kept = 0;
        constexpr std::size_t kAhead = 16;
        for (std::size_t i = begin; i < end; ++i) {
            if (i + kAhead < end && live_[i + kAhead]) {
                __builtin_prefetch(state_.data() + event_pos_[2 * (i + kAhead)], 1);
                __builtin_prefetch(state_.data() + event_pos_[2 * (i + kAhead) + 1], 1);
            }
            bool keep = false;
            if (live_[i] && decide_slot(state_.data(), event_pos_.data(), i) == kJacobiUnknown) {
                keep = true;
                mark(vertex_epoch_, slots_[i].u, next_epoch);
                mark(vertex_epoch_, slots_[i].v, next_epoch);
            }
            flags_[i] = keep;
            kept += keep;
        }
        offset[p + 1] = kept;
    });
    for (unsigned p = 0; p < parts; ++p) offset[p + 1] += offset[p];
    undetermined_.resize(offset[parts]);
    pool_.run_parts(num_slots_, parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::size_t o = offset[p];
        for (std::size_t i = begin; i < end; ++i)
            if (flags_[i]) undetermined_[o++] = static_cast<std::uint32_t>(i);
    });
}

void JacobiBlockSolver::later_decide(std::uint32_t next_epoch) {
    parallel_compact(
        pool_, undetermined_, next_undetermined_,
        [&](std::uint32_t s) {
            if (decide_slot(state_.data(), event_pos_.data(), s) != kJacobiUnknown) return false;
            mark(vertex_epoch_, slots_[s].u, next_epoch);
            mark(vertex_epoch_, slots_[s].v, next_epoch);
            return true;
        },
        flags_);
    undetermined_.swap(next_undetermined_);
}

std::int64_t JacobiBlockSolver::write_final(const Graph& g, std::span<std::uint8_t> occupied,
                                            std::span<std::uint32_t> mate) {
    // Per vertex, the dimer covering it at the block's end: M_0's edge (its virtual update is a 1),
    // replaced by each update to 1 of an incident edge and dropped by an update to 0 of itself;
    // the matching constraint leaves at most one candidate at any time. Each vertex writes its own
    // mate and the flags of the edges whose u it is, so no two writes collide.
    const std::uint32_t n = g.num_vertices();
    const unsigned parts = pool_.parts_for(n, 2048);
    std::vector<std::int64_t> change(parts, 0);
    pool_.run_parts(n, parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::int64_t covered = 0;
        // In batches: the covers first (prefetching their edge records), then the mates.
        constexpr std::size_t kBatch = 32;
        std::uint32_t covers[kBatch];
        for (std::size_t b = begin; b < end; b += kBatch) {
            const std::size_t batch_end = std::min(end, b + kBatch);
            for (std::size_t w = b; w < batch_end; ++w) {
                const std::uint32_t first = vertex_offsets_[w], last = vertex_offsets_[w + 1];
                const std::uint32_t dimer = dimer_view_[w] == kNone ? kNone : dimer_view_[w] >> 1;
                std::uint32_t cover = dimer;
                for (std::uint32_t pos = first; pos < last; ++pos) {
                    const std::uint32_t record = records_[pos], edge = jacobi_record_edge(record);
                    const bool one = jacobi_state_value(state_[pos]) == kJacobiOne;
                    if (one)
                        cover = edge;
                    else if (edge == cover)
                        cover = kNone;
                    // In time order, so the edge's last update writes last.
                    if ((jacobi_record_edge_side(record) & 1) == 0) occupied[edge] = one;
                }
                covered += (cover != kNone) - (dimer != kNone);
                covers[w - b] = cover == dimer ? kUnchanged : cover;
                if (cover != dimer && cover != kNone) __builtin_prefetch(edges_ + cover, 0, 3);
            }
            for (std::size_t w = b; w < batch_end; ++w) {
                const std::uint32_t cover = covers[w - b];
                if (cover == kUnchanged) continue;
                if (cover == kNone) {
                    mate[w] = kNoMate;
                } else {
                    const Edge e = edges_[cover];
                    mate[w] = e.u == w ? e.v : e.u;
                }
            }
        }
        change[p] = covered;
    });
    std::int64_t total = 0;
    for (std::int64_t d : change) total += d;
    return total / 2;
}

}  // namespace dimerlab
