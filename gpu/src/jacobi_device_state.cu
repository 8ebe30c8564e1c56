/** @file jacobi_device_state.cu
 *  @brief Device-resident Algorithm A for CudaJacobiSampler: the graph, the matching (mate and
 *  per-edge occupancy) and all scratch buffers are allocated once and stay on the device across
 *  blocks. Every kernel is a grid-stride loop over one step of core/parallel/jacobi_steps.hpp
 *  (the functions the CPU solver and its tests use); sorts, the segmented max-scan and compaction
 *  are CUB primitives, as in jacobi_block.cu. Per block only two counts cross PCIe per round
 *  (the undetermined count) plus the virtual count and the dimer count. */
#include <cuda_runtime.h>

#include <algorithm>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <memory>
#include <string>
#include <vector>

#include "cuda_support.cuh"
#include "device_coin_thresholds.cuh"
#include "dimerlab_gpu/device_state.hpp"
#include "model/matching.hpp"
#include "model/matching_constants.hpp"
#include "parallel/jacobi_steps.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

__global__ void iota_kernel(std::uint64_t n, std::uint32_t* out) {
    DIMERLAB_GRID_STRIDE(i, n) out[i] = static_cast<std::uint32_t>(i);
}

__global__ void occupancy_from_mate_kernel(const Edge* edges, const std::uint32_t* mate,
                                           std::uint32_t num_edges, std::uint8_t* occupied) {
    DIMERLAB_GRID_STRIDE(e, num_edges) occupied[e] = mate[edges[e].u] == edges[e].v;
}

__global__ void init_slots_kernel(const std::uint32_t* virtual_edges, std::uint32_t num_virtual,
                                  std::uint32_t num_slots, std::uint64_t seed, std::uint64_t t_begin,
                                  std::uint32_t num_edges, CoinThresholds thresholds,
                                  std::uint32_t* slot_edge, std::uint8_t* value) {
    DIMERLAB_GRID_STRIDE(s, num_slots) {
        if (s < num_virtual) {
            slot_edge[s] = virtual_edges[s];
            value[s] = kJacobiOne;
        } else {
            const JacobiSlotInit init =
                jacobi_tape_slot(seed, t_begin + (s - num_virtual), num_edges, thresholds);
            slot_edge[s] = init.edge;
            value[s] = init.value;
        }
    }
}

__global__ void event_keys_kernel(const Edge* edges, const std::uint32_t* slot_edge, std::uint32_t num_events,
                                  std::uint32_t* vertex) {
    DIMERLAB_GRID_STRIDE(k, num_events) {
        const Edge e = edges[slot_edge[k >> 1]];
        vertex[k] = (k & 1) ? e.v : e.u;
    }
}

__global__ void next_time_kernel(const std::uint32_t* sorted_edge, const std::uint32_t* edge_order,
                                 std::uint32_t num_slots, std::uint32_t num_virtual,
                                 std::uint32_t* slot_nxt) {
    DIMERLAB_GRID_STRIDE(pos, num_slots) {
        const bool same_edge_follows = pos + 1 < num_slots && sorted_edge[pos + 1] == sorted_edge[pos];
        slot_nxt[edge_order[pos]] =
            jacobi_next_time(same_edge_follows, same_edge_follows ? edge_order[pos + 1] : 0u, num_virtual);
    }
}

__global__ void event_gather_kernel(const std::uint32_t* event_order, const std::uint32_t* slot_nxt,
                                    std::uint32_t num_events, std::uint32_t* event_pos,
                                    std::uint32_t* event_nxt) {
    DIMERLAB_GRID_STRIDE(pos, num_events) {
        const std::uint32_t k = event_order[pos];
        event_pos[k] = static_cast<std::uint32_t>(pos);
        event_nxt[pos] = slot_nxt[k >> 1];
    }
}

__global__ void event_bounds_kernel(const std::uint32_t* event_order, const std::uint8_t* value,
                                    const std::uint32_t* event_nxt, std::uint32_t num_events,
                                    std::uint64_t* bounds) {
    DIMERLAB_GRID_STRIDE(pos, num_events)
    bounds[pos] = jacobi_event_bounds(value[event_order[pos] >> 1], event_nxt[pos]);
}

__global__ void decide_kernel(const std::uint32_t* undetermined, std::uint32_t count,
                              const std::uint32_t* event_pos, const std::uint64_t* prefix,
                              std::uint32_t num_virtual, std::uint8_t* value) {
    DIMERLAB_GRID_STRIDE(i, count) {
        const std::uint32_t s = undetermined[i];
        value[s] = jacobi_decide(jacobi_slot_time(s, num_virtual), prefix[event_pos[2 * s]],
                                 prefix[event_pos[2 * s + 1]]);
    }
}

// The last slot of each edge's run decides whether the edge is in M_T; edges without a slot
// keep their occupancy.
__global__ void final_edges_kernel(const std::uint32_t* sorted_edge, const std::uint32_t* edge_order,
                                   const std::uint8_t* value, std::uint32_t num_slots,
                                   std::uint8_t* occupied) {
    DIMERLAB_GRID_STRIDE(pos, num_slots) {
        if (pos + 1 == num_slots || sorted_edge[pos + 1] != sorted_edge[pos])
            occupied[sorted_edge[pos]] = value[edge_order[pos]] == kJacobiOne;
    }
}

// mate from occupancy (mate was cleared to kNoMate before), and |M| in *dimers.
__global__ void mate_from_edges_kernel(const Edge* edges, const std::uint8_t* occupied,
                                       std::uint32_t num_edges, std::uint32_t* mate,
                                       unsigned long long* dimers) {
    unsigned long long local = 0;
    DIMERLAB_GRID_STRIDE(e, num_edges) {
        if (occupied[e]) {
            mate[edges[e].u] = edges[e].v;
            mate[edges[e].v] = edges[e].u;
            ++local;
        }
    }
    if (local != 0) atomicAdd(dimers, local);
}

struct IsUndetermined {
    const std::uint8_t* value;
    __device__ bool operator()(std::uint32_t s) const { return value[s] == kJacobiUnknown; }
};

int key_bits(std::uint32_t num_keys) {
    int bits = 1;
    while (bits < 32 && (std::uint64_t{1} << bits) < num_keys) ++bits;
    return bits;
}

}  // namespace

struct JacobiDeviceState::Impl {
    std::uint32_t n = 0, m = 0;
    std::uint64_t max_slots = 0;
    std::uint32_t dimers = 0;
    DeviceBuffer<Edge> edges;
    DeviceBuffer<std::uint32_t> mate, edge_ids;
    DeviceBuffer<std::uint8_t> occupied;
    DeviceBuffer<std::uint32_t> virtual_edges, slot_edge, slot_nxt, sorted_edge, slot_ids, edge_order;
    DeviceBuffer<std::uint8_t> value;
    DeviceBuffer<std::uint32_t> vertex, sorted_vertex, event_ids, event_order, event_pos, event_nxt;
    DeviceBuffer<std::uint64_t> bounds, prefix;
    DeviceBuffer<std::uint32_t> und, und_next;
    DeviceBuffer<std::int64_t> num_selected;
    DeviceBuffer<unsigned long long> dimer_count;
    DeviceBuffer<unsigned char> temp;
    std::size_t temp_bytes = 0;
    std::unique_ptr<DeviceCoinThresholds> coins;

    // CUB's scratch size depends on the item counts: grown on demand, never shrunk.
    void reserve_temp(std::size_t need) {
        if (need <= temp_bytes) return;
        temp.allocate(need);
        temp_bytes = need;
    }

    // Every slot's value (virtual slots first) to the observer, if any.
    void show_round(std::uint32_t round, std::uint32_t num_virtual, std::uint64_t count,
                    const JacobiRoundObserver& observer) const {
        if (!observer) return;
        std::vector<std::uint8_t> values(num_virtual + count);
        check(cudaMemcpy(values.data(), value.ptr, values.size(), cudaMemcpyDeviceToHost), "copy round");
        const std::span<const std::uint8_t> all(values);
        observer(round, all.first(num_virtual), all.subspan(num_virtual));
    }

    std::int64_t read_selected() const {
        std::int64_t count = 0;
        check(cudaMemcpy(&count, num_selected.ptr, sizeof count, cudaMemcpyDeviceToHost), "read count");
        return count;
    }
};

JacobiDeviceState::JacobiDeviceState(const Graph& graph, std::span<const std::uint32_t> mate,
                                     std::uint64_t max_block)
    : impl_(std::make_unique<Impl>()) {
    Impl& d = *impl_;
    d.n = graph.num_vertices();
    d.m = graph.num_edges();
    if (mate.size() != d.n) throw InfeasibleError("device Jacobi state: mate size does not match the graph");
    // At most one virtual slot per dimer: min(m, n/2) of them.
    d.max_slots = std::min<std::uint64_t>(d.m, d.n / 2) + std::min(max_block, kMaxJacobiBlock);
    if (2 * d.max_slots >= (std::uint64_t{1} << 32))
        throw InfeasibleError("device Jacobi state: block too large for 32-bit event indices");
    const std::uint64_t slots = d.max_slots, events = 2 * d.max_slots;

    d.edges.allocate(d.m);
    d.mate.allocate(d.n);
    d.edge_ids.allocate(d.m);
    d.occupied.allocate(d.m);
    for (auto* a : {&d.virtual_edges, &d.slot_edge, &d.slot_nxt, &d.sorted_edge, &d.slot_ids, &d.edge_order})
        a->allocate(slots);
    d.value.allocate(slots);
    for (auto* a : {&d.vertex, &d.sorted_vertex, &d.event_ids, &d.event_order, &d.event_pos, &d.event_nxt})
        a->allocate(events);
    d.bounds.allocate(events);
    d.prefix.allocate(events);
    d.und.allocate(slots);
    d.und_next.allocate(slots);
    d.num_selected.allocate(1);
    d.dimer_count.allocate(1);

    check(cudaMemcpy(d.edges.ptr, graph.edges().data(), d.m * sizeof(Edge), cudaMemcpyHostToDevice),
          "copy edges");
    check(cudaMemcpy(d.mate.ptr, mate.data(), d.n * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "copy mate");
    d.coins = std::make_unique<DeviceCoinThresholds>(graph);
    // Identity sequences: inputs of the sorts and selections, which never modify their inputs.
    DIMERLAB_LAUNCH(iota_kernel, grid_for(d.m), kStrideThreads)(d.m, d.edge_ids.ptr);
    DIMERLAB_LAUNCH(iota_kernel, grid_for(slots), kStrideThreads)(slots, d.slot_ids.ptr);
    DIMERLAB_LAUNCH(iota_kernel, grid_for(events), kStrideThreads)(events, d.event_ids.ptr);
    DIMERLAB_LAUNCH(occupancy_from_mate_kernel, grid_for(d.m), kStrideThreads)
    (d.edges.ptr, d.mate.ptr, d.m, d.occupied.ptr);
    check(cudaGetLastError(), "init kernels");
    check(cudaDeviceSynchronize(), "init");
    d.dimers = count_dimers(mate);
}

JacobiDeviceState::~JacobiDeviceState() = default;

std::uint32_t JacobiDeviceState::dimers() const {
    return impl_->dimers;
}

const std::uint8_t* JacobiDeviceState::device_occupancy() const {
    return impl_->occupied.ptr;
}

void JacobiDeviceState::download_mate(std::span<std::uint32_t> mate) const {
    if (mate.size() != impl_->n)
        throw InfeasibleError("device Jacobi state: mate size does not match the graph");
    check(
        cudaMemcpy(mate.data(), impl_->mate.ptr, mate.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
        "copy mate back");
}

JacobiBlockStats JacobiDeviceState::run_block(std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                                              const HeatBathThresholds& thresholds,
                                              const JacobiRoundObserver& observer) {
    Impl& d = *impl_;
    JacobiBlockStats stats;
    stats.updates = count;
    if (count == 0) return stats;
    const CoinThresholds coins = d.coins->view(thresholds);

    // Virtual slots: the current dimers, in edge order (slot order must be time order for the
    // stable sorts below, and all virtual slots share time 0).
    std::size_t need = 0;
    check(cub::DeviceSelect::Flagged(nullptr, need, d.edge_ids.ptr, d.occupied.ptr, d.virtual_edges.ptr,
                                     d.num_selected.ptr, static_cast<std::int64_t>(d.m)),
          "select size");
    d.reserve_temp(need);
    check(cub::DeviceSelect::Flagged(d.temp.ptr, d.temp_bytes, d.edge_ids.ptr, d.occupied.ptr,
                                     d.virtual_edges.ptr, d.num_selected.ptr, static_cast<std::int64_t>(d.m)),
          "select dimers");
    const auto num_virtual = static_cast<std::uint32_t>(d.read_selected());
    const std::uint64_t slots64 = std::uint64_t{num_virtual} + count;
    if (slots64 > d.max_slots) throw InfeasibleError("device Jacobi state: block larger than its buffers");
    const auto num_slots = static_cast<std::uint32_t>(slots64);
    const std::uint32_t num_events = 2 * num_slots;
    stats.virtual_updates = num_virtual;

    check(cub::DeviceRadixSort::SortPairs(nullptr, need, d.slot_edge.ptr, d.sorted_edge.ptr, d.slot_ids.ptr,
                                          d.edge_order.ptr, num_slots, 0, key_bits(d.m)),
          "sort size");
    d.reserve_temp(need);
    check(cub::DeviceRadixSort::SortPairs(nullptr, need, d.vertex.ptr, d.sorted_vertex.ptr, d.event_ids.ptr,
                                          d.event_order.ptr, num_events, 0, key_bits(d.n)),
          "sort size");
    d.reserve_temp(need);
    check(cub::DeviceScan::ExclusiveScanByKey(nullptr, need, d.sorted_vertex.ptr, d.bounds.ptr, d.prefix.ptr,
                                              JacobiBoundsMax{}, std::uint64_t{0}, num_events),
          "scan size");
    d.reserve_temp(need);
    check(cub::DeviceSelect::If(nullptr, need, d.slot_ids.ptr, d.und.ptr, d.num_selected.ptr,
                                static_cast<std::int64_t>(num_slots), IsUndetermined{d.value.ptr}),
          "select size");
    d.reserve_temp(need);

    // Pre-processing (docs/algorithms.md §3.2 steps 1-2); both radix sorts are stable, so time order
    // survives within each edge's and each vertex's run.
    DIMERLAB_LAUNCH(init_slots_kernel, grid_for(num_slots), kStrideThreads)
    (d.virtual_edges.ptr, num_virtual, num_slots, seed, t_begin, d.m, coins, d.slot_edge.ptr, d.value.ptr);
    check(cudaGetLastError(), "slot kernel");
    check(cub::DeviceRadixSort::SortPairs(d.temp.ptr, d.temp_bytes, d.slot_edge.ptr, d.sorted_edge.ptr,
                                          d.slot_ids.ptr, d.edge_order.ptr, num_slots, 0, key_bits(d.m)),
          "sort slots by edge");
    DIMERLAB_LAUNCH(next_time_kernel, grid_for(num_slots), kStrideThreads)
    (d.sorted_edge.ptr, d.edge_order.ptr, num_slots, num_virtual, d.slot_nxt.ptr);
    DIMERLAB_LAUNCH(event_keys_kernel, grid_for(num_events), kStrideThreads)
    (d.edges.ptr, d.slot_edge.ptr, num_events, d.vertex.ptr);
    check(cudaGetLastError(), "event kernels");
    check(cub::DeviceRadixSort::SortPairs(d.temp.ptr, d.temp_bytes, d.vertex.ptr, d.sorted_vertex.ptr,
                                          d.event_ids.ptr, d.event_order.ptr, num_events, 0, key_bits(d.n)),
          "sort events by vertex");
    DIMERLAB_LAUNCH(event_gather_kernel, grid_for(num_events), kStrideThreads)
    (d.event_order.ptr, d.slot_nxt.ptr, num_events, d.event_pos.ptr, d.event_nxt.ptr);
    check(cudaGetLastError(), "gather kernel");

    // Live tape slots start undetermined (dead ones are 0, virtual ones 1).
    check(cub::DeviceSelect::If(d.temp.ptr, d.temp_bytes, d.slot_ids.ptr + num_virtual, d.und.ptr,
                                d.num_selected.ptr, static_cast<std::int64_t>(count),
                                IsUndetermined{d.value.ptr}),
          "select live");
    std::int64_t undetermined = d.read_selected();
    stats.live = static_cast<std::uint64_t>(undetermined);
    d.show_round(0, num_virtual, count, observer);

    while (undetermined > 0) {
        // All slots are decided within as many rounds as there are live ones
        // (progress_all_decided_within_live_slots, verification/proofs/AlgorithmA.v).
        if (stats.rounds >= stats.live)
            throw InfeasibleError("device Jacobi rounds exceeded the proved bound");
        ++stats.rounds;
        stats.work += static_cast<std::uint64_t>(undetermined);
        DIMERLAB_LAUNCH(event_bounds_kernel, grid_for(num_events), kStrideThreads)
        (d.event_order.ptr, d.value.ptr, d.event_nxt.ptr, num_events, d.bounds.ptr);
        check(cudaGetLastError(), "bounds kernel");
        check(cub::DeviceScan::ExclusiveScanByKey(d.temp.ptr, d.temp_bytes, d.sorted_vertex.ptr, d.bounds.ptr,
                                                  d.prefix.ptr, JacobiBoundsMax{}, std::uint64_t{0},
                                                  num_events),
              "segmented max-scan");
        DIMERLAB_LAUNCH(decide_kernel, grid_for(static_cast<std::uint64_t>(undetermined)), kStrideThreads)
        (d.und.ptr, static_cast<std::uint32_t>(undetermined), d.event_pos.ptr, d.prefix.ptr, num_virtual,
         d.value.ptr);
        check(cudaGetLastError(), "decide kernel");
        check(cub::DeviceSelect::If(d.temp.ptr, d.temp_bytes, d.und.ptr, d.und_next.ptr, d.num_selected.ptr,
                                    undetermined, IsUndetermined{d.value.ptr}),
              "compaction");
        undetermined = d.read_selected();
        std::swap(d.und.ptr, d.und_next.ptr);
        d.show_round(stats.rounds, num_virtual, count, observer);
    }

    DIMERLAB_LAUNCH(final_edges_kernel, grid_for(num_slots), kStrideThreads)
    (d.sorted_edge.ptr, d.edge_order.ptr, d.value.ptr, num_slots, d.occupied.ptr);
    check(cudaMemset(d.mate.ptr, 0xff, d.n * sizeof(std::uint32_t)), "clear mate");
    check(cudaMemset(d.dimer_count.ptr, 0, sizeof(unsigned long long)), "clear dimer count");
    DIMERLAB_LAUNCH(mate_from_edges_kernel, grid_for(d.m), kStrideThreads)
    (d.edges.ptr, d.occupied.ptr, d.m, d.mate.ptr, d.dimer_count.ptr);
    check(cudaGetLastError(), "final kernels");
    unsigned long long dimers = 0;
    check(cudaMemcpy(&dimers, d.dimer_count.ptr, sizeof dimers, cudaMemcpyDeviceToHost), "read dimer count");
    stats.dimer_change = static_cast<std::int64_t>(dimers) - static_cast<std::int64_t>(d.dimers);
    d.dimers = static_cast<std::uint32_t>(dimers);
    return stats;
}

}  // namespace dimerlab::gpu
